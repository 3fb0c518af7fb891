package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * A clock move is sent only once a delivery of its round has started, so the two are in flight
 * together by construction. The receiver here answers a clock move at once and each delivery only
 * once that round's clock move has reached it: without the hold, a clock move released with a
 * delivery that lags 16 ms would be answered before the delivery was sent, every round.
 */
class ConcurrentRunHoldTests {
  private static final int ROUNDS = 20;

  @Test
  void aClockMoveIsHeldUntilADeliveryOfItsRoundIsInFlight() {
    List<List<ScenarioStep>> rounds = new ArrayList<>();
    List<List<Duration>> lags = new ArrayList<>();
    Instant clock = ConcurrentCase.START;
    for (int round = 0; round < ROUNDS; round++) {
      clock = clock.plus(Duration.ofHours(25));
      Envelope envelope = ConcurrentCase.snapshot("e-" + (round + 1), "card-1", round + 2, "");
      rounds.add(
          List.of(
              new ScenarioStep.Advance(2 * round + 1, Duration.ofHours(25), clock, null),
              new ScenarioStep.Deliver(2 * round + 2, envelope, null, Transport.PLAIN, null)));
      lags.add(List.of(Duration.ZERO, Duration.ofMillis(16)));
    }

    ConcurrentRun.Recorded run;
    try (ClockFirst receiver = new ClockFirst(new ModelReceiver(ConcurrentCase.setup()))) {
      run = ConcurrentRun.run(receiver, rounds, lags);
    }

    assertThat(run.controls()).hasSize(ROUNDS);
    for (ControlRequest clockMove : run.controls()) {
      Request delivery = run.requests().get(clockMove.round());
      assertThat(clockMove.startNanos())
          .as("round %d: the clock move starts after its delivery", clockMove.round() + 1)
          .isGreaterThanOrEqualTo(delivery.startNanos());
      assertThat(clockMove.overlaps(delivery))
          .as("round %d: in flight together", clockMove.round() + 1)
          .isTrue();
    }
    assertThat(InFlightCoverage.of(run, 2).withClockMove()).isEqualTo(ROUNDS);
  }

  /**
   * The model one request at a time, but a delivery waits (at most a second) until the clock move
   * of its round has reached the receiver: a delivery in flight while the clock moves.
   */
  private static final class ClockFirst implements ConcurrentReceiver {
    private final OneAtATime model;
    private int clockMoves;

    ClockFirst(ModelReceiver model) {
      this.model = new OneAtATime(model);
    }

    @Override
    public String name() {
      return "clock-first model";
    }

    @Override
    public void advanceClock(int step, Instant time) {
      model.advanceClock(step, time);
      synchronized (this) {
        clockMoves++;
        notifyAll();
      }
    }

    @Override
    public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
      int round = (step - 1) / 2;
      synchronized (this) {
        long until = System.nanoTime() + Duration.ofSeconds(1).toNanos();
        while (clockMoves <= round && System.nanoTime() < until) {
          try {
            wait(10);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
          }
        }
      }
      return model.deliver(step, envelope, transport);
    }

    @Override
    public List<ObjectReconciliation> reconcile(
        int step, SortedMap<String, AuthoritativeCard> authority) {
      return model.reconcile(step, authority);
    }

    @Override
    public ReceiverView view() {
      return model.view();
    }

    @Override
    public Set<Observable> shows() {
      return model.shows();
    }

    @Override
    public void close() {
      model.close();
    }
  }
}
