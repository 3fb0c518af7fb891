package io.inboxcheck.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The bounds of SPEC section 1.5 measured on a body's text: each at its bound is within, one past
 * it is a breach named in the SPEC's words, and no depth can break the measuring.
 */
class DeliveryBoundsTests {
  private static final DeliveryBounds BOUNDS = DeliveryBounds.DEFAULT;

  /** An envelope whose state holds {@code inner}: the envelope is level 1, the state level 2. */
  private static String envelope(String inner) {
    return "{\"event_id\": \"e-1\", \"state\": {\"x\": " + inner + "}}";
  }

  private static String nested(int levels) {
    return envelope("[".repeat(levels - 2) + "]".repeat(levels - 2));
  }

  @Test
  void theDefaultsAreTheSpecs() {
    assertThat(BOUNDS).isEqualTo(new DeliveryBounds(4_194_304, 128, 65_536, 100));
  }

  @Test
  void nestingAtTheBoundIsWithinAndOneLevelMoreIsNot() {
    assertThat(BOUNDS.breach(nested(128))).isEmpty();
    assertThat(BOUNDS.breach(nested(129))).contains("nested deeper than the bound of 128 levels");
  }

  @Test
  void aHundredThousandLevelsAreMeasuredWithoutRecursion() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);

    assertThat(BOUNDS.breach(deep)).contains("nested deeper than the bound of 128 levels");
  }

  @Test
  void bracketsInsideStringsAreNotNesting() {
    assertThat(BOUNDS.breach(envelope("\"" + "[{".repeat(500) + "\""))).isEmpty();
  }

  @Test
  void stringsAreCountedInCharactersOnceTheirEscapesAreRead() {
    String atBound = "\\u00e9".repeat(65_535) + "\\n";
    String emojiAtBound = "\\ud83d\\ude00".repeat(65_536);
    String literalEmojiAtBound = "\ud83d\ude00".repeat(65_536);

    assertThat(BOUNDS.breach(envelope("\"" + atBound + "\""))).isEmpty();
    assertThat(BOUNDS.breach(envelope("\"" + emojiAtBound + "\""))).isEmpty();
    assertThat(BOUNDS.breach(envelope("\"" + literalEmojiAtBound + "\""))).isEmpty();
    assertThat(BOUNDS.breach(envelope("\"" + atBound + "x\"")))
        .contains("a string of 65537 characters, past the bound of 65536");
  }

  @Test
  void aKeyIsAStringToo() {
    assertThat(BOUNDS.breach("{\"" + "k".repeat(65_537) + "\": 1}"))
        .contains("a string of 65537 characters, past the bound of 65536");
  }

  @Test
  void numbersAreCountedAsWritten() {
    String atBound = "-1." + "0".repeat(94) + "e+1";

    assertThat(atBound).hasSize(100);
    assertThat(BOUNDS.breach(envelope(atBound))).isEmpty();
    assertThat(BOUNDS.breach(envelope("-1.0" + "0".repeat(94) + "e+1")))
        .contains("a number of 101 characters, past the bound of 100");
  }

  @Test
  void theBodyIsMeasuredInUtf8Bytes() {
    String frame = envelope("\"\"");
    int room = 4_194_304 - frame.length();
    // Two-byte characters, in strings short enough to stay within the string bound.
    StringBuilder padding = new StringBuilder();
    while (padding.length() < room / 2) {
      padding.append(" ");
    }
    String atBound = frame.replace("\"\"", "\"\"" + padding);
    String accented = envelope("[" + "\"é\",".repeat(1_000_000) + "0]");

    assertThat(BOUNDS.breach(atBound)).isEmpty();
    assertThat(BOUNDS.breach(atBound + " ".repeat(room - padding.length() + 1)))
        .contains("4194305 bytes long, past the bound of 4194304");
    assertThat(accented.length()).isLessThan(4_194_304);
    assertThat(BOUNDS.breach(accented)).hasValueSatisfying(breach -> breach.endsWith("4194304"));
  }
}
