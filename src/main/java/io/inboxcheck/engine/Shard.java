package io.inboxcheck.engine;

/**
 * Which tries of a run this process executes: shard {@code index} of {@code count} runs the tries
 * whose index is congruent to {@code index} modulo {@code count}. Try {@code i} draws from the same
 * seed in every shard ({@link Seeds#caseSeed}), so the shards of one run together execute exactly
 * the tries of the unsharded run, and each shard alone is reproducible.
 *
 * @param index this shard, from 0
 * @param count how many shards the tries are split over, at least 1
 */
public record Shard(int index, int count) {
  /** The whole run in one process. */
  public static final Shard ALL = new Shard(0, 1);

  public Shard {
    if (count < 1 || index < 0 || index >= count) {
      throw new IllegalArgumentException(
          "a shard is i/n with 0 <= i < n, got " + index + "/" + count);
    }
  }

  /** Whether try {@code tryIndex} is this shard's to run. */
  public boolean includes(int tryIndex) {
    return tryIndex % count == index;
  }

  /** How many of the tries {@code 0 .. tries-1} fall to this shard. */
  public int triesOf(int tries) {
    return tries / count + (index < tries % count ? 1 : 0);
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
