package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A resend racing an automatic retry (Stripe: a resend "doesn't cancel Stripe's automatic retry
 * behavior"): the rounds it replaces, the transports it gives, and the pairs it counts as raced.
 */
class ResendRacesTests {
  private static final long SEED = 20261201L;

  @Test
  void racesReplaceLaterRoundsWithCopiesOfAnEventDeliveredInAnEarlierRound() {
    List<List<Envelope>> batch = ConcurrentBatch.rounds(SEED, 4, ConcurrentBatch.ROUNDS);

    ResendRaces races = ResendRaces.into(batch, SEED);

    assertThat(races.raceRounds()).contains(ResendRaces.FIRST_RACE).doesNotContain(0, 1);
    assertThat(races.rounds()).hasSameSizeAs(batch);
    assertThat(races.rounds().subList(0, 2)).isEqualTo(batch.subList(0, 2));
    for (int round = 0; round < batch.size(); round++) {
      List<Envelope> sent = races.rounds().get(round);
      assertThat(sent).hasSize(4);
      if (!races.raceRounds().contains(round)) {
        assertThat(sent).as("round %d is left as drawn", round).isEqualTo(batch.get(round));
        continue;
      }
      List<Envelope> earlier = new ArrayList<>();
      races.rounds().subList(0, round).forEach(earlier::addAll);
      assertThat(sent).as("round %d: one event, sent again", round).containsOnly(sent.get(0));
      assertThat(earlier)
          .as("round %d: the event was delivered before", round)
          .contains(sent.get(0));
    }
  }

  @Test
  void inARaceEvenPositionsAreTheNumberedRetryAndOddOnesTheUnnumberedResend() {
    ResendRaces races =
        ResendRaces.into(ConcurrentBatch.rounds(SEED, 2, ConcurrentBatch.ROUNDS), SEED);
    int race = ResendRaces.FIRST_RACE;

    assertThat(races.transport(race, 0).attempt()).isEqualTo(ResendRaces.RETRY_ATTEMPT);
    assertThat(races.transport(race, 1)).isEqualTo(Transport.PLAIN);
    assertThat(races.transport(0, 0))
        .as("outside a race nothing is numbered")
        .isEqualTo(Transport.PLAIN);
  }

  @Test
  void onlyARetryAndAResendInFlightAtOnceCountAsARace() {
    ResendRaces races =
        ResendRaces.into(ConcurrentBatch.rounds(SEED, 2, ConcurrentBatch.ROUNDS), SEED);
    int race = ResendRaces.FIRST_RACE;
    Envelope event = races.rounds().get(race).get(0);
    int first = race * 2 + 1;
    DeliveryResult answer = DeliveryResult.NOT_DURABLE;

    List<Request> together =
        List.of(
            new Request(race, first, event, answer, 0, 10, Optional.empty()),
            new Request(race, first + 1, event, answer, 5, 15, Optional.empty()));
    List<Request> apart =
        List.of(
            new Request(race, first, event, answer, 0, 10, Optional.empty()),
            new Request(race, first + 1, event, answer, 10, 20, Optional.empty()));
    List<Request> notARace =
        List.of(
            new Request(0, 1, event, answer, 0, 10, Optional.empty()),
            new Request(0, 2, event, answer, 5, 15, Optional.empty()));

    assertThat(races.racesInFlight(together)).isEqualTo(1);
    assertThat(races.shortfalls(1)).isEmpty();
    assertThat(races.racesInFlight(apart)).isZero();
    assertThat(races.racesInFlight(notARace)).isZero();
    assertThat(races.shortfalls(0)).singleElement().asString().startsWith("coverage shortfall:");
  }

  @Test
  void aBatchTooShortToHoldARaceIsRefused() {
    assertThatThrownBy(() -> ResendRaces.into(ConcurrentBatch.rounds(SEED, 2, 2), SEED))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
