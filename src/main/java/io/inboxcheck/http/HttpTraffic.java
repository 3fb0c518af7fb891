package io.inboxcheck.http;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What this process has sent to receivers over HTTP: requests, and the time spent waiting for their
 * answers. The benchmark of a whole check against a receiver process reads it to tell the harness's
 * own time from the receiver's; nothing decides anything by it.
 */
public final class HttpTraffic {
  private static final LongAdder DELIVERIES = new LongAdder();
  private static final LongAdder WAITING_NANOS = new LongAdder();
  private static final Map<String, LongAdder> BY_KIND = new ConcurrentHashMap<>();

  private HttpTraffic() {}

  /**
   * What was sent so far.
   *
   * @param deliveries the webhook deliveries sent
   * @param waitingNanos the time spent waiting for answers, summed over threads
   * @param byKind every request, webhook deliveries and control requests, by method and path, e.g.
   *     {@code GET /inboxcheck/view}
   */
  public record Totals(long deliveries, long waitingNanos, SortedMap<String, Long> byKind) {
    public Totals {
      byKind = Collections.unmodifiableSortedMap(new TreeMap<>(byKind));
    }

    /** Every request, whatever its kind. */
    public long requests() {
      return byKind.values().stream().mapToLong(Long::longValue).sum();
    }

    /** What was sent between {@code earlier} and this. */
    public Totals since(Totals earlier) {
      SortedMap<String, Long> kinds = new TreeMap<>(byKind);
      earlier.byKind.forEach((kind, count) -> kinds.merge(kind, -count, Long::sum));
      kinds.values().removeIf(count -> count == 0);
      return new Totals(
          deliveries - earlier.deliveries, waitingNanos - earlier.waitingNanos, kinds);
    }
  }

  public static Totals totals() {
    SortedMap<String, Long> kinds = new TreeMap<>();
    BY_KIND.forEach((kind, count) -> kinds.put(kind, count.sum()));
    return new Totals(DELIVERIES.sum(), WAITING_NANOS.sum(), kinds);
  }

  static void sent(String kind, long waitingNanos) {
    BY_KIND.computeIfAbsent(kind, any -> new LongAdder()).increment();
    WAITING_NANOS.add(waitingNanos);
  }

  static void delivered() {
    DELIVERIES.increment();
  }
}
