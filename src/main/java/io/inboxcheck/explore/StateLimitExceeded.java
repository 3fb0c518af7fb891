package io.inboxcheck.explore;

/** The search met more distinct states than {@code --max-states} allows; nothing is concluded. */
public final class StateLimitExceeded extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final long maxStates;

  StateLimitExceeded(long maxStates) {
    super(
        "the search reached the bound of "
            + maxStates
            + " distinct states before it was complete; nothing is concluded for the orders not"
            + " reached. Raise --max-states, or explore fewer deliveries");
    this.maxStates = maxStates;
  }

  public long maxStates() {
    return maxStates;
  }
}
