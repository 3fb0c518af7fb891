package io.inboxcheck.conform;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Decision;
import java.time.Instant;

/**
 * The named fields of one recorded line, whatever its format: a JSON object (JSON Lines) or a row
 * of named columns (CSV, a database table). Field names are the JSON Lines members of
 * docs/conform.md; each format says how it names a field in a message. An absent field and a null
 * one read alike, as null.
 */
interface LineFields {
  LinePosition position();

  /** How a message names {@code field}: {@code $.decision}, {@code column outcome (decision)}. */
  String label(String field);

  /** The field's text, or null; a value of another type is a {@link BadLine}. */
  String text(String field) throws BadLine;

  /** The field as a JSON value (a row's cell is read as JSON text), or null. */
  JsonValue json(String field) throws BadLine;

  /** The field as a whole number, or null. */
  Long integer(String field) throws BadLine;

  /** The field as a boolean, or null. */
  Boolean bool(String field) throws BadLine;

  /** The field as a UTC instant, or null. */
  Instant instant(String field) throws BadLine;

  /**
   * The recorded decision, or null when none is given: the protocol's {@code {"decision", "reason",
   * "restates"}} object in JSON, four columns in a row.
   */
  Decision decision() throws BadLine;

  /**
   * The envelope's text as received. JSON Lines may also give the envelope as an object, whose text
   * is then its canonical one.
   */
  default String envelopeText(String field) throws BadLine {
    return text(field);
  }

  default BadLine bad(String field, String problem) {
    return new BadLine(position(), field == null ? null : label(field), problem);
  }
}
