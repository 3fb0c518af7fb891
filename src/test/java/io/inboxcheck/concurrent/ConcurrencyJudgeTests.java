package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Transport;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Judging and coverage of a concurrent run, on requests written by hand. */
class ConcurrencyJudgeTests {
  private static final Envelope COPY = ConcurrentCase.snapshot("e-1", "card-1", 5, "");

  /** The first copy applied, the second a duplicate: answers that differ, in flight or not. */
  private static final DeliveryResult APPLIED = DeliveryResult.recorded(Decision.APPLIED);

  private static final DeliveryResult DUPLICATE =
      DeliveryResult.recorded(new Decision.Duplicate(Decision.APPLIED));

  /** Two copies, the second sent as the first finished: never in flight together. */
  private static final List<Request> ONE_AFTER_THE_OTHER =
      List.of(
          new Request(0, 1, COPY, APPLIED, 0, 10, Optional.empty()),
          new Request(0, 2, COPY, DUPLICATE, 10, 20, Optional.empty()));

  @Test
  void aNoAckUnderContentionIsAFindingNamingItsSqlState() {
    OneAtATime receiver = new OneAtATime(new ModelReceiver(ConcurrentCase.setup()));
    DeliveryResult applied = receiver.deliver(1, COPY, Transport.PLAIN);
    List<Request> requests =
        List.of(
            new Request(0, 1, COPY, applied, 0, 10, Optional.empty()),
            new Request(
                0,
                2,
                COPY,
                DeliveryResult.NOT_DURABLE,
                1,
                9,
                Optional.of("SQLSTATE 23505 (unique_violation)")));

    ConcurrencyJudge.Verdict verdict =
        ConcurrencyJudge.judge(ConcurrentCase.setup(), receiver, requests, receiver.view(), 2);

    assertThat(verdict.judgedBy()).isEqualTo("the audit order replayed through the model");
    assertThat(verdict.problems())
        .singleElement()
        .asString()
        .startsWith("step 2 (e-1): NO_ACK with nothing injected")
        .contains("SQLSTATE 23505 (unique_violation)");
    assertThat(verdict.passed()).isFalse();
    assertThat(verdict.coverage().copiesInFlight()).isEqualTo(1);
  }

  @Test
  void copiesThatNeverOverlapAreACoverageShortfall() {
    List<Request> together =
        List.of(
            new Request(0, 1, COPY, APPLIED, 0, 10, Optional.empty()),
            new Request(0, 2, COPY, DUPLICATE, 9, 20, Optional.empty()));

    InFlightCoverage apart = InFlightCoverage.of(ONE_AFTER_THE_OTHER, 2);
    InFlightCoverage overlapping = InFlightCoverage.of(together, 2);

    assertThat(apart.copiesInFlight()).isZero();
    assertThat(apart.answeredDifferently()).isZero();
    assertThat(apart.roundsAllInFlight()).isZero();
    assertThat(apart.shortfalls())
        .containsExactly(
            "coverage shortfall: copies of one delivery in flight at once occurred 0 times, the"
                + " floor is 1",
            "coverage shortfall: deliveries in flight at once answered differently occurred 0"
                + " times, the floor is 1");
    assertThat(overlapping.copiesInFlight()).isEqualTo(1);
    assertThat(overlapping.answeredDifferently()).isEqualTo(1);
    assertThat(overlapping.roundsAllInFlight()).isEqualTo(1);
    assertThat(overlapping.shortfalls()).isEmpty();
  }

  @Test
  void anAimNotReachedIsShownAsNotEnforcedAndAFloorMissedAsBelow() {
    // Copies overlap, but the second request starts after the third finished: never all three.
    List<Request> notAllAtOnce =
        List.of(
            new Request(0, 1, COPY, APPLIED, 0, 10, Optional.empty()),
            new Request(0, 2, COPY, DUPLICATE, 9, 20, Optional.empty()),
            new Request(0, 3, COPY, DUPLICATE, 0, 5, Optional.empty()));

    List<String> aimMissed = InFlightCoverage.of(notAllAtOnce, 3).lines();
    List<String> floorMissed = InFlightCoverage.of(ONE_AFTER_THE_OTHER, 2).lines();

    assertThat(aimMissed)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("3 requests in flight at once")
                    .endsWith("(aim 1, not reached, not enforced)"))
        .noneSatisfy(line -> assertThat(line).contains("BELOW"));
    assertThat(floorMissed)
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("copies of one delivery in flight at once")
                    .endsWith("(floor 1, BELOW)"));
  }
}
