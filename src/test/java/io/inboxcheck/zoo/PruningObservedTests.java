package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Pruning is observed, not inferred: after every step the ids a receiver retains, with their {@code
 * first_received_at}, are compared with the model's. One delivery, then two clock moves, one second
 * before the end of its window and exactly at it, and no delivery after them: no decision can show
 * when the id was pruned, and each pruning mistake is caught at the clock move where it happens.
 */
class PruningObservedTests {
  private static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
  private static final Duration RETENTION = Duration.ofHours(24);
  private static final Instant WINDOW_END = START.plus(RETENTION);

  /** Deliver e-1, move the clock to one second before its window ends, then to its end. */
  private static final Scenario NO_LATER_DELIVERY =
      new Scenario(
          "pruning-observed",
          "one delivery, then clock moves to the end of its retention and no delivery after",
          "unit",
          RETENTION,
          Scenario.DEFAULT_SUPPORTED_TYPES,
          START,
          new TreeMap<>(ConcurrentCase.setup().initialCards()),
          List.of(
              new ScenarioStep.Deliver(
                  1, ConcurrentCase.snapshot("e-1", "card-1", 2, ""), START, Transport.PLAIN, null),
              new ScenarioStep.Advance(
                  2, RETENTION.minusSeconds(1), WINDOW_END.minusSeconds(1), null),
              new ScenarioStep.Advance(3, Duration.ofSeconds(1), WINDOW_END, null)),
          null);

  @Test
  void aLazyPrunerIsCaughtAtTheClockMoveNotAtTheNextDelivery() {
    Violation violation = caught(LazyPruningReceiver::new);

    assertThat(violation.describe())
        .isEqualTo(
            "CONFORMANCE broken after step 3 (advance): expected identity e-1 pruned at"
                + " 2024-03-02T10:00:00Z (first_received_at 2024-03-01T10:00:00Z + retention"
                + " PT24H), when the clock moved to 2024-03-02T10:00:00Z; observed identity e-1"
                + " retained at clock 2024-03-02T10:00:00Z (first_received_at"
                + " 2024-03-01T10:00:00Z)");
  }

  @Test
  void anEarlyPrunerIsCaughtInTheLastSecondOfTheWindow() {
    Violation violation = caught(EarlyPruningReceiver::new);

    assertThat(violation.describe())
        .isEqualTo(
            "CONFORMANCE broken after step 2 (advance): expected identity e-1 retained until"
                + " 2024-03-02T10:00:00Z (first_received_at 2024-03-01T10:00:00Z + retention"
                + " PT24H); observed identity e-1 pruned at clock 2024-03-02T09:59:59Z");
  }

  @Test
  void aPrunerByTheWallClockIsCaughtAtTheFirstClockMove() {
    Violation violation = caught(WallClockPruningReceiver::new);

    assertThat(violation.step()).isEqualTo(2);
    assertThat(violation.describe())
        .contains("expected identity e-1 retained until 2024-03-02T10:00:00Z")
        .contains("observed identity e-1 pruned at clock 2024-03-02T09:59:59Z");
  }

  /**
   * What held already: a receiver that shows its audit has its {@code identity_pruned} entries
   * compared with the model's entry by entry, so the lazy pruner is caught there too when it shows
   * no identities.
   */
  @Test
  void withoutItsIdentitiesTheAuditStillShowsTheLazyPrunersMissingEntry() {
    Violation violation =
        caught(setup -> new Showing(new LazyPruningReceiver(setup), Observable.IDENTITIES));

    assertThat(violation.step()).isEqualTo(3);
    assertThat(violation.describe())
        .startsWith("CONFORMANCE broken after step 3 (advance): expected audit entry 2")
        .contains("identity_pruned");
  }

  /** What is new: with no audit to show it, the identities it retains still do. */
  @Test
  void withoutItsAuditTheIdentitiesItRetainsShowTheLazyPruner() {
    Violation violation =
        caught(setup -> new Showing(new LazyPruningReceiver(setup), Observable.AUDIT));

    assertThat(violation.step()).isEqualTo(3);
    assertThat(violation.describe()).contains("observed identity e-1 retained at clock");
  }

  /** The negative space: a receiver that prunes as the model does passes every step. */
  @Test
  void theReferenceReceiverPassesTheSameSteps() {
    CheckedRun.Result result =
        CheckedRun.run(
            NO_LATER_DELIVERY,
            setup -> new NaiveReceiver("reference", setup) {},
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(result.violation()).isEmpty();
    assertThat(result.history().steps()).hasSize(3);
  }

  private static Violation caught(Function<ReceiverSetup, Receiver> receivers) {
    CheckedRun.Result result =
        CheckedRun.run(NO_LATER_DELIVERY, receivers, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    Violation violation = result.violation().orElseThrow();
    assertThat(violation.invariant()).isEqualTo(Invariant.CONFORMANCE);
    assertThat(violation.stepKind()).isEqualTo("advance");
    return violation;
  }

  /** A receiver that shows everything but {@code hidden}. */
  private static final class Showing implements Receiver {
    private final Receiver receiver;
    private final Observable hidden;

    Showing(Receiver receiver, Observable hidden) {
      this.receiver = receiver;
      this.hidden = hidden;
    }

    @Override
    public String name() {
      return receiver.name();
    }

    @Override
    public void advanceClock(int step, Instant time) {
      receiver.advanceClock(step, time);
    }

    @Override
    public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
      return receiver.deliver(step, envelope, transport);
    }

    @Override
    public List<ObjectReconciliation> reconcile(
        int step, SortedMap<String, AuthoritativeCard> authority) {
      return receiver.reconcile(step, authority);
    }

    @Override
    public ReceiverView view() {
      return receiver.view();
    }

    @Override
    public Set<Observable> shows() {
      Set<Observable> shown = EnumSet.copyOf(receiver.shows());
      shown.remove(hidden);
      return shown;
    }
  }
}
