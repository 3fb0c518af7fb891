package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.concurrent.AuditReplay;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A receiver whose audit differs from the model's in one member of one entry, and nowhere else: the
 * finding names that member as the receiver protocol spells it ({@code paused}), with what the
 * model expected and what the receiver wrote, and no Java record text; the plain check and the
 * crash check's replay of the audit both find it.
 */
class AuditFieldFindingTests {

  /** Lists no card in its audit's {@code paused} for the delivery that paused one. */
  public static final class PausedOmittingReceiver extends NaiveReceiver {
    public PausedOmittingReceiver(ReceiverSetup setup) {
      super("paused-omitted-from-audit", setup);
    }

    @Override
    public ReceiverView view() {
      return new ForwardingView(state) {
        @Override
        public List<AuditEntry> audit() {
          return super.audit().stream().map(PausedOmittingReceiver::withoutPaused).toList();
        }
      };
    }

    private static AuditEntry withoutPaused(AuditEntry entry) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery
          && !delivery.pausedCards().isEmpty()) {
        return new AuditEntry.DeliveryRecorded(
            delivery.step(),
            delivery.at(),
            delivery.envelope(),
            delivery.decision(),
            delivery.variant(),
            List.of());
      }
      return entry;
    }
  }

  private static final Scenario CONFLICT = conflict();

  private static Scenario conflict() {
    try {
      return new ScenarioReader()
          .read(ProjectPaths.scenarios().resolve("same-version-different-state.json"));
    } catch (InputRejected rejected) {
      throw new IllegalStateException(rejected);
    }
  }

  @Test
  void thePlainCheckNamesTheAuditMemberThatDiffersInTheProtocolsWords() {
    CheckedRun.Result result =
        CheckedRun.run(
            CONFLICT, PausedOmittingReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    Violation violation = result.violation().orElseThrow();
    assertThat(violation.invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.describe())
        .isEqualTo(
            "CONFORMANCE broken after step 2 (deliver): expected audit entry 2 (delivery at step"
                + " 2, event_id e-2), paused [\"card-1\"]; observed audit entry 2 (delivery at"
                + " step 2, event_id e-2), paused []");
    assertNoJavaRecordText(violation.describe());
  }

  @Test
  void theCrashChecksReplayOfTheAuditNamesTheSameMember() {
    PausedOmittingReceiver receiver = new PausedOmittingReceiver(CONFLICT.setup());
    io.inboxcheck.check.ScenarioRunner.replay(CONFLICT, receiver);

    List<String> problems =
        AuditReplay.check(
            CONFLICT.setup(), receiver.view(), AuditReplay.Authorities.of(CONFLICT.steps()));

    assertThat(problems)
        .containsExactly(
            "audit entry 2 (delivery at step 2, event_id e-2): paused: expected [\"card-1\"],"
                + " observed []");
    problems.forEach(AuditFieldFindingTests::assertNoJavaRecordText);
  }

  private static void assertNoJavaRecordText(String finding) {
    assertThat(finding)
        .doesNotContainPattern("[A-Z][a-zA-Z]+\\[[a-zA-Z]+=")
        .doesNotContain("pausedCards")
        .doesNotContain("DeliveryRecorded");
  }
}
