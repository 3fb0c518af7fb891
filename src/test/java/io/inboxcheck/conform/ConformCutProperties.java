package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.TestContext;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.model.Card;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.suite.PropertyRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No false alarm on a correct receiver's log, wherever it starts: generated workloads replayed by
 * the model, written as its log in one of three shapes, cut at a random line and conformed without
 * knowing what came before (and, cut between steps, with the cards at the cut known). Not one
 * divergence or broken invariant may come out. Coverage requires the cuts to leave what makes a
 * mid-history log hard: redeliveries of ids recorded before the cut, cards first seen after it, a
 * reconciliation judged after it, and steps judged all the same.
 *
 * <p>Rerun a failure with {@code mvn -B test -Dtest=ConformCutProperties -Dinboxcheck.seed=SEED}.
 */
class ConformCutProperties {
  /** Cut points tried: each try draws a workload and one cut. */
  static final int CUTS = 100;

  @TempDir Path folder;

  /** One generated workload's log and where it is cut. */
  record Cut(Scenario scenario, List<ModelLogs.Line> lines, int at, String shape, boolean cards) {
    @Override
    public String toString() {
      return shape
          + " log of "
          + lines.size()
          + " lines cut before line "
          + (at + 1)
          + (cards ? " with the cards at the cut" : "")
          + ":\n"
          + String.join(
              "\n", lines.subList(at, lines.size()).stream().map(ModelLogs.Line::text).toList());
    }
  }

  @Test
  void aCorrectReceiversLogCutAnywhereRaisesNoFalseAlarm() {
    Property<Cut> property =
        Property.of("conform on cut logs of a correct receiver", this::cut, this::check)
            .requireCoverage("an id recorded before the cut comes again", 0.2)
            .requireCoverage("a card first seen after the cut", 0.3)
            .requireCoverage("a reconciliation judged after the cut", 0.1)
            .requireCoverage("steps judged after the cut", 0.8)
            .requireCoverage("cut with the cards known", 0.2);
    PropertyResult<Cut> result =
        PropertyRunner.run(
            property,
            RunConfig.defaults()
                .withTries(Integer.getInteger("conform.cuts", CUTS))
                .withoutExampleDatabase());
    PropertyRecords.record(ProjectPaths.reports(), result, "conform");
    System.out.println(
        "conform cut property: seed "
            + result.seed()
            + ", "
            + result.triesRun()
            + " cuts; rerun with mvn -B test -Dtest=ConformCutProperties -Dinboxcheck.seed="
            + result.seed());
    System.out.println(result.describe());
    assertThat(result.status()).as(result.describe()).isEqualTo(PropertyResult.Status.PASSED);
    assertThat(result.triesRun()).isEqualTo(Integer.getInteger("conform.cuts", CUTS));
  }

  private Cut cut(io.inboxcheck.engine.Choices choices) {
    Scenario scenario = Workloads.draw(choices, "cut", 30, 120);
    History history = ModelLogs.history(scenario);
    int shape = choices.integer(0, 2);
    ModelLogs.Shape logShape =
        List.of(ModelLogs.Shape.AUDIT, ModelLogs.Shape.FULL, ModelLogs.Shape.DECISIONS).get(shape);
    List<ModelLogs.Line> lines = ModelLogs.numbered(scenario, history, logShape);
    int at = choices.integer(0, Math.max(0, lines.size() - 1));
    boolean cards =
        choices.bool(40) && (at == 0 || lines.get(at - 1).step() != lines.get(at).step());
    return new Cut(scenario, lines, at, List.of("audit", "full", "decisions").get(shape), cards);
  }

  private Verdict check(Cut cut, TestContext context) throws Exception {
    List<String> tail =
        cut.lines().subList(cut.at(), cut.lines().size()).stream()
            .map(ModelLogs.Line::text)
            .toList();
    if (tail.isEmpty()) {
      return Verdict.pass();
    }
    Path log = Files.write(Files.createTempFile(folder, "cut", ".jsonl"), tail);
    LogStart start = cut.cards() ? new LogStart(cardsBefore(cut), true) : LogStart.UNKNOWN;
    Conform.Result result =
        Conform.run(
            new JsonLinesFile(log),
            new Conform.Options(
                start, new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, true), false));
    Tally tally = result.tally();
    label(context, cut, tally);
    if (tally.divergenceCount() > 0 || tally.breachCount() > 0) {
      return new Verdict.Fail(
          "false alarm",
          "divergences " + tally.divergenceExamples() + "; breaches " + tally.breachExamples());
    }
    return Verdict.pass();
  }

  /** The cards after the last step before the cut, as the model held them. */
  private static SortedMap<String, Card> cardsBefore(Cut cut) {
    if (cut.at() == 0) {
      return cut.scenario().initial();
    }
    int step = cut.lines().get(cut.at() - 1).step();
    History history = ModelLogs.history(cut.scenario());
    for (HistoryStep recorded : history.steps()) {
      if (recorded.step() == step) {
        return new TreeMap<>(recorded.cards());
      }
    }
    throw new IllegalStateException("no step " + step);
  }

  private static void label(TestContext context, Cut cut, Tally tally) {
    if (tally.unjudged().containsKey(Unjudged.Reason.ID_BEFORE_LOG)) {
      context.label("an id recorded before the cut comes again");
    }
    if (tally.unjudged().containsKey(Unjudged.Reason.CARD_NOT_IN_LOG)) {
      context.label("a card first seen after the cut");
    }
    if (tally.agreeing().getOrDefault("reconcile", 0L) > 0) {
      context.label("a reconciliation judged after the cut");
    }
    if (tally.agreeingCount() > 0) {
      context.label("steps judged after the cut");
    }
    if (cut.cards()) {
      context.label("cut with the cards known");
    }
    context.count("lines", tally.lines());
    context.count("judged", tally.agreeingCount());
    context.count("unjudged", tally.unjudgedCount());
  }

  static void write(Path file, List<String> lines) {
    try {
      Files.write(file, lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
