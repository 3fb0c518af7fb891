package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A reconciliation or clock move and the first delivery of its round are in flight together by
 * construction. The receiver is the model one request at a time, which answers in microseconds, and
 * the delivery lags 16 ms: without the hold, the clock move or reconciliation would be answered
 * before the delivery was sent, in every round.
 */
class ConcurrentRunHoldTests {
  private static final int ROUNDS = 20;

  @Test
  void aClockMoveOrReconciliationIsInFlightWithTheDeliveryItRacesEveryRound() {
    List<List<ScenarioStep>> rounds = new ArrayList<>();
    List<List<Duration>> lags = new ArrayList<>();
    Instant clock = ConcurrentCase.START;
    for (int round = 0; round < ROUNDS; round++) {
      int step = 2 * round + 1;
      Envelope envelope = ConcurrentCase.snapshot("e-" + step, "card-1", round + 2, "");
      ScenarioStep control;
      if (round % 2 == 0) {
        clock = clock.plus(Duration.ofHours(25));
        control = new ScenarioStep.Advance(step, Duration.ofHours(25), clock, null);
      } else {
        TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
        authority.put("card-2", new AuthoritativeCard(round + 2, envelope.state().orElseThrow()));
        control = new ScenarioStep.Reconcile(step, authority, null, null);
      }
      rounds.add(
          List.of(
              control, new ScenarioStep.Deliver(step + 1, envelope, null, Transport.PLAIN, null)));
      lags.add(List.of(Duration.ZERO, Duration.ofMillis(16)));
    }

    ConcurrentRun.Recorded run;
    try (OneAtATime receiver = new OneAtATime(new ModelReceiver(ConcurrentCase.setup()))) {
      run = ConcurrentRun.run(receiver, rounds, lags);
    }

    assertThat(run.controls()).hasSize(ROUNDS);
    for (ControlRequest control : run.controls()) {
      Request delivery = run.requests().get(control.round());
      assertThat(control.overlaps(delivery))
          .as("round %d: %s in flight with its delivery", control.round() + 1, control.describe())
          .isTrue();
    }
    InFlightCoverage coverage = InFlightCoverage.of(run, 2);
    assertThat(coverage.withClockMove()).isEqualTo(ROUNDS / 2);
    assertThat(coverage.withReconciliation()).isEqualTo(ROUNDS / 2);
  }

  @Test
  void aRoundOfDeliveriesOnlyHoldsNothing() {
    Envelope envelope = ConcurrentCase.snapshot("e-1", "card-1", 2, "");
    List<ScenarioStep> copies =
        List.of(
            new ScenarioStep.Deliver(1, envelope, null, Transport.PLAIN, null),
            new ScenarioStep.Deliver(2, envelope, null, Transport.PLAIN, null));

    assertThat(RaceHold.of(copies)).isSameAs(RaceHold.NONE);
  }
}
