package io.inboxcheck.conform;

/**
 * How long the model's own functions took during a run (deciding, reconciling, applying effects,
 * moving the clock), measured only when the benchmark asks, so the rest is conform's overhead.
 */
public final class Timing {
  private long modelNanos;

  void model(long nanos) {
    modelNanos += nanos;
  }

  public long modelNanos() {
    return modelNanos;
  }
}
