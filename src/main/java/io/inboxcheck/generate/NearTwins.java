package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Values next to one a receiver already holds that its normalisation would merge, although SPEC
 * section 1 compares them exactly: the same text with surrounding whitespace, in the other case or
 * in the other Unicode normalisation form (object ids, types, state texts), a state whose one
 * "nothing" member is another "nothing" ({@code null} and absent, {@code {}} and {@code []}, {@code
 * 0} and {@code false}, {@code ""} and {@code null}); and one value spelled otherwise that must not
 * be told apart: ids written with JSON escapes ({@code "e\u002d3"} is {@code e-3}).
 */
final class NearTwins {
  /** How a text is twinned; each gives another string, or the same when it cannot. */
  enum TextTwin {
    WHITESPACE(NearTwins::padded),
    CASE(ExactValues::otherCase),
    NORMALISATION(ExactValues::otherNormalisation);

    private final UnaryOperator<String> twin;

    TextTwin(UnaryOperator<String> twin) {
      this.twin = twin;
    }

    String of(String text) {
      return twin.apply(text);
    }
  }

  /** How a state is twinned: its texts, or its one "nothing" member. */
  enum StateTwin {
    NORMALISATION,
    WHITESPACE,
    CASE,
    NOTHING
  }

  /** Weights of {@link StateTwin}: a "nothing" twin as often as the three text twins together. */
  static final int[] STATE_TWIN_WEIGHTS = {1, 1, 1, 3};

  /** Percent of unknown-card deliveries that name a twin of a known card, in a look-alike case. */
  static final int OBJECT_ID_TWIN_PERCENT = 80;

  /** Percent of unsupported-type deliveries whose type is a twin of a supported one, likewise. */
  static final int TYPE_TWIN_PERCENT = 80;

  /** Percent of redeliveries spelled with escaped ids, in a look-alike case. */
  static final int ESCAPED_IDS_PERCENT = 40;

  private NearTwins() {}

  /** The text with whitespace after it: {@code "e-3 "}; what {@code strip()} merges. */
  static String padded(String text) {
    return text + " ";
  }

  /**
   * With {@code percent} chance, a twin of one of {@code texts} (with whitespace or in the other
   * case: these ids are ASCII, with no normalisation twin); else, or when none differs, {@code
   * fallback}.
   */
  static String textTwin(Choices choices, int percent, List<String> texts, String fallback) {
    if (!choices.bool(percent)) {
      return fallback;
    }
    String text = choices.pick(texts);
    String made = choices.pick(List.of(TextTwin.WHITESPACE, TextTwin.CASE)).of(text);
    return made.equals(text) ? fallback : made;
  }

  /**
   * A state next to {@code state}, by {@code kind}; empty when that kind leaves it unchanged (no
   * text to change the case of, say).
   */
  static Optional<JsonObject> stateTwin(JsonObject state, StateTwin kind) {
    JsonObject twin =
        switch (kind) {
          case NORMALISATION -> (JsonObject) texts(state, ExactValues::otherNormalisation);
          case WHITESPACE -> (JsonObject) texts(state, NearTwins::padded);
          case CASE -> (JsonObject) texts(state, ExactValues::otherCase);
          case NOTHING -> nothingTwin(state);
        };
    return twin.equals(state) ? Optional.empty() : Optional.of(twin);
  }

  /**
   * The state with its drawn member's "nothing" swapped for another: {@code null} becomes absent,
   * absent becomes {@code null}, {@code {}} and {@code []}, {@code 0} and {@code false} swap,
   * {@code ""} becomes {@code null}. A member holding something else is left alone, and the state
   * with it.
   */
  static JsonObject nothingTwin(JsonObject state) {
    String member = ExactValues.NOTHING_MEMBER;
    Optional<JsonValue> value = state.get(member);
    if (value.isEmpty()) {
      return state.with(member, JsonNull.INSTANCE);
    }
    JsonValue nothing = value.get();
    if (nothing instanceof JsonNull) {
      return state.without(member);
    }
    if (nothing.equals(JsonObject.EMPTY)) {
      return state.with(member, new JsonArray(List.of()));
    }
    if (nothing instanceof JsonArray array && array.elements().isEmpty()) {
      return state.with(member, JsonObject.EMPTY);
    }
    if (nothing.equals(JsonNumber.of(0))) {
      return state.with(member, JsonBoolean.FALSE);
    }
    if (nothing.equals(JsonBoolean.FALSE)) {
      return state.with(member, JsonNumber.of(0));
    }
    if (nothing.equals(new JsonString(""))) {
      return state.with(member, JsonNull.INSTANCE);
    }
    return state;
  }

  private static JsonValue texts(JsonValue value, UnaryOperator<String> twin) {
    if (value instanceof JsonString string) {
      return new JsonString(twin.apply(string.value()));
    }
    if (value instanceof JsonArray array) {
      return new JsonArray(array.elements().stream().map(e -> texts(e, twin)).toList());
    }
    if (value instanceof JsonObject object) {
      JsonObject twinned = JsonObject.EMPTY;
      for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
        twinned = twinned.with(member.getKey(), texts(member.getValue(), twin));
      }
      return twinned;
    }
    return value;
  }

  /**
   * The envelope's text with its {@code event_id} and {@code object_id} written as JSON escapes,
   * every character {@code \\uXXXX}: the same envelope, which a receiver reading ids off the raw
   * text takes for another.
   */
  static String withEscapedIds(JsonObject envelope) {
    StringBuilder text = new StringBuilder("{");
    for (Map.Entry<String, JsonValue> member : envelope.members().entrySet()) {
      if (text.length() > 1) {
        text.append(',');
      }
      text.append(new JsonString(member.getKey()).canonicalText()).append(':');
      boolean id =
          member.getKey().equals(Envelope.EVENT_ID) || member.getKey().equals(Envelope.OBJECT_ID);
      if (id && member.getValue() instanceof JsonString string) {
        text.append(escaped(string.value()));
      } else {
        text.append(member.getValue().canonicalText());
      }
    }
    return text.append('}').toString();
  }

  /** {@code text} as a JSON string literal with every character escaped: {@code "\u0065"}. */
  static String escaped(String text) {
    StringBuilder literal = new StringBuilder("\"");
    text.chars().forEach(c -> literal.append(String.format("\\u%04x", c)));
    return literal.append('"').toString();
  }
}
