package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.TestContext;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One mistake is reported once: a correct receiver's log (the model's own, generated workloads)
 * with N recorded decisions flipped to wrong ones is conformed, and every flipped line must be a
 * divergence at that line, with at most N divergences besides. What a wrong record would have
 * changed is known only in part, so conform must not take it for the truth and then report the
 * receiver's next, correct records of the same card or id as mistakes of their own.
 *
 * <p>Rerun a failure with {@code mvn -B test -Dtest=ConformFlipProperties -Dinboxcheck.seed=SEED}.
 */
class ConformFlipProperties {
  /** Logs tried: each draws a workload, a log shape and the lines to flip. */
  static final int LOGS = 60;

  /** The most decisions flipped in one log. */
  static final int MOST_FLIPS = 4;

  /** The wrong decisions a flip may record, as the log spells them. */
  private static final List<String[]> WRONG =
      List.of(
          new String[] {"APPLIED", null},
          new String[] {"STALE", null},
          new String[] {"SAME_STATE", null},
          new String[] {"HELD", "CARD_PAUSED"},
          new String[] {"HELD", "VERSION_CONFLICT"},
          new String[] {"HELD", "UNKNOWN_OBJECT"},
          new String[] {"HELD", "MISSING_VERSION"});

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path folder;

  /** One log with its flipped lines (numbered from 1, as conform numbers them). */
  record Flipped(
      Scenario scenario, List<String> lines, Set<Long> flipped, String shape, boolean known) {
    @Override
    public String toString() {
      return shape
          + " log of "
          + lines.size()
          + " lines"
          + (known ? " with the cards at the start" : "")
          + ", flipped at lines "
          + flipped
          + ":\n"
          + String.join("\n", lines);
    }
  }

  @Test
  void aLogWithNFlippedDecisionsReportsEachOnceAndAtMostNMore() {
    Property<Flipped> property =
        Property.of("conform on logs with flipped decisions", this::flipped, this::check)
            .requireCoverage("a flip whose card the receiver goes on recording", 0.5)
            .requireCoverage("several flips in one log", 0.3)
            .requireCoverage("a log that starts with the cards unknown", 0.2);
    PropertyResult<Flipped> result =
        PropertyRunner.run(
            property,
            RunConfig.defaults()
                .withTries(Integer.getInteger("conform.flips", LOGS))
                .withoutExampleDatabase());
    System.out.println(
        "conform flip property: seed "
            + result.seed()
            + ", "
            + result.triesRun()
            + " logs; rerun with mvn -B test -Dtest=ConformFlipProperties -Dinboxcheck.seed="
            + result.seed());
    System.out.println(result.describe());
    assertThat(result.status()).as(result.describe()).isEqualTo(PropertyResult.Status.PASSED);
  }

  private Flipped flipped(Choices choices) {
    Scenario scenario = Workloads.draw(choices, "flips", 30, 150);
    History history = ModelLogs.history(scenario);
    int shape = choices.integer(0, 1);
    ModelLogs.Shape logShape = List.of(ModelLogs.Shape.FULL, ModelLogs.Shape.AUDIT).get(shape);
    List<String> lines = new ArrayList<>(ModelLogs.lines(scenario, history, logShape));
    List<Integer> deliveries = new ArrayList<>();
    for (int index = 0; index < lines.size(); index++) {
      if (lines.get(index).contains("\"kind\":\"delivery\"")
          && !lines.get(index).contains("\"decision\":null")) {
        deliveries.add(index);
      }
    }
    int wanted = Math.min(deliveries.size(), choices.integer(1, MOST_FLIPS));
    Set<Long> flipped = new TreeSet<>();
    while (flipped.size() < wanted) {
      int index = deliveries.get(choices.integer(0, deliveries.size() - 1));
      if (flipped.contains((long) index + 1)) {
        continue;
      }
      String wrong = flip(lines.get(index), choices);
      if (wrong != null) {
        lines.set(index, wrong);
        flipped.add((long) index + 1);
      } else {
        deliveries.remove(Integer.valueOf(index));
        wanted = Math.min(wanted, flipped.size() + deliveries.size());
      }
    }
    return new Flipped(
        scenario, lines, flipped, List.of("full", "audit").get(shape), choices.bool(60));
  }

