package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Edge values keep a provider's sequence valid; a swarm shrinks back to the plain generator. */
class EdgeValuesTests {
  private static final List<Long> LATEST =
      List.of(0L, (1L << 31) - 3, (1L << 53) + 1, Long.MAX_VALUE - 4, Long.MAX_VALUE - 1);

  @Test
  void versionsGrowAndNeverPassTheLargestValidVersion() {
    for (long seed = 0; seed < 2_000; seed++) {
      Choices choices = Choices.random(seed);
      long latest = LATEST.get((int) (seed % LATEST.size()));
      long next = EdgeValues.nextVersion(choices, latest, true);
      assertThat(next).as("seed %d after %d", seed, latest).isGreaterThan(latest);
    }
    Choices choices = Choices.random(7);
    assertThat(EdgeValues.nextVersion(choices, Long.MAX_VALUE, true)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void edgeDrawsReachEveryEdgeAndPlainDrawsStayNearby() {
    Set<Long> edgesReached = new TreeSet<>();
    for (long seed = 0; seed < 2_000; seed++) {
      long edged = EdgeValues.nextVersion(Choices.random(seed), 3, true);
      for (long edge : EdgeValues.VERSION_EDGES) {
        if (edged >= edge - EdgeValues.BELOW_EDGE && edged - 1 <= edge) {
          edgesReached.add(edge);
        }
      }
      long plain = EdgeValues.nextVersion(Choices.random(seed), 3, false);
      assertThat(plain).as("seed %d", seed).isBetween(4L, 6L);
    }
    assertThat(edgesReached).containsExactlyInAnyOrderElementsOf(EdgeValues.VERSION_EDGES);
  }

  @Test
  void aProviderAtTheLargestVersionReEmitsItsStateInsteadOfAConflict() {
    JsonObject state = JsonObject.EMPTY.with("stage", new JsonString("ready"));
    Provider provider =
        new Provider(
            Choices.random(3), new Swarm(Set.of(), true, false, false, false, false, false, false));
    provider.addCard("card-1", Long.MAX_VALUE, state);
    Envelope next = new Envelope(provider.nextSnapshot(provider.knownTruth()));
    assertThat(next.version()).isEqualTo(new ObjectVersion.Valid(Long.MAX_VALUE));
    assertThat(next.state()).contains(state);
  }

  @Test
  void retentionEdgesLandOnJustBeforeAndJustAfterTheEndOfTheWindow() {
    Instant first = Instant.parse("2024-03-01T10:00:02Z");
    Set<Instant> reached = new TreeSet<>();
    for (long seed = 0; seed < 100; seed++) {
      reached.add(
          EdgeValues.retentionEdge(Choices.random(seed), first, Duration.ofHours(24), false, true));
    }
    Instant end = first.plus(Duration.ofHours(24));
    assertThat(reached).containsExactly(end.minusSeconds(1), end, end.plusSeconds(1));
  }

  @Test
  void withFineTimesRetentionEdgesLandOnOrAMillisecondEitherSide() {
    Instant first = Instant.parse("2024-03-01T10:00:02.250Z");
    Set<Instant> reached = new TreeSet<>();
    for (long seed = 0; seed < 200; seed++) {
      reached.add(
          EdgeValues.retentionEdge(
              Choices.random(seed), first, Duration.ofMillis(1500), true, false));
    }
    Instant end = Instant.parse("2024-03-01T10:00:03.750Z");
    assertThat(reached).containsExactly(end.minusMillis(1), end, end.plusMillis(1));
  }

  @Test
  void aFineCaseDrawsEveryRetentionAtAnEdgeOfTimeAndFractionsOfASecond() {
    Set<Duration> retentions = new TreeSet<>();
    Set<Boolean> fractions = new TreeSet<>();
    for (long seed = 0; seed < 200; seed++) {
      Choices choices = Choices.random(seed);
      retentions.add(EdgeValues.retention(choices, true, Duration.ofHours(24)));
      fractions.add(EdgeValues.fraction(choices, true).isZero());
    }
    assertThat(retentions)
        .containsExactlyInAnyOrder(
            Duration.ZERO,
            Duration.ofMillis(1),
            Duration.ofMillis(500),
            Duration.ofMillis(1500),
            Duration.ofHours(24));
    assertThat(fractions).containsExactly(false, true);
    // Not fine: the choices are drawn, forced, and give the plain values.
    Choices plain = Choices.random(1);
    assertThat(EdgeValues.retention(plain, false, Duration.ofHours(24)))
        .isEqualTo(Duration.ofHours(24));
    assertThat(EdgeValues.fraction(plain, false)).isZero();
  }

  @Test
  void theSimplestSwarmIsThePlainGenerator() {
    assertThat(Swarm.draw(Choices.replay(List.of()))).isEqualTo(Swarm.PLAIN);
  }

  @Test
  void aSwarmNeverDrawsADisabledKindAndAlwaysKeepsNewEvents() {
    for (long seed = 0; seed < 300; seed++) {
      Swarm swarm = Swarm.draw(Choices.random(seed));
      int[] weights = swarm.weights(true);
      assertThat(weights[StepKind.NEW_EVENT.ordinal()]).as("seed %d", seed).isPositive();
      for (StepKind kind : StepKind.values()) {
        assertThat(weights[kind.ordinal()] == 0)
            .as("seed %d, %s", seed, kind)
            .isEqualTo(swarm.disabled().contains(kind));
      }
    }
  }
}
