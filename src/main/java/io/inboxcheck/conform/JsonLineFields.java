package io.inboxcheck.conform;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Decision;
import java.time.Instant;

/** The fields of one JSON Lines line: the members of its object, named {@code $.member}. */
final class JsonLineFields implements LineFields {
  private final LinePosition position;
  private final JsonObject object;

  JsonLineFields(LinePosition position, JsonObject object) {
    this.position = position;
    this.object = object;
  }

  @Override
  public LinePosition position() {
    return position;
  }

  @Override
  public String label(String field) {
    return "$." + field;
  }

  @Override
  public JsonValue json(String field) {
    JsonValue value = object.members().get(field);
    return value instanceof JsonNull ? null : value;
  }

  @Override
  public String text(String field) throws BadLine {
    JsonValue value = json(field);
    if (value == null || value instanceof JsonString) {
      return value == null ? null : ((JsonString) value).value();
    }
    throw bad(field, "expected a string, found " + RecordedValues.shorten(value.canonicalText()));
  }

  @Override
  public String envelopeText(String field) throws BadLine {
    JsonValue value = json(field);
    return value instanceof JsonObject envelope ? envelope.canonicalText() : text(field);
  }

  @Override
  public Long integer(String field) throws BadLine {
    JsonValue value = json(field);
    if (value == null) {
      return null;
    }
    if (value instanceof JsonNumber number && number.value().scale() <= 0) {
      try {
        return number.value().longValueExact();
      } catch (ArithmeticException tooLarge) {
        throw bad(field, "a whole number out of range: " + number.text());
      }
    }
    throw bad(field, "expected a whole number, found " + value.canonicalText());
  }

  @Override
  public Boolean bool(String field) throws BadLine {
    JsonValue value = json(field);
    if (value == null || value instanceof JsonBoolean) {
      return value == null ? null : ((JsonBoolean) value).value();
    }
    throw bad(field, "expected true or false, found " + value.canonicalText());
  }

  @Override
  public Instant instant(String field) throws BadLine {
    String text = text(field);
    return text == null ? null : RecordedValues.instant(this, field, text);
  }

  @Override
  public Decision decision() throws BadLine {
    return decision("decision", json("decision"));
  }

  private Decision decision(String field, JsonValue value) throws BadLine {
    if (value == null) {
      return null;
    }
    if (!(value instanceof JsonObject decision)) {
      throw bad(
          field,
          "expected a decision object {\"decision\": \"APPLIED\", \"reason\": null, \"restates\":"
              + " null}");
    }
    JsonLineFields inner = new JsonLineFields(position, decision);
    String kind = inner.text("decision");
    if (kind == null) {
      throw bad(field, "the decision object names no decision");
    }
    Decision restates = decision(field, inner.json("restates"));
    return RecordedValues.decision(this, field, kind, inner.text("reason"), restates);
  }
}
