package io.inboxcheck.engine;

import java.nio.charset.StandardCharsets;

/** Seed derivation: stable name hashes and per-try seeds. */
public final class Seeds {

  private static final long FNV_OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;
  private static final long GOLDEN_GAMMA = 0x9e3779b97f4a7c15L;

  private Seeds() {}

  /**
   * A 64-bit FNV-1a hash of the UTF-8 bytes of {@code text}.
   *
   * <p>Unlike {@link Object#hashCode()} on arbitrary objects this is specified here, so it is the
   * same on every JVM and run, which is what makes name-derived seeds reproducible.
   */
  public static long stableHash(String text) {
    long hash = FNV_OFFSET_BASIS;
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= FNV_PRIME;
    }
    return hash;
  }

  /** The seed of try {@code tryIndex} in a run seeded with {@code runSeed}. */
  public static long caseSeed(long runSeed, int tryIndex) {
    return mix(runSeed + GOLDEN_GAMMA * (tryIndex + 1L));
  }

  /** SplitMix64's finaliser: spreads nearby inputs over the whole 64-bit range. */
  private static long mix(long input) {
    long z = input;
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
