package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.util.List;
import java.util.Optional;
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
