package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A resend racing an automatic retry (Stripe: a resend "doesn't cancel Stripe's automatic retry
 * behavior"): the rounds a case draws for it, and the pairs counted as raced.
 */
class ResendRacesTests {
  private static final long SEED = 20261201L;

  private static final Transport RETRY = new Transport(false, ConcurrentCase.RETRY_ATTEMPT, false);

  @Test
  void theThirdRoundRacesAnEarlierEventAsRetriesAtEvenAndResendsAtOddPositions() {
    ConcurrentCase drawn = ConcurrentCase.draw(Choices.random(SEED), 4, true);

    List<ScenarioStep> race = drawn.rounds().get(2);
    List<Envelope> earlier = new ArrayList<>();
    drawn.rounds().subList(0, 2).forEach(round -> round.forEach(s -> earlier.add(envelope(s))));
    assertThat(race).hasSize(4).allMatch(step -> step instanceof ScenarioStep.Deliver);
    assertThat(race.stream().map(ResendRacesTests::envelope).distinct())
        .as("one event, sent again")
        .singleElement()
        .isIn(earlier);
    for (int index = 0; index < race.size(); index++) {
      assertThat(((ScenarioStep.Deliver) race.get(index)).transport())
          .as("position %d", index)
          .isEqualTo(index % 2 == 0 ? RETRY : Transport.PLAIN);
    }
  }

  @Test
  void withoutResendRacesNoRequestCarriesAnAttemptNumber() {
    ConcurrentCase drawn = ConcurrentCase.draw(Choices.random(SEED), 4, false);

    assertThat(drawn.requests())
        .filteredOn(step -> step instanceof ScenarioStep.Deliver)
        .extracting(step -> ((ScenarioStep.Deliver) step).transport())
        .containsOnly(Transport.PLAIN);
  }

  @Test
  void onlyARetryAndAResendOfOneEventInFlightAtOnceCountAsARace() {
    Envelope event = ConcurrentCase.snapshot("e-1", "card-1", 5, "");
    List<List<ScenarioStep>> raced =
        List.of(
            List.of(
                new ScenarioStep.Deliver(1, event, null, RETRY, null),
                new ScenarioStep.Deliver(2, event, null, Transport.PLAIN, null)));
    List<List<ScenarioStep>> copies =
        List.of(
            List.of(
                new ScenarioStep.Deliver(1, event, null, Transport.PLAIN, null),
                new ScenarioStep.Deliver(2, event, null, Transport.PLAIN, null)));
    DeliveryResult answer = DeliveryResult.NOT_DURABLE;
    List<Request> together =
        List.of(
            new Request(0, 1, event, answer, 0, 10, Optional.empty()),
            new Request(0, 2, event, answer, 5, 15, Optional.empty()));
    List<Request> apart =
        List.of(
            new Request(0, 1, event, answer, 0, 10, Optional.empty()),
            new Request(0, 2, event, answer, 10, 20, Optional.empty()));

    assertThat(ResendRaces.inFlight(raced, together)).isEqualTo(1);
    assertThat(ResendRaces.shortfalls(1)).isEmpty();
    assertThat(ResendRaces.inFlight(raced, apart)).isZero();
    assertThat(ResendRaces.inFlight(copies, together)).as("no retry among them").isZero();
    assertThat(ResendRaces.shortfalls(0))
        .singleElement()
        .asString()
        .startsWith("coverage shortfall:");
  }

  private static Envelope envelope(ScenarioStep step) {
    return ((ScenarioStep.Deliver) step).envelope();
  }
}
