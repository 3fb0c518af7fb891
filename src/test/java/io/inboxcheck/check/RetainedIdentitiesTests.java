package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.RETENTION;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.advanced;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.recorded;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The identities a receiver retains, and their {@code first_received_at}, against the model's: each
 * way they can differ is named in the protocol's words, with expected and observed.
 */
class RetainedIdentitiesTests {
  private static final HistoryStep CLOCK_STEP = recorded(advance(3, Duration.ZERO), advanced());

  @Test
  void anIdRetainedByBothWithTheSameFirstReceiptIsNoFinding() {
    ReceiverState model = state();
    ReceiverState receiver = state();
    deliver(model, 1, envelope("e-1", 2L, "L2"));
    deliver(receiver, 1, envelope("e-1", 2L, "L2"));

    assertThat(Conformance.compareRetained(CLOCK_STEP, model, receiver)).isEmpty();
  }

  @Test
  void aFirstReceiptAtAnotherTimeIsNamedWithBothTimes() {
    ReceiverState model = state();
    ReceiverState receiver = state();
    deliver(model, 1, envelope("e-1", 2L, "L2"));
    receiver.advanceClock(1, START.plusSeconds(1));
    deliver(receiver, 1, envelope("e-1", 2L, "L2"));

    assertThat(Conformance.compareRetained(CLOCK_STEP, model, receiver).orElseThrow().describe())
        .isEqualTo(
            "CONFORMANCE broken after step 3 (advance): expected identity e-1 first_received_at"
                + " 2026-01-01T00:00:00Z; observed identity e-1 first_received_at"
                + " 2026-01-01T00:00:01Z");
  }

  /** A record kept past its window because a delivery of it is held says so, not "until". */
  @Test
  void anIdKeptPastItsWindowForAHeldDeliveryIsExpectedRetainedAndSaysWhy() {
    ReceiverState model = state();
    ReceiverState receiver = state();
    Envelope first = envelope("e-1", 2L, "L2");
    Envelope variant = envelope("e-1", 2L, "L2 changed");
    deliver(model, 1, first);
    deliver(model, 2, variant); // held ID_CONFLICT: the record is owed a resolution
    Instant past = START.plus(RETENTION).plusSeconds(60);
    model.advanceClock(3, past);
    receiver.advanceClock(3, past);

    assertThat(model.identities()).hasSize(1);
    assertThat(Conformance.compareRetained(CLOCK_STEP, model, receiver).orElseThrow().describe())
        .isEqualTo(
            "CONFORMANCE broken after step 3 (advance): expected identity e-1 retained past"
                + " 2026-01-02T00:00:00Z (first_received_at 2026-01-01T00:00:00Z + retention"
                + " PT24H): a delivery of it is still held; observed identity e-1 pruned at clock"
                + " 2026-01-02T00:01:00Z");
  }

  @Test
  void anIdTheModelNeverRecordedIsExpectedAsNone() {
    ReceiverState model = state();
    ReceiverState receiver = state();
    deliver(receiver, 1, envelope("e-9", 2L, "L2"));

    assertThat(Conformance.compareRetained(CLOCK_STEP, model, receiver).orElseThrow().describe())
        .isEqualTo(
            "CONFORMANCE broken after step 3 (advance): expected identity e-9 none: never"
                + " recorded; observed identity e-9 retained at clock 2026-01-01T00:00:00Z"
                + " (first_received_at 2026-01-01T00:00:00Z)");
  }

  private static ReceiverState state() {
    return new ReceiverState(
        Map.of(CARD, card(1, "L1")), Scenario.DEFAULT_SUPPORTED_TYPES, RETENTION, START);
  }

  private static void deliver(ReceiverState state, int step, Envelope envelope) {
    state.commit(step, envelope, Reducer.decide(state, envelope));
  }
}
