package io.inboxcheck.json.read;

import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.util.Optional;

/**
 * Bodies too large or too deep to spell, described instead (SPEC section 1.5): an envelope padded
 * with spaces to a number of bytes ({@code pad_to_bytes}), or given a member {@value #NESTED} of
 * arrays nested so that the whole body is a number of levels deep ({@code nest_to_depth}). Scenario
 * files, the generator and the writers of scenarios and scripts build and recognise them here, so a
 * body described once reads, is sent and is written back the same way.
 */
public final class LargeBodies {
  /** The envelope member that carries a described nesting. */
  public static final String NESTED = "nested";

  private static final String NESTED_OPENING = "\"" + NESTED + "\":[";

  /** Trailing spaces from which a padded body is written as {@code pad_to_bytes}. */
  static final int DESCRIBED_PADDING = 1024;

  /** Depth from which a nested body is written as {@code nest_to_depth}. */
  static final int DESCRIBED_DEPTH = 32;

  private static final StrictJson READER = new StrictJson();

  private LargeBodies() {}

  /**
   * How a body was described: the envelope's own text, the depth its nesting reaches (0 when not
   * nested) and the bytes it was padded to (0 when not padded).
   */
  public record Description(String envelopeText, int nestToDepth, long padToBytes) {}

  /** {@code objectText} with spaces before its closing brace, to {@code bytes} of UTF-8 in all. */
  public static String padded(String objectText, long bytes) {
    long missing = bytes - utf8Length(objectText);
    if (missing < 0 || missing > Integer.MAX_VALUE || !objectText.endsWith("}")) {
      throw new IllegalArgumentException("cannot pad a body of this shape to " + bytes + " bytes");
    }
    return objectText.substring(0, objectText.length() - 1) + " ".repeat((int) missing) + "}";
  }

  /**
   * {@code objectText} with a last member {@value #NESTED} of arrays, so that the body is {@code
   * depth} levels deep, the object itself being level 1.
   */
  public static String nested(String objectText, int depth) {
    if (depth < 2 || !objectText.endsWith("}")) {
      throw new IllegalArgumentException("cannot nest a body of this shape " + depth + " deep");
    }
    String open = objectText.substring(0, objectText.length() - 1);
    String comma = open.stripTrailing().endsWith("{") ? "" : ",";
    return open
        + comma
        + NESTED_OPENING.substring(0, NESTED_OPENING.length() - 1)
        + "[".repeat(depth - 1)
        + "]".repeat(depth - 1)
        + "}";
  }

  /**
   * The value a body's text holds as the harness reads a receiver's record of it: the parsed value
   * within the limits of {@link JsonLimits#DEFAULT}, past them the text itself as a string, so a
   * body sent and the same body recorded are one content.
   */
  public static JsonValue content(String text) {
    try {
      return READER.parse("body", text);
    } catch (InputRejected rejected) {
      return new JsonString(text);
    }
  }

  /**
   * How {@code text} was described, when it is large or deep enough to be worth describing. One
   * pass from the end, copying no more than the envelope's own text.
   */
  public static Optional<Description> described(String text) {
    int close = text.length() - 1;
    if (close < 0 || text.charAt(close) != '}') {
      return Optional.empty();
    }
    int end = close;
    while (end > 0 && text.charAt(end - 1) == ' ') {
      end--;
    }
    long padTo = close - end >= DESCRIBED_PADDING ? utf8Length(text) : 0;
    int levels = 0;
    while (end - levels > 0 && text.charAt(end - levels - 1) == ']') {
      levels++;
    }
    int opening = end - 2 * levels - NESTED_OPENING.length() + 1;
    boolean nested =
        levels >= DESCRIBED_DEPTH
            && opening >= 0
            && text.startsWith(NESTED_OPENING, opening)
            && text.substring(opening + NESTED_OPENING.length() - 1, end - levels)
                .equals("[".repeat(levels));
    if (padTo == 0 && !nested) {
      return Optional.empty();
    }
    String before = text.substring(0, nested ? opening : end).stripTrailing();
    if (nested && before.endsWith(",")) {
      before = before.substring(0, before.length() - 1);
    }
    return Optional.of(new Description(before + "}", nested ? levels + 1 : 0, padTo));
  }

  /** Short words for a described body, for scripts and findings. */
  public static String words(Description description) {
    String nested =
        description.nestToDepth() > 0 ? "nested " + description.nestToDepth() + " levels deep" : "";
    String padded =
        description.padToBytes() > 0 ? "padded to " + description.padToBytes() + " bytes" : "";
    return nested.isEmpty() || padded.isEmpty() ? nested + padded : nested + ", " + padded;
  }

  /** The length of {@code text} in UTF-8 bytes, counted without encoding it. */
  public static long utf8Length(String text) {
    long bytes = text.length();
    for (int index = 0; index < text.length(); index++) {
      char c = text.charAt(index);
      if (c >= 0x80) {
        // Two bytes below U+0800, three above; a surrogate pair is four for its two chars.
        bytes += c < 0x800 ? 1 : Character.isSurrogate(c) ? 1 : 2;
      }
    }
    return bytes;
  }
}
