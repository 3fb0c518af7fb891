package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The values a receiver must compare exactly (SPEC section 1), drawn on purpose because real
 * receivers get them wrong: numbers of every shape in states (the same value is later spelled
 * {@code 12}, {@code 12.0} or {@code 1.2e1}), nested objects and arrays, {@code null} and booleans,
 * text with combining characters in both Unicode normalisation forms; event ids that differ from an
 * id already sent only in case, only in normalisation, only in surrounding whitespace, or only past
 * a long common prefix; {@code event_id} and {@code object_id} of every JSON type; the values a
 * dynamic language treats as "nothing" ({@code {}}, {@code []}, {@code 0}, {@code ""}, {@code
 * false}, {@code null}). Every draw is a choice whose simplest value is the plain one, so a case
 * shrinks back to plain strings and ids.
 */
final class ExactValues {
  /** The member a drawn value is added to a state under, one per kind, so a state holds one. */
  static final String STATE_MEMBER = "detail";

  /**
   * The kinds of value a state may carry beside its strings; {@code NONE} is the simplest. Numbers
   * include a value past a double's exact integers and one past a long, so rounding shows.
   */
  enum StateValue {
    NONE(null),
    INTEGER(JsonNumber.of(12)),
    DECIMAL(new JsonNumber(new BigDecimal("12.5"))),
    NEGATIVE(JsonNumber.of(-7)),
    PAST_DOUBLE(new JsonNumber(new BigDecimal("9007199254740993"))),
    PAST_LONG(new JsonNumber(new BigDecimal("123456789012345678901234"))),
    NESTED(
        JsonObject.EMPTY.with(
            "size", JsonObject.EMPTY.with("w", JsonNumber.of(3)).with("h", JsonNumber.of(4)))),
    ARRAY(new JsonArray(List.of(new JsonString("a"), JsonNumber.of(1), JsonNull.INSTANCE))),
    NULL(JsonNull.INSTANCE),
    TRUE(JsonBoolean.TRUE),
    FALSE(JsonBoolean.FALSE),
    /** Composed (NFC): the decomposed twin is another string (SPEC: strings compare exactly). */
    ACCENTED(new JsonString(nfc("Crème brûlée für Zoë"))),
    COMBINING(new JsonString(nfd("Crème brûlée für Zoë")));

    private final JsonValue value;

    StateValue(JsonValue value) {
      this.value = value;
    }

    JsonValue value() {
      return value;
    }
  }

  /**
   * The member a "nothing" is added to a state under: the values a dynamic language treats as
   * nothing, which SPEC section 1 compares exactly, so {@code {}}, {@code []}, {@code 0}, {@code
   * ""}, {@code false} and {@code null} are six states, none of them the member's absence.
   */
  static final String NOTHING_MEMBER = "note";

  static final List<JsonValue> NOTHINGS =
      List.of(
          JsonNull.INSTANCE,
          JsonObject.EMPTY,
          new JsonArray(List.of()),
          JsonNumber.of(0),
          JsonBoolean.FALSE,
          new JsonString(""));

  /**
   * How often each of {@link #NOTHINGS} is drawn: {@code 0} and {@code false} twice as often as the
   * others, since the states that swap them are the ones {@code ==} in Python and JavaScript
   * merges.
   */
  static final int[] NOTHING_WEIGHTS = {1, 1, 1, 2, 2, 1};

  /** Percent of states that carry a "nothing", in a case that draws exact values. */
  static final int NOTHING_PERCENT = 60;

  /** A "nothing" for a state's {@link #NOTHING_MEMBER}, or none; never when not {@code exact}. */
  static Optional<JsonValue> nothing(Choices choices, boolean exact) {
    if (!choices.bool(exact ? NOTHING_PERCENT : 0)) {
      return Optional.empty();
    }
    return Optional.of(NOTHINGS.get(choices.weighted(NOTHING_WEIGHTS)));
  }

  /** Percent of states that carry a drawn value, in a case that draws exact values. */
  static final int STATE_VALUE_PERCENT = 70;

  /** Percent of restatements sent with their numbers spelled otherwise, in such a case. */
  static final int RESPELLED_PERCENT = 80;

  /** Percent of "other states" that are a near twin of the state ({@link NearTwins}). */
  static final int NEAR_TWIN_PERCENT = 60;

