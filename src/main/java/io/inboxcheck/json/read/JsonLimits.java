package io.inboxcheck.json.read;

import io.inboxcheck.json.DeliveryBounds;

/**
 * Bounds on any JSON input, so a hostile or broken file is rejected with a message instead of
 * exhausting memory or the stack.
 */
public record JsonLimits(
    long maxInputBytes, int maxNestingDepth, int maxNumberLength, int maxStringLength) {

  /**
   * The limits of files that hold deliveries (scenario files, logs): room for a body a little past
   * each bound of {@link DeliveryBounds#DEFAULT}, so a file can pin what a receiver does with it.
   */
  public static final JsonLimits DEFAULT = holding(DeliveryBounds.DEFAULT);

  /**
   * Limits for files holding deliveries up to {@code bounds} and a little past: twice the body and
   * string and number lengths (at least 8 MiB of text), and 16 levels more than the nesting bound
   * for what wraps a body in a file.
   */
  public static JsonLimits holding(DeliveryBounds bounds) {
    return new JsonLimits(
        Math.max(8L << 20, 2 * bounds.maxBodyBytes()),
        bounds.maxNestingDepth() + 16,
        2 * bounds.maxNumberLength(),
        2 * bounds.maxStringLength());
  }

  /**
   * The same limits, but a string may be as long as the whole input: a log line records a body as
   * received, as one string.
   */
  public JsonLimits withStringsAsLongAsTheInput() {
    return new JsonLimits(
        maxInputBytes,
        maxNestingDepth,
        maxNumberLength,
        (int) Math.min(Integer.MAX_VALUE, maxInputBytes));
  }
}
