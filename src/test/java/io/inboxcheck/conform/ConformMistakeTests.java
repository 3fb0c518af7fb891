package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.model.Decision;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Conform's power: the log of a receiver that lets the last arrival win yields divergences and a
 * broken invariant, and its first divergence becomes a short scenario that fails against that
 * receiver and passes against the model. Seeded: rerun with the seed each test names.
 */
class ConformMistakeTests {
  static final long SEED = 20241201;

  @TempDir Path folder;

  @Test
  void theLastArrivalWinsLogDivergesAndItsFirstDivergenceReplays() throws Exception {
    Scenario workload = Workloads.draw(Choices.random(SEED, 1_000_000), "mistaken", 150, 150);
    History mistaken = new ScenarioRunner(LastArrivalWinsReceiver::new).replay(workload);
    Path log =
        Files.write(
            folder.resolve("mistaken.jsonl"),
            ModelLogs.lines(workload, mistaken, ModelLogs.Shape.AUDIT));
    Conform.Options options =
        new Conform.Options(
            LogStart.complete(workload.initial()),
            new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, true),
            false);

    Conform.Result result = Conform.run(new JsonLinesFile(log), options);

    Tally tally = result.tally();
    assertThat(tally.divergenceCount()).as("seed " + SEED).isPositive();
    assertThat(tally.breaches()).containsKey(Invariant.VERSION_MONOTONIC.name());
    Divergence first = tally.firstReplayable();
    assertThat(first).isNotNull();
    assertThat(first.recorded().get("decision")).isEqualTo(Decision.APPLIED);

    MinimalScenario.Found found =
        MinimalScenario.of(new JsonLinesFile(log), options, first, "last-arrival-wins-first")
            .orElseThrow();
    assertThat(found.scenario().steps()).hasSizeBetween(1, 8);
    ConformReport.Written written =
        ConformReport.writeScenario(folder, log.toString(), first, found, "conform " + log);
    Scenario replayed = new ScenarioReader().read(written.file());

    History againstModel = new ScenarioRunner(ModelReceiver::new).replay(replayed);
    assertThat(againstModel.expectationsHold()).as(written.file().toString()).isTrue();
    CheckedRun.Result againstMistake =
        CheckedRun.run(
            replayed, LastArrivalWinsReceiver::new, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    assertThat(againstMistake.violation()).isPresent();
    assertThat(againstMistake.violation().get().step()).isEqualTo(replayed.steps().size());
    assertThat(Files.readString(written.page())).contains("divergence");
  }

  @Test
  void mostCutsOfTheMistakenLogStillShowIt() throws Exception {
    Scenario workload = Workloads.draw(Choices.random(SEED + 1, 1_000_000), "mistaken", 150, 150);
    History mistaken = new ScenarioRunner(LastArrivalWinsReceiver::new).replay(workload);
    List<String> lines = ModelLogs.lines(workload, mistaken, ModelLogs.Shape.AUDIT);
    int caught = 0;
    int cuts = 20;
    for (int cut = 0; cut < cuts; cut++) {
      int at = cut * lines.size() / (2 * cuts);
      Path log =
          Files.write(folder.resolve("cut-" + cut + ".jsonl"), lines.subList(at, lines.size()));
      Conform.Result result =
          Conform.run(
              new JsonLinesFile(log),
              new Conform.Options(
                  LogStart.UNKNOWN,
                  new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, true),
                  false));
      caught += result.tally().divergenceCount() > 0 ? 1 : 0;
    }
    assertThat(caught)
        .as("cuts of the mistaken log that show a divergence, seed " + (SEED + 1))
        .isGreaterThanOrEqualTo(cuts * 3 / 4);
  }
}
