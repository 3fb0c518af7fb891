package io.inboxcheck.bench;

/**
 * One measured workload: how many units it processed in how long, and its ratio to the baseline
 * measured in the same process.
 */
public record Measurement(String workload, long units, long elapsedNanos, double ratioToBaseline) {
  public double unitsPerSecond() {
    return units * 1e9 / Math.max(1, elapsedNanos);
  }
}
