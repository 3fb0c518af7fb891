package io.inboxcheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.ExpectationReport;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a receiver's observation level leaves unchecked, and how a report names it. */
class SkippedCheckTests {

  @Test
  void aReceiverShowingEverythingSkipsNothing() {
    Set<Invariant> all = EnumSet.allOf(Invariant.class);
    assertThat(SkippedCheck.of(all, Observable.RICHEST_LEVEL)).isEmpty();
  }

  @Test
  void theStateLevelSkipsWholeInvariantsAndSingleFindings() {
    Set<Invariant> all = EnumSet.allOf(Invariant.class);
    List<SkippedCheck> skipped = SkippedCheck.of(all, Observable.STATE_LEVEL);

    assertThat(skipped)
        .contains(
            new SkippedCheck("FIRST_RECORD_KEPT", EnumSet.of(Observable.IDENTITIES)),
            new SkippedCheck("AUDIT_APPEND_ONLY", EnumSet.of(Observable.AUDIT)),
            new SkippedCheck(
                "ACK_MEANS_DURABLE (ACK_WITHOUT_DECISION)", EnumSet.of(Observable.DECISION)),
            new SkippedCheck(
                "NOTHING_LOST (DECISION_NOT_RECORDED_ONCE)",
                EnumSet.of(Observable.DECISION, Observable.AUDIT)),
            new SkippedCheck("CONFORMANCE of decisions", EnumSet.of(Observable.DECISION)));
    assertThat(skipped)
        .extracting(SkippedCheck::check)
        .as("findings it can see are not listed, nor invariants without findings")
        .doesNotContain(
            "ACK_MEANS_DURABLE",
            "ACK_MEANS_DURABLE (ACK_ON_FAILED_WRITE)",
            "NOTHING_LOST (HELD_INPUT_DROPPED)",
            "NOTHING_LOST",
            "CLOCK_CHANGES_NO_CARD",
            "ORDER_INDEPENDENT",
            "CONFORMANCE");
    assertThat(skipped.get(skipped.size() - 1).check()).isEqualTo("CONFORMANCE of decisions");
  }

  @Test
  void onlyEnabledChecksAreListed() {
    List<SkippedCheck> skipped =
        SkippedCheck.of(EnumSet.of(Invariant.FIRST_RECORD_KEPT), EnumSet.of(Observable.ACK));
    assertThat(skipped)
        .containsExactly(new SkippedCheck("FIRST_RECORD_KEPT", EnumSet.of(Observable.IDENTITIES)));
    assertThat(SkippedCheck.of(EnumSet.of(Invariant.CONFORMANCE), EnumSet.of(Observable.DECISION)))
        .isEmpty();
  }

  @Test
  void aSkippedCheckSaysWhatItNeeds() {
    assertThat(new SkippedCheck("FIRST_RECORD_KEPT", EnumSet.of(Observable.IDENTITIES)).describe())
        .isEqualTo("FIRST_RECORD_KEPT: needs identity records");
    assertThat(new SkippedCheck("X", EnumSet.of(Observable.DECISION, Observable.AUDIT)).describe())
        .isEqualTo("X: needs decisions and the audit");
  }

  @Test
  void expectedFactsAreComparableOnlyWhenTheirObservableIsShown() {
    Set<Observable> none = EnumSet.of(Observable.ACK);
    Set<Observable> all = Observable.RICHEST_LEVEL;
    for (String path : List.of("decision", "reason/x", "restates", "objects/0", "reevaluated/1")) {
      ExpectationReport.Mismatch mismatch = new ExpectationReport.Mismatch(1, path, "a", "b");
      assertThat(SkippedCheck.comparable(mismatch, none)).as(path).isFalse();
      assertThat(SkippedCheck.comparable(mismatch, EnumSet.of(Observable.DECISION)))
          .as(path)
          .isTrue();
    }
    ExpectationReport.Mismatch pruned = new ExpectationReport.Mismatch(1, "pruned", "a", "b");
    assertThat(SkippedCheck.comparable(pruned, EnumSet.of(Observable.DECISION))).isFalse();
    assertThat(SkippedCheck.comparable(pruned, all)).isTrue();
    ExpectationReport.Mismatch cards = new ExpectationReport.Mismatch(1, "cards/card-1", "a", "b");
    assertThat(SkippedCheck.comparable(cards, none)).isTrue();
  }
}
