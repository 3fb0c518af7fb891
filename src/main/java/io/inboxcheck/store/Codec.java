package io.inboxcheck.store;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Turns model values into column values and back. Content is stored as canonical JSON text, the
 * form the model compares, so reading it back gives an equal value (docs/storage-boundary.md 3).
 */
final class Codec {
  // A body too deep for any reader is content as one string, its whole text (LargeBodies.content):
  // a stored string may be as long as the stored text.
  private static final StrictJson JSON =
      new StrictJson(JsonLimits.DEFAULT.withStringsAsLongAsTheInput());

  private Codec() {}

  static JsonValue json(String text) {
    try {
      return JSON.parse("database", text);
    } catch (InputRejected rejected) {
      throw new IllegalStateException("stored JSON no longer parses: " + rejected.getMessage());
    }
  }

  static Envelope envelope(String canonical, String rawText) {
    return new Envelope(json(canonical), rawText);
  }

  /** The delivered spelling, or null when only the value is known. */
  static String rawText(Envelope envelope) {
    return envelope.rawText();
  }

  static String card(Card card) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("version", JsonNumber.of(card.version()));
    members.put("state", card.state());
    members.put("paused", card.paused() ? JsonBoolean.TRUE : JsonBoolean.FALSE);
    return new JsonObject(members).canonicalText();
  }

  static Card card(String text) {
    if (text == null) {
      return null;
    }
    JsonObject object = (JsonObject) json(text);
    long version = ((JsonNumber) object.get("version").orElseThrow()).value().longValueExact();
    JsonObject state = (JsonObject) object.get("state").orElseThrow();
    boolean paused = JsonBoolean.TRUE.equals(object.get("paused").orElseThrow());
    return new Card(version, state, paused);
  }

  static String names(List<String> names) {
    List<JsonValue> elements = new ArrayList<>();
    names.forEach(name -> elements.add(new JsonString(name)));
    return new JsonArray(elements).canonicalText();
  }

  static List<String> names(String text) {
    List<String> names = new ArrayList<>();
    for (JsonValue element : ((JsonArray) json(text)).elements()) {
      names.add(((JsonString) element).value());
    }
    return names;
  }

  static String reasonName(HeldReason reason) {
    return reason == null ? null : reason.name();
  }

  static HeldReason reason(String name) {
    return name == null ? null : HeldReason.valueOf(name);
  }

  /**
   * A recorded decision from its kind and reason; never a DUPLICATE (that needs what it restates).
   */
  static Decision decision(String kind, String reason) {
    return switch (DecisionKind.valueOf(kind)) {
      case APPLIED -> Decision.APPLIED;
      case STALE -> Decision.STALE;
      case SAME_STATE -> Decision.SAME_STATE;
      case HELD -> Decision.held(HeldReason.valueOf(reason));
      case DUPLICATE -> throw new IllegalStateException("a recorded decision is never a duplicate");
    };
  }

  /** A receiver-clock instant as a {@code timestamptz} parameter, independent of the JVM zone. */
  static OffsetDateTime timestamp(Instant instant) {
    return instant == null ? null : OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  static Instant instant(ResultSet row, String column) throws SQLException {
    OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
    return value == null ? null : value.toInstant();
  }
}
