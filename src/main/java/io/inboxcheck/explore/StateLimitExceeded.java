package io.inboxcheck.explore;

/**
 * The search met more distinct states than {@code --max-states} allows, or more than its tables can
 * keep in the heap; nothing is concluded.
 */
public final class StateLimitExceeded extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final long states;

  private StateLimitExceeded(long states, String message) {
    super(message);
    this.states = states;
  }

  static StateLimitExceeded states(long maxStates) {
    return new StateLimitExceeded(
        maxStates,
        "the search reached the bound of "
            + maxStates
            + " distinct states before it was complete; nothing is concluded for the orders not"
            + " reached. Raise --max-states, or explore fewer deliveries");
  }

  static StateLimitExceeded heap(long states, long bytesNeeded, long heapBytes) {
    return new StateLimitExceeded(
        states,
        "the search reached "
            + states
            + " distinct states, whose fingerprints and order graph would next need "
            + mebibytes(bytesNeeded)
            + " MiB of the "
            + mebibytes(heapBytes)
            + " MiB it may use of this heap; nothing is concluded for the orders not reached. Give"
            + " java a larger heap (-Xmx; a state needs at most about 400 bytes), lower"
            + " --max-states to stop earlier, or explore fewer deliveries");
  }

  private static long mebibytes(long bytes) {
    return bytes >> 20;
  }

  /** The distinct states reached when the search stopped. */
  public long states() {
    return states;
  }
}
