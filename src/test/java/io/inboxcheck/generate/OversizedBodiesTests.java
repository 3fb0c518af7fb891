package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OversizedBodiesTests {
  private static JsonObject envelope() {
    ScenarioDraft draft = new ScenarioDraft(Choices.random(7));
    draft.addInitialCard("card-1");
    return draft.freshEnvelope();
  }

  /**
   * A size body says whether it is within the bound by construction; the model's own measure must
   * agree, or the generator would decide in its place.
   */
  @ParameterizedTest
  @EnumSource(OversizedBodies.Shape.class)
  void eachShapeIsWithinTheBoundsExactlyWhenTheModelMeasuresSoAndIsRecognised(
      OversizedBodies.Shape shape) {
    Envelope body = OversizedBodies.body(shape, envelope());

    boolean atBound = shape.name().endsWith("_AT");
    assertThat(body.withinBounds()).as("%s within the bounds", shape).isEqualTo(atBound);
    assertThat(DeliveryBounds.DEFAULT.breach(body.text()).isEmpty())
        .as("%s measured by the model", shape)
        .isEqualTo(atBound);
    assertThat(OversizedBodies.shapeOf(body)).contains(shape);
    if (!atBound) {
      assertThat(body.eventId()).as("past a bound a body has no identity").isEmpty();
    }
  }

  @Test
  void aBodyFromTheSameEnvelopeMapsBackToTheContentAReceiverRecords() {
    for (OversizedBodies.Shape shape : OversizedBodies.Shape.values()) {
      Envelope body = OversizedBodies.body(shape, envelope());
      if (shape.name().startsWith("SIZE") || shape.name().startsWith("DEPTH")) {
        assertThat(LargeBodies.content(body.text())).as("%s", shape).isEqualTo(body.content());
      }
    }
  }

  @Test
  void theGeneratorSendsEveryShape() {
    Set<OversizedBodies.Shape> seen = EnumSet.noneOf(OversizedBodies.Shape.class);
    for (long seed = 0;
        seed < 2_000 && seen.size() < OversizedBodies.Shape.values().length;
        seed++) {
      Scenario scenario = new ScenarioGenerator().generate(Choices.random(seed), "s");
      for (ScenarioStep step : scenario.steps()) {
        if (step instanceof ScenarioStep.Deliver deliver) {
          OversizedBodies.shapeOf(deliver.envelope()).ifPresent(seen::add);
        }
      }
    }
    assertThat(seen).containsExactlyInAnyOrder(OversizedBodies.Shape.values());
  }

  /** The floors can fail: a generator that stops drawing the step kind sends no shape at all. */
  @Test
  void withoutTheStepKindNoShapeIsSent() {
    Swarm withoutBounds =
        new Swarm(Set.of(StepKind.OVERSIZED_BODY), false, false, false, false, false, false, false);
    for (long seed = 0; seed < 300; seed++) {
      Scenario scenario =
          new ScenarioGenerator().generate(Choices.random(seed), "s", withoutBounds);
      for (ScenarioStep step : scenario.steps()) {
        if (step instanceof ScenarioStep.Deliver deliver) {
          assertThat(OversizedBodies.shapeOf(deliver.envelope())).as("seed %d", seed).isEmpty();
        }
      }
    }
  }

  @Test
  void ordinaryEnvelopesAreNoShape() {
    assertThat(OversizedBodies.shapeOf(new Envelope(envelope()))).isEmpty();
  }
}
