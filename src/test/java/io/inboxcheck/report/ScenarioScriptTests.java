package io.inboxcheck.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyReport;
import io.inboxcheck.zoo.RawTextComparingReceiver;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure script shows a delivery as it was spelled when that differs from its canonical text, so
 * a re-spelled redelivery that broke a receiver never reads identical to the step before it.
 */
class ScenarioScriptTests {
  private static final String CANONICAL =
      "{\"event_id\":\"e-1\",\"object_id\":\"card-1\",\"object_version\":12,"
          + "\"state\":{\"stage\":\"ready\"},\"type\":\"card.snapshot\"}";

  @Test
  void aRespelledRedeliveryShowsItsTextBesideTheCanonicalContent() throws Exception {
    List<String> lines =
        ScenarioScript.render(
                new ScenarioReader()
                    .read(ProjectPaths.scenarios().resolve("redelivery-reserialised.json")))
            .lines()
            .toList();

    assertThat(lines.get(2))
        .startsWith("2. deliver e-1 card-1 v12 {\"label\":\"Map\",\"stage\":\"ready\"}")
        .contains(", delivered as { \"state\" : { \"label\" : \"Map\" , \"stage\" : \"ready\" } ,")
        .contains("\"object_version\" : 12.0,");
    assertThat(lines.get(3))
        .contains(", delivered as {\"type\":\"card.snapshot\",")
        .contains("1.2e1");
  }

  @Test
  void theStoryOfAReceiverThatComparesTextShowsTheRedeliveryAsDelivered(@TempDir Path folder) {
    PropertyReport report =
        new PropertyHarness(
                RunConfig.defaults().withSeedFromName().withoutExampleDatabase(), folder)
            .faultSequences(
                "raw-text-comparing",
                RawTextComparingReceiver::new,
                CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    assertThat(report.story()).as(report.result().toString()).isPresent();
    String story = report.story().get().render();
    String broken = "  " + report.violation().orElseThrow().step() + ". deliver ";
    assertThat(story.lines().filter(line -> line.startsWith(broken)))
        .as(story)
        .singleElement()
        .asString()
        .contains(", delivered as {");
    assertThat(story.lines().filter(line -> line.startsWith("  1. deliver ")))
        .as("the first delivery is the canonical one: %s", story)
        .noneMatch(line -> line.contains("delivered as"));
  }

  @Test
  void aCanonicalOrOnlyDifferentlySpacedDeliveryShowsNothingMore() throws Exception {
    String spaced = CANONICAL.replace(":", " : ").replace(",", ", ");
    for (Envelope envelope :
        List.of(
            new Envelope(new StrictJson().parse("test", CANONICAL)),
            new Envelope(new StrictJson().parse("test", CANONICAL), CANONICAL),
            new Envelope(new StrictJson().parse("test", spaced), spaced))) {
      String line =
          ScenarioScript.describe(
              new ScenarioStep.Deliver(1, envelope, null, Transport.PLAIN, null));

      assertThat(line).isEqualTo("deliver e-1 card-1 v12 {\"stage\":\"ready\"}");
    }
  }
}
