package io.inboxcheck.conform;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectVersion;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The words and values a recorded line is made of, read strictly: decisions and held reasons as
 * SPEC section 10 names them, instants, durations and cards. Each reader names what would be right.
 */
final class RecordedValues {
  private static final Pattern SHORT_OFFSET = Pattern.compile("[+-]\\d\\d$");

  private RecordedValues() {}

  /**
   * A decision from its words: {@code kind} one of SPEC section 10's decisions, {@code reason} only
   * for HELD, {@code restates} only for DUPLICATE.
   */
  static Decision decision(
      LineFields fields, String field, String kind, String reason, Decision restates)
      throws BadLine {
    DecisionKind decisionKind = decisionKind(fields, field, kind);
    if (decisionKind != DecisionKind.HELD && reason != null) {
      throw fields.bad(
          field, "a reason (\"" + reason + "\") is recorded only for HELD, not " + kind);
    }
    switch (decisionKind) {
      case APPLIED:
        return Decision.APPLIED;
      case STALE:
        return Decision.STALE;
      case SAME_STATE:
        return Decision.SAME_STATE;
      case HELD:
        if (reason == null) {
          throw fields.bad(field, "HELD needs its reason, one of " + words(HeldReason.values()));
        }
        return Decision.held(heldReason(fields, field, reason));
      default:
        if (restates == null) {
          throw fields.bad(field, "DUPLICATE needs the decision it restates");
        }
        if (restates instanceof Decision.Duplicate) {
          throw fields.bad(field, "a DUPLICATE restates a recorded decision, never DUPLICATE");
        }
        return new Decision.Duplicate(restates);
    }
  }

  private static DecisionKind decisionKind(LineFields fields, String field, String kind)
      throws BadLine {
    try {
      return DecisionKind.valueOf(kind);
    } catch (IllegalArgumentException unknown) {
      throw fields.bad(
          field,
          "unknown decision word \"" + kind + "\"; expected " + words(DecisionKind.values()));
    }
  }

  static HeldReason heldReason(LineFields fields, String field, String word) throws BadLine {
    try {
      return HeldReason.valueOf(word);
    } catch (IllegalArgumentException unknown) {
      throw fields.bad(
          field, "unknown held reason \"" + word + "\"; expected " + words(HeldReason.values()));
    }
  }

  /** An enum constant by its exact name, or a bad line listing the names. */
  static <E extends Enum<E>> E word(LineFields fields, String field, String word, Class<E> type)
      throws BadLine {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(word)) {
        return constant;
      }
    }
    throw fields.bad(
        field, "unknown word \"" + word + "\"; expected " + words(type.getEnumConstants()));
  }

  static String words(Enum<?>[] values) {
    return Arrays.stream(values).map(Enum::name).collect(Collectors.joining(", "));
  }

  /**
   * A UTC instant: ISO-8601 with {@code Z} or an offset, and the space-separated form databases
   * export ({@code 2024-01-01 08:00:00+00}).
   */
  static Instant instant(LineFields fields, String field, String text) throws BadLine {
    Instant common = utcSeconds(text);
    if (common != null) {
      return common;
    }
    try {
      return Instant.parse(text);
    } catch (DateTimeException notInstant) {
      String iso = text.strip().replaceFirst(" ", "T");
      if (SHORT_OFFSET.matcher(iso).find()) {
        iso = iso + ":00";
      }
      try {
        return OffsetDateTime.parse(iso).toInstant();
      } catch (DateTimeException notOffset) {
        throw fields.bad(field, "not a time like 2024-01-01T08:00:00Z: \"" + shorten(text) + "\"");
      }
    }
  }

  /**
   * The common spelling {@code 2024-01-01T08:00:00Z}, read without a formatter: every line of a log
   * carries a time, and a general parser costs more than the rest of the line. Null for any other
   * spelling, which the general parser then reads.
   */
  private static Instant utcSeconds(String text) {
    int length = text.length();
    if (length < 20
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':'
        || text.charAt(length - 1) != 'Z') {
      return null;
    }
    int nanos = fraction(text, 19, length - 1);
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 2);
    int day = digits(text, 8, 2);
    int hour = digits(text, 11, 2);
    int minute = digits(text, 14, 2);
    int second = digits(text, 17, 2);
    if (nanos < 0
        || year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > java.time.YearMonth.of(year, month).lengthOfMonth()
        || hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59) {
      return null;
    }
    long days = java.time.LocalDate.of(year, month, day).toEpochDay();
    return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
  }

  /**
   * The nanoseconds of a fraction {@code .123} from {@code start} to {@code end}: 0 when there is
   * none, -1 when it is not a dot and one to nine digits.
   */
  private static int fraction(String text, int start, int end) {
    if (start == end) {
      return 0;
    }
    int digits = end - start - 1;
    if (text.charAt(start) != '.' || digits < 1 || digits > 9) {
      return -1;
    }
    int value = digits(text, start + 1, digits);
    if (value < 0) {
      return -1;
    }
    for (int place = digits; place < 9; place++) {
      value *= 10;
    }
    return value;
  }

  /** The decimal number of {@code count} digits at {@code start}, or -1 if one is not a digit. */
  private static int digits(String text, int start, int count) {
    int value = 0;
    for (int index = start; index < start + count; index++) {
      char c = text.charAt(index);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  static Duration duration(LineFields fields, String field, String text) throws BadLine {
    try {
      Duration duration = Duration.parse(text);
      if (duration.isNegative()) {
        throw fields.bad(field, "a retention is never negative: " + text);
      }
      return duration;
    } catch (DateTimeException notDuration) {
      throw fields.bad(field, "not an ISO-8601 duration like PT24H: \"" + shorten(text) + "\"");
    }
  }

  /** A card as the protocol writes it: {@code {"version", "state", "paused"}}. */
  static Card card(LineFields fields, String field, JsonValue value) throws BadLine {
    if (!(value instanceof JsonObject object)) {
      throw fields.bad(field, "expected a card {\"version\", \"state\", \"paused\"}");
    }
    long version = version(fields, field, object.members().get("version"));
    JsonValue state = object.members().get("state");
    if (!(state instanceof JsonObject stateObject)) {
      throw fields.bad(field, "a card's state must be a JSON object");
    }
    JsonValue paused = object.members().get("paused");
    if (!(paused instanceof JsonBoolean pausedFlag)) {
      throw fields.bad(field, "a card's paused must be true or false");
    }
    return new Card(version, stateObject, pausedFlag.value());
  }

  /** A valid version (SPEC section 1): an integral number in [0, 2^63-1]. */
  static long version(LineFields fields, String field, JsonValue value) throws BadLine {
    Long version = validVersion(value);
    if (version == null) {
      throw fields.bad(
          field, "a card's version must be an integer from 0 to " + ObjectVersion.LARGEST_VERSION);
    }
    return version;
  }

  /**
   * The value as a valid version, or null. The model classifies versions (SPEC section 1): an
   * envelope holding only this one asks it.
   */
  static Long validVersion(JsonValue value) {
    if (value == null) {
      return null;
    }
    ObjectVersion version =
        new Envelope(new JsonObject(new TreeMap<>(Map.of(Envelope.OBJECT_VERSION, value))))
            .version();
    return version instanceof ObjectVersion.Valid valid ? valid.value() : null;
  }

  static String shorten(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
