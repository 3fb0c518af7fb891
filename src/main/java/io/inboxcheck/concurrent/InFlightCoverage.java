package io.inboxcheck.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a concurrent run really had in flight at once, measured from each request's start and
 * finish, never assumed from how it was sent: pairs of copies of one delivery (same content), pairs
 * of variants of one id (same id, changed content), and rounds whose K requests were all in flight
 * at one moment. A run in which no two copies were ever in flight together checked nothing of what
 * it is for, so that label has a floor and falls short otherwise.
 */
public record InFlightCoverage(
    int copiesInFlight, int variantsInFlight, int roundsAllInFlight, int rounds, int concurrency) {

  /** Pairs of copies of one delivery in flight at once that a run needs, at least. */
  public static final int COPIES_FLOOR = 1;

  /** Pairs of variants of one id in flight at once a run should see; shown, not enforced. */
  public static final int VARIANTS_FLOOR = 1;

  /** Rounds with all K requests in flight at once a run should see; shown, not enforced. */
  public static final int ALL_IN_FLIGHT_FLOOR = 1;

  public static InFlightCoverage of(List<Request> requests, int concurrency) {
    Map<Integer, List<Request>> byRound = byRound(requests);
    int copies = 0;
    int variants = 0;
    int allInFlight = 0;
    for (List<Request> round : byRound.values()) {
      for (int first = 0; first < round.size(); first++) {
        for (int second = first + 1; second < round.size(); second++) {
          Request one = round.get(first);
          Request other = round.get(second);
          if (!one.overlaps(other) || one.envelope().eventId().isEmpty()) {
            continue;
          }
          if (one.envelope().content().equals(other.envelope().content())) {
            copies++;
          } else if (one.envelope().eventId().equals(other.envelope().eventId())) {
            variants++;
          }
        }
      }
      long lastStart = round.stream().mapToLong(Request::startNanos).max().orElse(0);
      long firstFinish = round.stream().mapToLong(Request::finishNanos).min().orElse(0);
      if (round.size() == concurrency && lastStart < firstFinish) {
        allInFlight++;
      }
    }
    return new InFlightCoverage(copies, variants, allInFlight, byRound.size(), concurrency);
  }

  /** The labels below their enforced floor, each a sentence; empty when the run covered enough. */
  public List<String> shortfalls() {
    List<String> shortfalls = new ArrayList<>();
    if (copiesInFlight < COPIES_FLOOR) {
      shortfalls.add(
          "coverage shortfall: copies of one delivery in flight at once occurred "
              + copiesInFlight
              + " times, the floor is "
              + COPIES_FLOOR);
    }
    return shortfalls;
  }

  /** The coverage as lines: label, count, floor. */
  public List<String> lines() {
    return List.of(
        line(
            "copies of one delivery in flight at once",
            copiesInFlight + " pairs",
            copiesInFlight,
            COPIES_FLOOR),
        line(
            "variants of one id in flight at once",
            variantsInFlight + " pairs",
            variantsInFlight,
            VARIANTS_FLOOR),
        line(
            concurrency + " requests in flight at once",
            roundsAllInFlight + " of " + rounds + " rounds",
            roundsAllInFlight,
            ALL_IN_FLIGHT_FLOOR));
  }

  static Map<Integer, List<Request>> byRound(List<Request> requests) {
    Map<Integer, List<Request>> byRound = new TreeMap<>();
    requests.forEach(
        request -> byRound.computeIfAbsent(request.round(), r -> new ArrayList<>()).add(request));
    return byRound;
  }

  static String line(String label, String count, int seen, int floor) {
    return String.format(
        "%-42s %-18s (floor %d%s)", label, count, floor, seen < floor ? ", BELOW" : "");
  }
}
