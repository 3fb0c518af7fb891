package io.inboxcheck.concurrent;

import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a concurrent run really had in flight at once, measured from each request's start and
 * finish, never assumed from how it was sent: pairs of copies of one delivery (same content), pairs
 * of variants of one id (same id, changed content), deliveries in flight with a reconciliation and
 * with a clock move, pairs of deliveries in flight together whose answers differ (the pairs a
 * receiver that answers one request with another's decision gets wrong), and rounds whose K
 * requests were all in flight at one moment. A run in which no two copies were ever in flight
 * together checked nothing of what it is for, so that label has a floor and falls short otherwise;
 * so do answers that differ, and the races with a reconciliation and a clock move, in a run that
 * sent them. A shortfall says the check was weak, not that the receiver is wrong ({@link
 * CasesUntilCovered}).
 */
public record InFlightCoverage(
    int copiesInFlight,
    int variantsInFlight,
    int answeredDifferently,
    int withReconciliation,
    int withReevaluation,
    int withClockMove,
    int atRetentionBoundary,
    int roundsAllInFlight,
    int rounds,
    int concurrency,
    boolean sentControls) {

  /** Pairs of copies of one delivery in flight at once that a run needs, at least. */
  public static final int COPIES_FLOOR = 1;

  /** Pairs of variants of one id in flight at once a run should see; shown, not enforced. */
  public static final int VARIANTS_FLOOR = 1;

  /** Pairs of acknowledged deliveries in flight at once with different decisions, at least. */
  public static final int ANSWERED_DIFFERENTLY_FLOOR = 1;

  /** Rounds with all K requests in flight at once a run should see; shown, not enforced. */
  public static final int ALL_IN_FLIGHT_FLOOR = 1;

  /** Deliveries for a card in flight while a reconciliation re-evaluates its held inputs. */
  static final String REEVALUATION_LABEL = "deliveries in flight with a re-evaluation";

  /** Redeliveries in flight with a clock move onto their id's retention boundary. */
  static final String BOUNDARY_LABEL = "redeliveries in flight at a retention end";

  /** Deliveries in flight with a reconciliation, and with a clock move, a run needs at least. */
  public static final int RACING_CONTROL_FLOOR = 1;

  public static InFlightCoverage of(List<Request> requests, int concurrency) {
    return of(ConcurrentRun.Recorded.deliveries(requests), concurrency);
  }

  public static InFlightCoverage of(ConcurrentRun.Recorded run, int concurrency) {
    return of(run, concurrency, Duration.ZERO);
  }

  /**
   * The coverage of {@code run}, whose receiver keeps identities for {@code retention}: a clock
   * move by exactly that much lands on the retention boundary of every id first received since the
   * move before it.
   */
  public static InFlightCoverage of(
      ConcurrentRun.Recorded run, int concurrency, Duration retention) {
    List<Request> requests = run.requests();
    Map<Integer, List<Request>> byRound = byRound(requests);
    int copies = 0;
    int variants = 0;
    int answeredDifferently = 0;
    for (List<Request> round : byRound.values()) {
      for (int first = 0; first < round.size(); first++) {
        for (int second = first + 1; second < round.size(); second++) {
          Request one = round.get(first);
          Request other = round.get(second);
          if (!one.overlaps(other)) {
            continue;
          }
          if (one.acknowledged()
              && other.acknowledged()
              && !Objects.equals(one.answer().decision(), other.answer().decision())) {
            answeredDifferently++;
          }
          if (one.envelope().eventId().isEmpty()) {
            continue;
          }
          if (one.envelope().content().equals(other.envelope().content())) {
            copies++;
          } else if (one.envelope().eventId().equals(other.envelope().eventId())) {
            variants++;
          }
        }
      }
    }
    int withReconciliation = 0;
    int withReevaluation = 0;
    int withClockMove = 0;
    for (ControlRequest control : run.controls()) {
      List<Request> racing =
          byRound.getOrDefault(control.round(), List.of()).stream()
              .filter(control::overlaps)
              .toList();
      if (control.sent() instanceof ScenarioStep.Reconcile) {
        withReconciliation += racing.size();
        withReevaluation += reevaluating(control, racing);
      } else {
        withClockMove += racing.size();
      }
    }
    Set<Integer> rounds = new TreeSet<>(byRound.keySet());
    run.controls().forEach(control -> rounds.add(control.round()));
    return new InFlightCoverage(
        copies,
        variants,
        answeredDifferently,
        withReconciliation,
        withReevaluation,
        withClockMove,
        atRetentionBoundary(run, byRound, retention),
        allInFlight(run, rounds, concurrency),
        rounds.size(),
        concurrency,
        !run.controls().isEmpty());
  }

  /** The coverage of two runs at one concurrency together: each count summed. */
  public InFlightCoverage plus(InFlightCoverage other) {
    return new InFlightCoverage(
        copiesInFlight + other.copiesInFlight,
        variantsInFlight + other.variantsInFlight,
        answeredDifferently + other.answeredDifferently,
        withReconciliation + other.withReconciliation,
        withReevaluation + other.withReevaluation,
        withClockMove + other.withClockMove,
        atRetentionBoundary + other.atRetentionBoundary,
        roundsAllInFlight + other.roundsAllInFlight,
        rounds + other.rounds,
        concurrency,
        sentControls || other.sentControls);
  }

  /**
   * The deliveries racing a reconciliation that are for a card it re-evaluated held inputs of: in
   * flight while the receiver decides those inputs again.
   */
  private static int reevaluating(ControlRequest reconciliation, List<Request> racing) {
    Set<String> reevaluated = new TreeSet<>();
    reconciliation.answer().stream()
        .filter(object -> !object.reevaluated().isEmpty())
        .forEach(object -> reevaluated.add(object.objectId()));
    return (int)
        racing.stream()
            .filter(
                request -> request.envelope().objectId().filter(reevaluated::contains).isPresent())
            .count();
  }

  /**
   * Redeliveries in flight with a clock move that lands exactly on their id's retention boundary:
   * the move is by the retention, and the id was first delivered after the move before it (in a
   * round without one, so at that move's clock). Decided before the move the id is kept, after it
   * pruned.
   */
  private static int atRetentionBoundary(
      ConcurrentRun.Recorded run, Map<Integer, List<Request>> byRound, Duration retention) {
    Map<Integer, ControlRequest> moves = new TreeMap<>();
    run.controls().stream()
        .filter(control -> control.sent() instanceof ScenarioStep.Advance)
        .forEach(control -> moves.put(control.round(), control));
    Set<Integer> rounds = new TreeSet<>(byRound.keySet());
    rounds.addAll(moves.keySet());
    Set<String> seen = new HashSet<>();
    Set<String> sinceMove = new HashSet<>();
    int racing = 0;
    for (int round : rounds) {
      List<Request> requests = byRound.getOrDefault(round, List.of());
      ControlRequest move = moves.get(round);
      if (move == null) {
        requests.stream()
            .flatMap(request -> request.envelope().eventId().stream())
            .filter(seen::add)
            .forEach(sinceMove::add);
        continue;
      }
      if (!retention.isZero() && ((ScenarioStep.Advance) move.sent()).by().equals(retention)) {
        racing +=
            (int)
                requests.stream()
                    .filter(move::overlaps)
                    .filter(
                        request ->
                            request.envelope().eventId().filter(sinceMove::contains).isPresent())
                    .count();
      }
      requests.forEach(request -> request.envelope().eventId().ifPresent(seen::add));
      sinceMove.clear();
    }
    return racing;
  }

  /** Rounds whose K requests, deliveries and control requests alike, were in flight at once. */
  private static int allInFlight(ConcurrentRun.Recorded run, Set<Integer> rounds, int concurrency) {
    int allInFlight = 0;
    for (int round : rounds) {
      List<long[]> spans = new ArrayList<>();
      run.requests().stream()
          .filter(request -> request.round() == round)
          .forEach(request -> spans.add(new long[] {request.startNanos(), request.finishNanos()}));
      run.controls().stream()
          .filter(control -> control.round() == round)
          .forEach(control -> spans.add(new long[] {control.startNanos(), control.finishNanos()}));
      long lastStart = spans.stream().mapToLong(span -> span[0]).max().orElse(0);
      long firstFinish = spans.stream().mapToLong(span -> span[1]).min().orElse(0);
      if (spans.size() == concurrency && lastStart < firstFinish) {
        allInFlight++;
      }
    }
    return allInFlight;
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
    if (answeredDifferently < ANSWERED_DIFFERENTLY_FLOOR) {
      shortfalls.add(
          "coverage shortfall: deliveries in flight at once answered differently occurred "
              + answeredDifferently
              + " times, the floor is "
              + ANSWERED_DIFFERENTLY_FLOOR);
    }
    if (sentControls && withReconciliation < RACING_CONTROL_FLOOR) {
      shortfalls.add(shortfall("deliveries in flight with a reconciliation", withReconciliation));
    }
    if (sentControls && withReevaluation < RACING_CONTROL_FLOOR) {
      shortfalls.add(shortfall(REEVALUATION_LABEL, withReevaluation));
    }
    if (sentControls && withClockMove < RACING_CONTROL_FLOOR) {
      shortfalls.add(shortfall("deliveries in flight with a clock move", withClockMove));
    }
    if (sentControls && atRetentionBoundary < RACING_CONTROL_FLOOR) {
      shortfalls.add(shortfall(BOUNDARY_LABEL, atRetentionBoundary));
    }
    return shortfalls;
  }

  private static String shortfall(String label, int seen) {
    return "coverage shortfall: "
        + label
        + " occurred "
        + seen
        + " times, the floor is "
        + RACING_CONTROL_FLOOR;
  }

  /** The coverage as lines: label, count, floor. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(
        line(
            "copies of one delivery in flight at once",
            copiesInFlight + " pairs",
            copiesInFlight,
            COPIES_FLOOR));
    lines.add(
        aimLine(
            "variants of one id in flight at once",
            variantsInFlight + " pairs",
            variantsInFlight,
            VARIANTS_FLOOR));
    lines.add(
        line(
            "deliveries in flight answered differently",
            answeredDifferently + " pairs",
            answeredDifferently,
            ANSWERED_DIFFERENTLY_FLOOR));
    if (sentControls) {
      lines.add(
          line(
              "deliveries in flight with a reconciliation",
              withReconciliation + " requests",
              withReconciliation,
              RACING_CONTROL_FLOOR));
      lines.add(
          line(
              REEVALUATION_LABEL,
              withReevaluation + " requests",
              withReevaluation,
              RACING_CONTROL_FLOOR));
      lines.add(
          line(
              "deliveries in flight with a clock move",
              withClockMove + " requests",
              withClockMove,
              RACING_CONTROL_FLOOR));
      lines.add(
          line(
              BOUNDARY_LABEL,
              atRetentionBoundary + " requests",
              atRetentionBoundary,
              RACING_CONTROL_FLOOR));
    }
    lines.add(
        aimLine(
            concurrency + " requests in flight at once",
            roundsAllInFlight + " of " + rounds + " rounds",
            roundsAllInFlight,
            ALL_IN_FLIGHT_FLOOR));
    return lines;
  }

  static Map<Integer, List<Request>> byRound(List<Request> requests) {
    Map<Integer, List<Request>> byRound = new TreeMap<>();
    requests.forEach(
        request -> byRound.computeIfAbsent(request.round(), r -> new ArrayList<>()).add(request));
    return byRound;
  }

  /** A label the run is held to: {@code (floor 1)}, or {@code (floor 1, BELOW)} when missed. */
  static String line(String label, String count, int seen, int floor) {
    return labelLine(label, count, "floor " + floor + (seen < floor ? ", BELOW" : ""));
  }

  /**
   * A label shown but not enforced: {@code (aim 1)}, or {@code (aim 1, not reached, not enforced)}
   * when missed, so a passing run never prints a missed floor.
   */
  private static String aimLine(String label, String count, int seen, int aim) {
    return labelLine(
        label, count, "aim " + aim + (seen < aim ? ", not reached, not enforced" : ""));
  }

  private static String labelLine(String label, String count, String mark) {
    return String.format("%-42s %-18s (%s)", label, count, mark);
  }
}
