package io.inboxcheck.json.read;

/**
 * Bounds on any JSON input, so a hostile or broken file is rejected with a message instead of
 * exhausting memory or the stack.
 */
public record JsonLimits(
    long maxInputBytes, int maxNestingDepth, int maxNumberLength, int maxStringLength) {

  /** 8 MiB of text, 64 levels, 100-character numbers, 64 KiB strings. */
  public static final JsonLimits DEFAULT = new JsonLimits(8L * 1024 * 1024, 64, 100, 64 * 1024);
}
