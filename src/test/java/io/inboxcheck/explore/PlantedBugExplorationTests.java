package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.Main;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A receiver that lets a newer version unpause a card is caught by {@code explore} on the guide's
 * scenario, and the violating order is written as a scenario file that replays to the same
 * violation (issue 5, acceptance 3).
 */
class PlantedBugExplorationTests {
  private static final String PLANTED = "class:" + UnpausingReceiver.class.getName();

  @Test
  void exploreFindsThePlantedBugAndWritesAReplayableOrder() throws Exception {
    Path folder = ProjectPaths.reports().resolve("counterexamples");
    Path guide = ProjectPaths.scenarios().resolve("B62-15-events.json");

    Run explore =
        run(
            "explore",
            guide.toString(),
            "--receiver",
            PLANTED,
            "--counterexamples",
            folder.toString());

    assertThat(explore.exitCode()).as(explore.err()).isEqualTo(1);
    assertThat(explore.out()).contains("1,814,400").contains("VIOLATED");
    assertThat(explore.err()).contains("PAUSED_FROZEN");
    Path file = folder.resolve("explore-B62-15-events-unpausing-PAUSED_FROZEN.json");
    assertThat(file).exists();
    assertThat(Files.readString(file)).contains("\"failure\"").contains("\"found_by\":\"explore\"");
    assertThat(new ScenarioReader().read(file).steps()).hasSize(11);

    Run planted = run("replay", "--receiver", PLANTED, file.toString());
    assertThat(planted.exitCode()).isEqualTo(1);
    assertThat(planted.err()).contains("PAUSED_FROZEN");

    Run model = run("replay", file.toString());
    assertThat(model.exitCode())
        .as("the reference model keeps the expectations written for it: %s", model.err())
        .isZero();
  }

  @Test
  void theApiCountsTheOrdersThatBreakIt() throws Exception {
    Exploration exploration =
        Explorer.explore(
            new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json")),
            UnpausingReceiver::new,
            Explorer.Options.DEFAULTS);

    assertThat(exploration.holds()).isFalse();
    long broken = exploration.violatingOrders().get("PAUSED_FROZEN");
    assertThat(broken).isPositive().isLessThan(exploration.orders());
    assertThat(exploration.counterexamples())
        .extracting(Exploration.Counterexample::property)
        .contains("PAUSED_FROZEN");
    assertThat(exploration.counterexamples()).allMatch(Exploration.Counterexample::reproduced);
    assertThat(List.of(exploration.plan())).allMatch(plan -> plan.contains("locality"));
  }

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(exitCode, out.toString(), err.toString());
  }

  private record Run(int exitCode, String out, String err) {}
}
