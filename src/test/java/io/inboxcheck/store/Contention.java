package io.inboxcheck.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the concurrency runs say about contention: with the store's own locks no transaction may
 * end, or start again, for a unique violation, a serialization failure or a deadlock
 * (docs/storage-boundary.md 8), so each one is a problem named by its SQLSTATE; and how many
 * attempts the transactions needed.
 */
final class Contention {
  private static final Map<String, String> NAMES =
      Map.of(
          "23505", "unique_violation",
          "40001", "serialization_failure",
          "40P01", "deadlock_detected");

  private Contention() {}

  /** One problem per contention SQLSTATE that ended or restarted a transaction of any receiver. */
  static List<String> problems(List<PostgresReceiver> receivers) {
    Map<String, Long> failed = new TreeMap<>();
    Map<String, Long> retried = new TreeMap<>();
    for (PostgresReceiver receiver : receivers) {
      receiver
          .contentionFailures()
          .forEach((state, count) -> failed.merge(state, count, Long::sum));
      receiver.retriedStates().forEach((state, count) -> retried.merge(state, count, Long::sum));
    }
    retried.keySet().retainAll(NAMES.keySet());
    List<String> problems = new ArrayList<>();
    failed.forEach(
        (state, count) ->
            problems.add(
                count + " transaction(s) answered NO_ACK after SQLSTATE " + describe(state)));
    retried.forEach(
        (state, count) ->
            problems.add(
                count + " transaction(s) started again after SQLSTATE " + describe(state)));
    return problems;
  }

  /**
   * Prints, and returns, how many attempts the deliveries of {@code test}'s receivers needed and
   * which SQLSTATEs made a transaction start again: the cost of contention, which locks turn into
   * waits.
   */
  static String report(String test, List<PostgresReceiver> receivers) {
    Map<String, Long> retried = new TreeMap<>();
    receivers.forEach(
        receiver ->
            receiver
                .retriedStates()
                .forEach((state, count) -> retried.merge(state, count, Long::sum)));
    String report =
        "attempts per delivery " + attempts(receivers) + ", restarted by SQLSTATE " + retried;
    System.out.printf("%s: %d receivers, %s%n", test, receivers.size(), report);
    return report;
  }

  /** How many deliveries, over every receiver, needed one attempt, two, three. */
  static Map<Integer, Long> attempts(List<PostgresReceiver> receivers) {
    Map<Integer, Long> attempts = new TreeMap<>();
    for (PostgresReceiver receiver : receivers) {
      receiver
          .deliveryAttempts()
          .forEach((count, times) -> attempts.merge(count, times, Long::sum));
    }
    return attempts;
  }

  private static String describe(String state) {
    return state
        + " ("
        + NAMES.get(state)
        + "), contention the lock protocol rules out: the locks leave a gap";
  }
}
