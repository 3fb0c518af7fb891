package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The serial-order search of receivers that show no audit order: it passes what some order of each
 * round explains, and catches answers and views no order explains. Requests are written by hand,
 * with their start and finish, so nothing here depends on a scheduler.
 */
class SerialWindowsTests {
  private static final ReceiverSetup SETUP = ConcurrentCase.setup();
  private static final Envelope COPY = ConcurrentCase.snapshot("e-1", "card-1", 5, "");
  private static final Envelope VARIANT = ConcurrentCase.snapshot("e-1", "card-1", 5, " changed");

  @Test
  void twoCopiesAnsweredInEitherOrderPass() {
    ModelReceiver model = new ModelReceiver(SETUP);
    Decision second = decide(model, 2, COPY);
    Decision first = decide(model, 1, COPY);

    SerialWindows.Result result =
        check(
            List.of(
                request(1, COPY, DeliveryResult.recorded(first)),
                request(2, COPY, DeliveryResult.recorded(second))),
            model);

    assertThat(result.problems()).isEmpty();
    assertThat(result.boundReached()).isNull();
  }

  @Test
  void twoCopiesBothAppliedHaveNoSerialOrder() {
    ModelReceiver model = new ModelReceiver(SETUP);
    Decision applied = decide(model, 1, COPY);
    decide(model, 2, COPY);

    SerialWindows.Result result =
        check(
            List.of(
                request(1, COPY, DeliveryResult.recorded(applied)),
                request(2, COPY, DeliveryResult.recorded(applied))),
            model);

    assertThat(result.problems())
        .singleElement()
        .asString()
        .startsWith("round 1: no serial order of its requests gives the answers")
        .contains("step 2 e-1: APPLIED");
  }

  @Test
  void aVariantWhoseConflictLeftNoTraceInTheViewFails() {
    ModelReceiver model = new ModelReceiver(SETUP);
    Decision applied = decide(model, 1, COPY);
    ModelReceiver afterBoth = model.copy();
    Decision held = decide(afterBoth, 2, VARIANT);

    // The receiver answered both as the model would, but shows the card unpaused, nothing held.
    SerialWindows.Result result =
        check(
            List.of(
                request(1, COPY, DeliveryResult.recorded(applied)),
                request(2, VARIANT, DeliveryResult.recorded(held))),
            model);

    assertThat(result.problems())
        .singleElement()
        .asString()
        .startsWith("no serial order ends in the receiver's view");
  }

  @Test
  void aNoAckTakesPartExactlyWhenTheViewShowsATraceOfIt() {
    ModelReceiver onlyFirst = new ModelReceiver(SETUP);
    Decision applied = decide(onlyFirst, 1, COPY);
    ModelReceiver both = onlyFirst.copy();
    decide(both, 2, VARIANT);
    List<Request> requests =
        List.of(
            request(1, COPY, DeliveryResult.recorded(applied)),
            request(2, VARIANT, DeliveryResult.NOT_DURABLE));

    assertThat(check(requests, onlyFirst).problems()).as("no trace: not delivered").isEmpty();
    assertThat(check(requests, both).problems()).as("held: it was delivered").isEmpty();
  }

  @Test
  void reachingTheOrderBoundIsNeverAPass() {
    ModelReceiver model = new ModelReceiver(SETUP);
    Envelope other = ConcurrentCase.snapshot("e-2", "card-2", 7, "");
    Decision first = decide(model, 1, COPY);
    Decision second = decide(model, 2, other);

    SerialWindows.Result result =
        SerialWindows.check(
            SETUP,
            List.of(
                request(1, COPY, DeliveryResult.recorded(first)),
                request(2, other, DeliveryResult.recorded(second))),
            model.view(),
            Observable.RICHEST_LEVEL,
            1,
            SerialWindows.MAX_STATES);

    assertThat(result.boundReached()).isEqualTo("more than 1 orders");
  }

  private static final Envelope PAUSED_CARD_DELIVERY =
      ConcurrentCase.snapshot("e-3", "card-1", 7, "");

  private static final SortedMap<String, AuthoritativeCard> AUTHORITY = authority();

