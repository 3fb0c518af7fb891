package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Finding;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A receiver that throws, in a delivery, a reconciliation, a clock move or its view, has broken
 * RECEIVER_ANSWERS at that step: a finding with the exception's one line, not an error of the run.
 */
class ReceiverExceptionTests {
  /** Step 1 delivers for an unknown card-2, step 2 reconciles card-2. */
  private static final Scenario DELIVER_THEN_RECONCILE = read("authority-creates-card.json");

  /** Steps: deliver, deliver, advance, deliver, ... */
  private static final Scenario WITH_ADVANCE = read("redelivery-after-retention.json");

  @Test
  void aThrowingReconciliationIsAFindingAtThatStep() {
    Violation violation = violationOf(DELIVER_THEN_RECONCILE, ThrowingReconcileReceiver::new);

    assertThat(violation.finding()).isEqualTo(Finding.RECEIVER_THREW);
    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.stepKind()).isEqualTo("reconcile");
    assertThat(violation.describe())
        .isEqualTo(
            "RECEIVER_ANSWERS broken after step 2 (reconcile): expected answer without an"
                + " exception; observed exception java.lang.IllegalStateException: the"
                + " reconciliation of card-2 could not be committed: no card row to update");
  }

  @Test
  void aThrowingDeliveryIsAFindingWithTheMessagesFirstLineOnly() {
    Violation violation = violationOf(DELIVER_THEN_RECONCILE, ThrowingDelivery::new);

    assertThat(violation.step()).isEqualTo(1);
    assertThat(violation.stepKind()).isEqualTo("deliver");
    assertThat(violation.observed().describe())
        .isEqualTo("exception java.lang.UnsupportedOperationException: disk full");
  }

  @Test
  void aThrowingViewOrClockMoveIsAFindingAtItsStep() {
    assertThat(violationOf(DELIVER_THEN_RECONCILE, ThrowingView::new).step()).isEqualTo(1);
    Violation advance = violationOf(WITH_ADVANCE, ThrowingClock::new);
    assertThat(advance.step()).isEqualTo(3);
    assertThat(advance.stepKind()).isEqualTo("advance");
    assertThat(advance.observed().describe()).isEqualTo("exception java.lang.ArithmeticException");
  }

  @Test
  void withoutReceiverAnswersCheckedTheRunStopsWithoutAViolation() {
    CheckedRun.Result result =
        CheckedRun.run(
            DELIVER_THEN_RECONCILE,
            ThrowingReconcileReceiver::new,
            CheckedRun.Checks.INVARIANTS,
            Set.of(Invariant.NOTHING_LOST));

    assertThat(result.violation()).isEmpty();
    assertThat(result.thrown()).containsInstanceOf(IllegalStateException.class);
    assertThat(result.history().steps()).hasSize(1);
  }

  private static Violation violationOf(
      Scenario scenario, Function<ReceiverSetup, Receiver> receivers) {
    CheckedRun.Result result =
        CheckedRun.run(scenario, receivers, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    assertThat(result.violation()).isPresent();
    assertThat(result.violation().get().invariant()).isEqualTo(Invariant.RECEIVER_ANSWERS);
    return result.violation().get();
  }

  private static Scenario read(String file) {
    try {
      return new ScenarioReader().read(ProjectPaths.scenarios().resolve(file));
    } catch (InputRejected rejected) {
      throw new IllegalStateException(rejected);
    }
  }

  /** Throws from every delivery, with a message of two lines. */
  public static final class ThrowingDelivery extends NaiveReceiver {
    public ThrowingDelivery(ReceiverSetup setup) {
      super("throwing-delivery", setup);
    }

    @Override
    protected DeliveryOutcome decide(Envelope envelope) {
      throw new UnsupportedOperationException("disk full\nwhile writing the audit");
    }
  }

  /** Throws when asked for its view after its first delivery. */
  public static final class ThrowingView extends NaiveReceiver {
    private int views;

    public ThrowingView(ReceiverSetup setup) {
      super("throwing-view", setup);
    }

    @Override
    public ReceiverView view() {
      if (++views > 1) {
        throw new IllegalStateException("view unavailable");
      }
      return super.view();
    }
  }

  /** Throws, without a message, when the clock moves on by a day or more. */
  public static final class ThrowingClock extends NaiveReceiver {
    private Instant last;

    public ThrowingClock(ReceiverSetup setup) {
      super("throwing-clock", setup);
      last = setup.start();
    }

    @Override
    public void advanceClock(int step, Instant time) {
      if (!time.isBefore(last.plus(Duration.ofDays(1)))) {
        throw new ArithmeticException();
      }
      last = time;
      super.advanceClock(step, time);
    }
  }
}
