package io.inboxcheck.conform;

import io.inboxcheck.json.read.JsonLimits;

/**
 * How large a recorded envelope conform reads: providers send large ones (GitHub up to 25 MB), and
 * a log records each whole, as a JSON string inside its line. The bound keeps a broken log with no
 * line ends from exhausting the heap; it is an option of {@code conform}, in characters.
 */
public final class EnvelopeBound {
  /** 25 MiB: the largest webhook body GitHub sends. */
  public static final long DEFAULT_CHARS = 25L * 1024 * 1024;

  /** Room a line needs beside its envelope: the other fields and the envelope's escapes. */
  static final long LINE_OVERHEAD_CHARS = 1024L * 1024;

  private EnvelopeBound() {}

  /** The longest line a log with envelopes of {@code maxEnvelopeChars} may hold. */
  static long lineChars(long maxEnvelopeChars) {
    // Escaping (a quote as \", a control character as \u0001) lengthens the envelope in its line.
    return Math.min(Integer.MAX_VALUE - 16, 2 * maxEnvelopeChars + LINE_OVERHEAD_CHARS);
  }

  /** The limits of a whole line: a string may be as long as the escaped envelope. */
  static JsonLimits lineLimits(long maxEnvelopeChars) {
    long line = lineChars(maxEnvelopeChars);
    return new JsonLimits(
        Math.max(line, JsonLimits.DEFAULT.maxInputBytes()),
        JsonLimits.DEFAULT.maxNestingDepth(),
        JsonLimits.DEFAULT.maxNumberLength(),
        (int) Math.max(line, JsonLimits.DEFAULT.maxStringLength()));
  }

  /** The limits of the envelope itself: its strings may be as long as it is. */
  static JsonLimits envelopeLimits(long maxEnvelopeChars) {
    return new JsonLimits(
        Math.max(maxEnvelopeChars, JsonLimits.DEFAULT.maxInputBytes()),
        JsonLimits.DEFAULT.maxNestingDepth(),
        JsonLimits.DEFAULT.maxNumberLength(),
        (int)
            Math.min(
                Integer.MAX_VALUE - 16,
                Math.max(maxEnvelopeChars, JsonLimits.DEFAULT.maxStringLength())));
  }
}