  /**
   * A reconciliation of the card a variant paused, racing a delivery for it: held first and then
   * re-evaluated, or applied after the card was unpaused. The receiver did the first; it passes.
   */
  @Test
  void aReconciliationRacingADeliveryForItsCardPassesInTheOrderTheReceiverTook() {
    ModelReceiver model = new ModelReceiver(SETUP);
    Decision applied = decide(model, 1, COPY);
    Decision conflict = decide(model, 2, VARIANT);
    Decision held = decide(model, 4, PAUSED_CARD_DELIVERY);
    List<ObjectReconciliation> reconciled = model.reconcile(3, AUTHORITY);

    SerialWindows.Result result =
        SerialWindows.check(
            SETUP,
            pausedCardRace(applied, conflict, held, reconciled),
            model.view(),
            Observable.RICHEST_LEVEL);

    assertThat(held.reason()).isEqualTo(HeldReason.CARD_PAUSED);
    assertThat(result.problems()).isEmpty();
  }

  /**
   * The reconciliation decided before the delivery arrived and wrote after it: the delivery stays
   * held on the card the reconciliation unpaused, which no serial order gives.
   */
  @Test
  void aDeliveryLeftHeldOnACardItsReconciliationUnpausedHasNoSerialOrder() {
    ReceiverState shown =
        new ReceiverState(
            SETUP.initialCards(), SETUP.supportedTypes(), SETUP.retention(), SETUP.start());
    DeliveryOutcome applied = Reducer.decide(shown, COPY);
    shown.commit(1, COPY, applied);
    DeliveryOutcome conflict = Reducer.decide(shown, VARIANT);
    shown.commit(2, VARIANT, conflict);
    ObjectReconciliation early =
        Reconciler.reconcile(shown.copy(), "card-1", AUTHORITY.get("card-1"));
    DeliveryOutcome held = Reducer.decide(shown, PAUSED_CARD_DELIVERY);
    shown.commit(4, PAUSED_CARD_DELIVERY, held);
    shown.commit(3, early);

    SerialWindows.Result result =
        SerialWindows.check(
            SETUP,
            pausedCardRace(
                applied.decision(), conflict.decision(), held.decision(), List.of(early)),
            shown,
            Observable.RICHEST_LEVEL);

    assertThat(result.problems())
        .singleElement()
        .asString()
        .startsWith("no serial order ends in the receiver's view:")
        .contains("it shows held [e-3/card-1:CARD_PAUSED] where the model ends with held []");
  }

  /**
   * The same mistake, in a run that read the receiver's view after every round: it fails at the
   * round that left the delivery held, although the view at the end is one a serial order gives (as
   * when a later reconciliation of the card has re-evaluated what was left).
   */
  @Test
  void aViewReadAfterEachRoundCatchesTheRoundThatLeftADeliveryHeld() {
    ReceiverState shown =
        new ReceiverState(
            SETUP.initialCards(), SETUP.supportedTypes(), SETUP.retention(), SETUP.start());
    DeliveryOutcome applied = Reducer.decide(shown, COPY);
    shown.commit(1, COPY, applied);
    ReceiverView afterFirst = shown.copy();
    DeliveryOutcome conflict = Reducer.decide(shown, VARIANT);
    shown.commit(2, VARIANT, conflict);
    ReceiverView afterSecond = shown.copy();
    ObjectReconciliation early =
        Reconciler.reconcile(shown.copy(), "card-1", AUTHORITY.get("card-1"));
    DeliveryOutcome held = Reducer.decide(shown, PAUSED_CARD_DELIVERY);
    shown.commit(4, PAUSED_CARD_DELIVERY, held);
    shown.commit(3, early);
    ModelReceiver serial = new ModelReceiver(SETUP);
    decide(serial, 1, COPY);
    decide(serial, 2, VARIANT);
    decide(serial, 3, PAUSED_CARD_DELIVERY);
    serial.reconcile(4, AUTHORITY);
    ConcurrentRun.Recorded race =
        pausedCardRace(applied.decision(), conflict.decision(), held.decision(), List.of(early));
    ConcurrentRun.Recorded withViews =
        new ConcurrentRun.Recorded(
            race.requests(), race.controls(), List.of(afterFirst, afterSecond, shown));

    SerialWindows.Result atTheEnd =
        SerialWindows.check(SETUP, race, serial.view(), Observable.RICHEST_LEVEL);
    SerialWindows.Result eachRound =
        SerialWindows.check(SETUP, withViews, serial.view(), Observable.RICHEST_LEVEL);

    assertThat(atTheEnd.problems()).isEmpty();
    assertThat(eachRound.problems())
        .singleElement()
        .asString()
        .startsWith(
            "round 3: no serial order of its requests ends in the view the receiver shows after"
                + " it:")
        .contains("it shows held [e-3/card-1:CARD_PAUSED] where the model ends with held []");
  }

