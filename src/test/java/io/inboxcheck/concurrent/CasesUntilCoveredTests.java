package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Cases are counted until every floor is met; a floor missed by all of them makes the run WEAK,
 * which is neither a pass nor a finding, and a search cut short makes it INCONCLUSIVE.
 */
class CasesUntilCoveredTests {
  /** Copies and a reconciliation in flight, but no delivery with the clock move. */
  private static final InFlightCoverage NO_CLOCK_RACE =
      new InFlightCoverage(5, 2, 3, 3, 2, 0, 0, 28, 30, 4, true);

  private static final InFlightCoverage CLOCK_RACE =
      new InFlightCoverage(4, 1, 2, 2, 1, 2, 1, 29, 30, 4, true);

  @Test
  void aFloorMissedInOneCaseIsMetByTheNextAndTheCountsAreSummed() {
    CasesUntilCovered covered = new CasesUntilCovered(false);
    assertThat(covered.floorsMet()).as("before any case").isFalse();

    covered.add(passed(NO_CLOCK_RACE), 0, 7);
    assertThat(covered.floorsMet()).isFalse();
    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.WEAK);

    covered.add(passed(CLOCK_RACE), 0, 8);
    assertThat(covered.floorsMet()).isTrue();
    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.PASSED);
    assertThat(covered.sent(4))
        .isEqualTo(
            "60 rounds of 4 requests at once (15 reconciliations and clock moves) in 2 cases,"
                + " generated until every floor was met");
    assertThat(covered.lines())
        .anySatisfy(
            line -> assertThat(line).startsWith("copies of one delivery").contains("9 pairs"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("deliveries in flight with a clock move")
                    .contains("2 requests")
                    .doesNotContain("BELOW"));
  }

  @Test
  void aFloorMissedByEveryCaseIsWeakAndSaysWhichFloorAndThatItIsNoFinding() {
    CasesUntilCovered covered = new CasesUntilCovered(false);
    for (int index = 0; index < CasesUntilCovered.MAX_CASES; index++) {
      covered.add(passed(NO_CLOCK_RACE), 0, 7);
    }

    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.WEAK);
    assertThat(covered.outcomeLines().get(0))
        .startsWith("WEAK: nothing failed, but 4 cases")
        .contains("this is no finding about the receiver, and no pass");
    assertThat(covered.outcomeLines())
        .contains(
            "  coverage shortfall: deliveries in flight with a clock move occurred 0 times, the"
                + " floor is 1")
        .noneMatch(line -> line.contains("FAILED"));
  }

  @Test
  void aResendRaceHasItsFloorWhenTheCasesSendThem() {
    CasesUntilCovered covered = new CasesUntilCovered(true);
    covered.add(passed(CLOCK_RACE), 0, 8);
    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.WEAK);
    assertThat(covered.shortfalls())
        .singleElement()
        .asString()
        .startsWith("coverage shortfall: a resend in flight with an automatic retry");

    covered.add(passed(CLOCK_RACE), 1, 8);
    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.PASSED);
  }

  @Test
  void aSearchCutShortIsInconclusiveWhateverTheCoverage() {
    CasesUntilCovered covered = new CasesUntilCovered(false);
    covered.add(
        new ConcurrencyJudge.Verdict(
            "searching", List.of(), CLOCK_RACE, 500_000, Optional.of("500000 orders")),
        0,
        8);

    assertThat(covered.outcome()).isEqualTo(CasesUntilCovered.Outcome.INCONCLUSIVE);
    assertThat(covered.outcomeLines())
        .singleElement()
        .asString()
        .startsWith("INCONCLUSIVE: the search reached its bound (500000 orders)");
  }

  /** A coverage shortfall alone is no failed verdict: nothing the receiver did was wrong. */
  @Test
  void aVerdictWithAShortfallAndNoProblemPasses() {
    assertThat(passed(NO_CLOCK_RACE).passed()).isTrue();
    // No delivery with the clock move, so none at a retention end either.
    assertThat(NO_CLOCK_RACE.shortfalls())
        .containsExactly(
            "coverage shortfall: deliveries in flight with a clock move occurred 0 times, the floor"
                + " is 1",
            "coverage shortfall: redeliveries in flight at a retention end occurred 0 times, the"
                + " floor is 1");
  }

  private static ConcurrencyJudge.Verdict passed(InFlightCoverage coverage) {
    return new ConcurrencyJudge.Verdict("searching", List.of(), coverage, 10, Optional.empty());
  }
}
