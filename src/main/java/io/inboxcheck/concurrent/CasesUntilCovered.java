package io.inboxcheck.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The coverage of every case a concurrency check generated and passed, summed, so the check can
 * keep generating cases until every floor is met, at most {@link #MAX_CASES} of them. Whether two
 * requests were in flight together is measured, and it is partly the scheduler's: a run that never
 * saw a race it is there for checked less, but it found nothing. So a floor still missed after the
 * bound is its own outcome, {@code WEAK}: neither a pass nor a finding about the receiver.
 */
public final class CasesUntilCovered {
  /** The most cases generated to meet every floor: the first, then at most three more. */
  public static final int MAX_CASES = 4;

  /** What a rerun of a {@code WEAK} run repeats, and what it may change. */
  public static final String WEAK_RERUN =
      "(the requests are the seed's; which of them overlap is partly the scheduler's, so a rerun"
          + " may meet every floor: rerun with another --seed, or on a less loaded machine)";

  /** How a run that found nothing ends: every floor met, one missed, or the search cut short. */
  public enum Outcome {
    PASSED,
    WEAK,
    INCONCLUSIVE
  }

  private final boolean resendRacesRequired;
  private InFlightCoverage coverage;
  private int resendRacesInFlight;
  private int controls;
  private int cases;
  private String boundReached;

  /**
   * @param resendRacesRequired whether the cases race a resend with an automatic retry, which then
   *     has its floor too ({@link ResendRaces})
   */
  public CasesUntilCovered(boolean resendRacesRequired) {
    this.resendRacesRequired = resendRacesRequired;
  }

  /**
   * Counts one case that found nothing: its measured coverage, the search's bound if it reached
   * one, its resend races and its reconciliations and clock moves.
   */
  public void add(ConcurrencyJudge.Verdict verdict, int caseResendRaces, int caseControls) {
    coverage = coverage == null ? verdict.coverage() : coverage.plus(verdict.coverage());
    if (boundReached == null) {
      boundReached = verdict.boundReached().orElse(null);
    }
    resendRacesInFlight += caseResendRaces;
    controls += caseControls;
    cases++;
  }

  /** Whether the cases so far met every floor; the check stops generating once they did. */
  public boolean floorsMet() {
    return cases > 0 && shortfalls().isEmpty();
  }

  /** Every floor the cases so far missed, one sentence each; empty before the first case. */
  public List<String> shortfalls() {
    List<String> shortfalls = new ArrayList<>();
    if (coverage != null) {
      shortfalls.addAll(coverage.shortfalls());
    }
    if (cases > 0 && resendRacesRequired) {
      shortfalls.addAll(ResendRaces.shortfalls(resendRacesInFlight));
    }
    return shortfalls;
  }

  /** The summed coverage as lines, the resend races' last when the cases had them. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>(coverage.lines());
    if (resendRacesRequired) {
      lines.add(ResendRaces.line(resendRacesInFlight));
    }
    return lines;
  }

  public int cases() {
    return cases;
  }

  /**
   * What the cases counted, by label: cases, rounds, reconciliations and clock moves, and each kind
   * of overlap measured, as {@link #lines()} shows them.
   */
  public SortedMap<String, Long> counts() {
    SortedMap<String, Long> counts = new TreeMap<>();
    counts.put("cases", (long) cases);
    counts.put("reconciliations and clock moves", (long) controls);
    if (coverage != null) {
      counts.put("rounds", (long) coverage.rounds());
      counts.put("copies of one delivery in flight at once", (long) coverage.copiesInFlight());
      counts.put("variants of one id in flight at once", (long) coverage.variantsInFlight());
      counts.put(
          "deliveries in flight answered differently", (long) coverage.answeredDifferently());
      counts.put(
          "deliveries in flight with a reconciliation", (long) coverage.withReconciliation());
      counts.put("deliveries in flight with a re-evaluation", (long) coverage.withReevaluation());
      counts.put("deliveries in flight with a clock move", (long) coverage.withClockMove());
      counts.put(
          "redeliveries in flight at a retention end", (long) coverage.atRetentionBoundary());
      counts.put(
          "rounds with every request in flight at once", (long) coverage.roundsAllInFlight());
    }
    if (resendRacesRequired) {
      counts.put("a resend in flight with an automatic retry", (long) resendRacesInFlight);
    }
    return counts;
  }

  /**
   * What the cases counted sent, in a few words: {@code 30 rounds of 4 requests at once (7
   * reconciliations and clock moves)}, and how many cases when more than one.
   */
  public String sent(int concurrency) {
    return (coverage == null ? 0 : coverage.rounds())
        + " rounds of "
        + concurrency
        + " requests at once"
        + (controls == 0 ? "" : " (" + controls + " reconciliations and clock moves)")
        + (cases <= 1
            ? ""
            : " in "
                + cases
                + (floorsMet()
                    ? " cases, generated until every floor was met"
                    : " cases, the most generated to meet every floor"));
  }

  /** The outcome of the cases counted, none of which found anything. */
  public Outcome outcome() {
    if (boundReached != null) {
      return Outcome.INCONCLUSIVE;
    }
    return floorsMet() ? Outcome.PASSED : Outcome.WEAK;
  }

  /** What {@link #outcome()} says to a person, a sentence or a few lines. */
  public List<String> outcomeLines() {
    return switch (outcome()) {
      case PASSED ->
          List.of(
              "every answer and the view after each round agree with a serial order of the"
                  + " requests through the model");
      case INCONCLUSIVE ->
          List.of(
              "INCONCLUSIVE: the search reached its bound ("
                  + boundReached
                  + "); not a pass, try a smaller --concurrency");
      case WEAK -> weakLines();
    };
  }

  /**
   * The lines of a run that found nothing but missed a floor in all the cases it may generate: the
   * outcome, each floor missed, and what would make the check stronger.
   */
  private List<String> weakLines() {
    List<String> lines = new ArrayList<>();
    lines.add(
        "WEAK: nothing failed, but "
            + cases
            + " cases (the most generated to meet every floor) never had every race in flight;"
            + " this is no finding about the receiver, and no pass:");
    shortfalls().forEach(shortfall -> lines.add("  " + shortfall));
    return lines;
  }
}