  /** How an event id is made; {@code PLAIN} ({@code e-N}) is the simplest. */
  enum IdKind {
    PLAIN,
    /** A new id with an accented letter, composed (NFC): its decomposed twin may follow. */
    ACCENTED,
    /** An id already sent with its letters in the other case: {@code E-3} after {@code e-3}. */
    CASE_TWIN,
    /** An id already sent in the other normalisation form: decomposed after composed. */
    NORMALISATION_TWIN,
    /** An id already sent with surrounding whitespace: {@code "e-3 "} after {@code e-3}. */
    WHITESPACE_TWIN,
    /** A long id: every long id shares its first {@link #LONG_PREFIX_LENGTH} characters. */
    LONG
  }

  /** Percent of new ids that are not plain, in a case that draws look-alike ids. */
  static final int LOOKALIKE_PERCENT = 60;

  /** Weights of {@link IdKind}, once an id is not plain; plain again when its twin is missing. */
  static final int[] LOOKALIKE_ID_WEIGHTS = {0, 20, 20, 20, 20, 20};

  /** Where a receiver that keeps ids in a VARCHAR(255) or a 256-byte key truncates them. */
  static final int LONG_PREFIX_LENGTH = 256;

  private static final String LONG_PREFIX = "evt_" + "0123456789abcdef".repeat(16).substring(4);

  /**
   * Values of other JSON types for {@code event_id} or {@code object_id}, which SPEC section 3
   * holds MALFORMED, and which a receiver coercing them to text ({@code str(value)}) would take as
   * an id.
   */
  static final List<JsonValue> FOREIGN_IDS =
      List.of(
          JsonNumber.of(12),
          JsonBoolean.TRUE,
          JsonNull.INSTANCE,
          JsonObject.EMPTY.with("id", new JsonString("e-1")),
          new JsonArray(List.of(new JsonString("e-1"))),
          new JsonString(""));

  private ExactValues() {}

  /** The value a state carries beside its strings: none, or (when {@code exact}) often one. */
  static StateValue stateValue(Choices choices, boolean exact) {
    if (!choices.bool(exact ? STATE_VALUE_PERCENT : 0)) {
      return StateValue.NONE;
    }
    return choices.pick(List.of(StateValue.values()).subList(1, StateValue.values().length));
  }

  /**
   * A new event id of the drawn kind, aiming twins at ids already {@code issued}. Without
   * look-alikes only a forced choice is drawn, which takes nothing from the random source: the
   * generators that never draw look-alikes (arrival orders) draw what they always drew.
   */
  static String eventId(Choices choices, boolean lookalikes, int number, List<String> issued) {
    String plain = "e-" + number;
    if (!choices.bool(lookalikes ? LOOKALIKE_PERCENT : 0)) {
      return plain;
    }
    IdKind kind = IdKind.values()[choices.weighted(LOOKALIKE_ID_WEIGHTS)];
    String made =
        switch (kind) {
          case PLAIN -> plain;
          case ACCENTED -> nfc("é-" + number);
          case LONG -> LONG_PREFIX + "-" + number;
          case CASE_TWIN -> twinOf(choices, issued, ExactValues::otherCase);
          case NORMALISATION_TWIN -> twinOf(choices, issued, ExactValues::otherNormalisation);
          case WHITESPACE_TWIN -> twinOf(choices, issued, NearTwins::padded);
        };
    // A twin of nothing, or one already sent, would be a plain id or an id reused: neither is
    // what was drawn, so the plain id stands in.
    return made == null || issued.contains(made) ? plain : made;
  }

  private static String twinOf(
      Choices choices, List<String> issued, java.util.function.UnaryOperator<String> twin) {
    List<String> candidates = new ArrayList<>();
    for (String id : issued) {
      if (!twin.apply(id).equals(id)) {
        candidates.add(id);
      }
    }
    return candidates.isEmpty() ? null : twin.apply(choices.pick(candidates));
  }

  /** The text in the other Unicode normalisation form: NFD of composed text, else NFC. */
  static String otherNormalisation(String text) {
    String composed = nfc(text);
    return composed.equals(text) ? nfd(text) : composed;
  }

  /** The text with every letter's case swapped: {@code e-3} and {@code E-3}. */
  static String otherCase(String text) {
    String upper = text.toUpperCase(Locale.ROOT);
    return upper.equals(text) ? text.toLowerCase(Locale.ROOT) : upper;
  }

  static String nfc(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFC);
  }

  static String nfd(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFD);
  }
}
