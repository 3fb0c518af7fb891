package io.inboxcheck.json.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;
import org.junit.jupiter.api.Test;

class RawTextTests {
  @Test
  void eachDeliverValueKeepsItsExactSpelling() {
    String text =
        "{\"name\": \"x\", \"steps\": [ {\"advance\": \"PT1H\"},\n"
            + " {\"deliver\": { \"object_version\" : 12.0 ,\"event_id\":\"e-1\" }, \"received_at\": \"2024-01-01T00:00:00Z\"},"
            + " {\"received_at\": \"2024-01-01T00:00:01Z\", \"deliver\": [1, 2]} ]}";

    List<String> raw = RawText.stepDeliveries(text);

    assertThat(raw)
        .containsExactly(null, "{ \"object_version\" : 12.0 ,\"event_id\":\"e-1\" }", "[1, 2]");
  }

  @Test
  void aReserialisedRedeliveryInAScenarioFileIsReadWithItsOwnSpellingAndTheSameValue()
      throws Exception {
    Scenario scenario =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("redelivery-reserialised.json"));
    List<Envelope> envelopes =
        scenario.steps().stream()
            .filter(ScenarioStep.Deliver.class::isInstance)
            .map(step -> ((ScenarioStep.Deliver) step).envelope())
            .toList();

    assertThat(envelopes.get(1).content()).isEqualTo(envelopes.get(0).content());
    assertThat(envelopes.get(1).text()).isNotEqualTo(envelopes.get(0).text());
  }
}
