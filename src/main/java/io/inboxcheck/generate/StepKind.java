package io.inboxcheck.generate;

/**
 * The kinds of provider behaviour the generator draws, with their weights. The first is the
 * simplest, so shrinking turns odd steps into plain new events.
 */
public enum StepKind {
  NEW_EVENT(30),
  LATE_EVENT(6),
  IDENTICAL_REDELIVERY(8),
  LOST_ACK_THEN_REDELIVERY(5),
  ID_REUSE_WITH_CHANGED_CONTENT(7),
  OTHER_ID_SAME_VERSION_SAME_STATE(4),
  SAME_VERSION_DIFFERENT_STATE(4),
  MISSING_VERSION(3),
  INVALID_VERSION(3),
  UNKNOWN_OBJECT(3),
  UNSUPPORTED_TYPE(2),
  MALFORMED_ENVELOPE(2),
  STORAGE_FAULT(4),
  CLOCK_ADVANCE(3),
  RECONCILIATION(6),
  /** A body at, just past or far past a delivery bound ({@link OversizedBodies}). */
  OVERSIZED_BODY(3);

  private final int weight;

  StepKind(int weight) {
    this.weight = weight;
  }

  static int[] weights() {
    StepKind[] kinds = values();
    int[] weights = new int[kinds.length];
    for (int index = 0; index < kinds.length; index++) {
      weights[index] = kinds[index].weight;
    }
    return weights;
  }
}
