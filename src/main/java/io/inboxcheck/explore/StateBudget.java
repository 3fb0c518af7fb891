package io.inboxcheck.explore;

/**
 * The bounds shared by every component of one exploration: distinct states, and the heap the
 * search's own tables may take (its fingerprints and order graph, which grow with the states; what
 * else it holds is one receiver and one harness per step of the current path).
 */
final class StateBudget {
  private final long maxStates;
  private final long heapBytes;
  private long used;

  StateBudget(long maxStates, long heapBytes) {
    this.maxStates = maxStates;
    this.heapBytes = heapBytes;
  }

  /**
   * Takes one more state, given what the search's tables would hold while they grow next; stops the
   * search before it can run out of either bound.
   */
  void take(long bytesWhileGrowing) {
    if (used >= maxStates) {
      throw StateLimitExceeded.states(maxStates);
    }
    if (bytesWhileGrowing > heapBytes) {
      throw StateLimitExceeded.heap(used, bytesWhileGrowing, heapBytes);
    }
    used++;
  }
}