  /** The line with its decision changed to a different one, or null when none is drawn. */
  private static String flip(String line, Choices choices) {
    try {
      ObjectNode node = (ObjectNode) JSON.readTree(line);
      ObjectNode decision = (ObjectNode) node.get("decision");
      String was = decision.get("decision").asText() + " " + decision.get("reason").asText();
      String[] wrong = choices.pick(WRONG);
      if (was.equals(wrong[0] + " " + (wrong[1] == null ? "null" : wrong[1]))) {
        return null;
      }
      decision.put("decision", wrong[0]);
      decision.put("reason", wrong[1]);
      decision.putNull("restates");
      // What the wrong decision would have paused, had it been the receiver's.
      if (node.has("paused")) {
        node.putArray("paused");
      }
      if (node.has("variant")) {
        node.put("variant", false);
      }
      return JSON.writeValueAsString(node);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private Verdict check(Flipped log, TestContext context) throws Exception {
    Path file = Files.write(Files.createTempFile(folder, "flipped", ".jsonl"), log.lines());
    LogStart start = log.known() ? LogStart.complete(log.scenario().initial()) : LogStart.UNKNOWN;
    Conform.Result result =
        Conform.run(
            new JsonLinesFile(file),
            new Conform.Options(
                start, new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, true), true));
    Tally tally = result.tally();
    label(context, log);
    Set<Long> reported = new TreeSet<>();
    tally.divergenceExamples().forEach(divergence -> reported.add(divergence.position().number()));
    long flips = log.flipped().size();
    if (tally.skipped() > 0) {
      return new Verdict.Fail("a flipped log was not read", tally.skippedLines().toString());
    }
    if (tally.divergenceCount() > 2 * flips) {
      return new Verdict.Fail(
          "one mistake reported more than once",
          flips
              + " flips, "
              + tally.divergenceCount()
              + " divergences at lines "
              + reported
              + ": "
              + tally.divergenceExamples().stream().map(Divergence::describe).toList());
    }
    Set<Long> missed = new TreeSet<>(firstOnTheirCards(log));
    missed.removeAll(reported);
    if (log.known() && !missed.isEmpty()) {
      return new Verdict.Fail(
          "a flipped line not reported", "lines " + missed + "; reported at " + reported);
    }
    return Verdict.pass();
  }

  /**
   * The flipped lines whose card and id no earlier flip named: what they read is certain, so each
   * must be found. A flip on a card an earlier one left known only in part may agree with one of
   * its readings, and then is rightly not judged.
   */
  private static Set<Long> firstOnTheirCards(Flipped log) {
    Set<Long> first = new TreeSet<>();
    Set<String> named = new java.util.HashSet<>();
    for (long line : log.flipped()) {
      String text = log.lines().get((int) line - 1);
      String objectId = member(text, "object_id");
      String eventId = member(text, "event_id");
      if (!named.contains("card " + objectId) && !named.contains("id " + eventId)) {
        first.add(line);
      }
      named.add("card " + objectId);
      named.add("id " + eventId);
    }
    return first;
  }

  private static void label(TestContext context, Flipped log) {
    if (log.flipped().size() > 1) {
      context.label("several flips in one log");
    }
    if (!log.known()) {
      context.label("a log that starts with the cards unknown");
    }
    for (long line : log.flipped()) {
      String objectId = member(log.lines().get((int) line - 1), "object_id");
      if (objectId != null
          && log.lines().subList((int) line, log.lines().size()).stream()
              .anyMatch(later -> later.contains("\\\"object_id\\\":\\\"" + objectId + "\\\""))) {
        context.label("a flip whose card the receiver goes on recording");
        return;
      }
    }
  }

  /** A string member of the line's envelope (escaped inside the line), or null. */
  private static String member(String line, String name) {
    String key = "\\\"" + name + "\\\":\\\"";
    int at = line.indexOf(key);
    if (at < 0) {
      return null;
    }
    int start = at + key.length();
    return line.substring(start, line.indexOf("\\\"", start));
  }
}
