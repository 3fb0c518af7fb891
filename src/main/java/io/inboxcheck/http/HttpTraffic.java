package io.inboxcheck.http;

import java.util.concurrent.atomic.LongAdder;

/**
 * What this process has sent to receivers over HTTP: requests, and the time spent waiting for their
 * answers. The benchmark of a whole check against a receiver process reads it to tell the harness's
 * own time from the receiver's; nothing decides anything by it.
 */
public final class HttpTraffic {
  private static final LongAdder REQUESTS = new LongAdder();
  private static final LongAdder DELIVERIES = new LongAdder();
  private static final LongAdder WAITING_NANOS = new LongAdder();

  private HttpTraffic() {}

  /**
   * What was sent so far.
   *
   * @param requests every request: webhook deliveries and control requests
   * @param deliveries the webhook deliveries among them
   * @param waitingNanos the time spent waiting for answers, summed over threads
   */
  public record Totals(long requests, long deliveries, long waitingNanos) {
    /** What was sent between {@code earlier} and this. */
    public Totals since(Totals earlier) {
      return new Totals(
          requests - earlier.requests,
          deliveries - earlier.deliveries,
          waitingNanos - earlier.waitingNanos);
    }
  }

  public static Totals totals() {
    return new Totals(REQUESTS.sum(), DELIVERIES.sum(), WAITING_NANOS.sum());
  }

  static void sent(long waitingNanos) {
    REQUESTS.increment();
    WAITING_NANOS.add(waitingNanos);
  }

  static void delivered() {
    DELIVERIES.increment();
  }
}