  /**
   * Two deliveries for a paused card, taken at once and both held: either order shows the same, but
   * the reconciliation after re-evaluates them in the order they arrived. The receiver took the
   * later step first; the search must keep both orders to explain the card it ends with.
   */
  @Test
  void heldInputsTakenAgainstStepOrderAreReEvaluatedInTheOrderTheReceiverTookThem() {
    Envelope first = ConcurrentCase.snapshot("e-3", "card-1", 7, "");
    Envelope second = ConcurrentCase.snapshot("e-4", "card-1", 7, " changed");
    ModelReceiver model = new ModelReceiver(SETUP);
    Decision applied = decide(model, 1, COPY);
    Decision conflict = decide(model, 2, VARIANT);
    Decision secondHeld = decide(model, 4, second);
    Decision firstHeld = decide(model, 3, first);
    List<ObjectReconciliation> reconciled = model.reconcile(5, AUTHORITY);
    ConcurrentRun.Recorded run =
        new ConcurrentRun.Recorded(
            List.of(
                new Request(0, 1, COPY, DeliveryResult.recorded(applied), 0, 10, Optional.empty()),
                new Request(
                    1, 2, VARIANT, DeliveryResult.recorded(conflict), 20, 30, Optional.empty()),
                new Request(
                    2, 3, first, DeliveryResult.recorded(firstHeld), 40, 50, Optional.empty()),
                new Request(
                    2, 4, second, DeliveryResult.recorded(secondHeld), 40, 50, Optional.empty())),
            List.of(
                new ControlRequest(
                    3, new ScenarioStep.Reconcile(5, AUTHORITY, null, null), reconciled, 60, 70)),
            List.of());

    SerialWindows.Result result =
        SerialWindows.check(SETUP, run, model.view(), Observable.RICHEST_LEVEL);

    assertThat(List.of(firstHeld.reason(), secondHeld.reason()))
        .containsOnly(HeldReason.CARD_PAUSED);
    assertThat(model.view().card("card-1").orElseThrow().state())
        .isEqualTo(((JsonObject) second.content()).get(Envelope.STATE).orElseThrow());
    assertThat(result.problems()).isEmpty();
    assertThat(result.boundReached()).isNull();
  }

  /** Rounds 1 and 2 pause card-1; round 3 races its reconciliation (step 3) and step 4. */
  private static ConcurrentRun.Recorded pausedCardRace(
      Decision applied, Decision conflict, Decision held, List<ObjectReconciliation> reconciled) {
    return new ConcurrentRun.Recorded(
        List.of(
            new Request(0, 1, COPY, DeliveryResult.recorded(applied), 0, 10, Optional.empty()),
            new Request(1, 2, VARIANT, DeliveryResult.recorded(conflict), 20, 30, Optional.empty()),
            new Request(
                2,
                4,
                PAUSED_CARD_DELIVERY,
                DeliveryResult.recorded(held),
                40,
                50,
                Optional.empty())),
        List.of(
            new ControlRequest(
                2, new ScenarioStep.Reconcile(3, AUTHORITY, null, null), reconciled, 40, 50)),
        List.of());
  }

  private static SortedMap<String, AuthoritativeCard> authority() {
    JsonObject content = (JsonObject) ConcurrentCase.snapshot("a", "card-1", 6, "").content();
    SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
    authority.put(
        "card-1", new AuthoritativeCard(6, (JsonObject) content.get(Envelope.STATE).orElseThrow()));
    return authority;
  }

  private static SerialWindows.Result check(List<Request> requests, ModelReceiver shown) {
    return SerialWindows.check(SETUP, requests, shown.view(), Observable.RICHEST_LEVEL);
  }

  private static Decision decide(ModelReceiver model, int step, Envelope envelope) {
    return model.deliver(step, envelope, Transport.PLAIN).decision();
  }

  /** A request of round 0 in flight from 0 to 10 ns, as every request of these tests. */
  static Request request(int step, Envelope envelope, DeliveryResult answer) {
    return new Request(0, step, envelope, answer, 0, 10, Optional.empty());
  }
}
