package io.inboxcheck.report;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.check.Violation;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one writer of counterexample files, whoever found the failure: a scenario a person can read,
 * replay and copy into {@code scenarios/}, with a {@code failure} block whose members mean the same
 * thing every time (their meaning is in {@code scenarios/scenario.schema.json}, {@code
 * $defs/failure}).
 */
public final class CounterexampleFile {
  /** How many counterexamples of other runs may share one name before writing refuses. */
  static final int MOST_NAMESAKES = 1000;

  /** The members of the failure block that say which run wrote it. */
  private static final List<String> RUN_MEMBERS =
      List.of("found_by", "property", "receiver", "seed");

  private static final StrictJson JSON = new StrictJson();

  private CounterexampleFile() {}

  /**
   * Who found a failure: the property engine, the explorer, a concurrent or crashed run, or conform
   * reading a receiver's recorded traffic.
   */
  public enum FoundBy {
    PROPERTY,
    EXPLORE,
    CONCURRENCY,
    CONFORM;

    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * What the {@code failure} block says.
   *
   * @param property what was being checked: a property's name, an explored whole-run property, or
   *     the test that ran a concurrent batch
   * @param receiver the receiver checked, or null when the test names it
   * @param violation the broken invariant where one is known, else null (the details say more)
   * @param seed the seed that reproduces the inputs, or null
   * @param reproduce how to run it again (an option or a command), or null
   * @param details what only this way of finding keeps, e.g. the orders counted by the explorer
   */
  public record Failure(
      FoundBy foundBy,
      String property,
      String receiver,
      Violation violation,
      Long seed,
      String reproduce,
      Map<String, JsonValue> details) {}

  /**
   * Writes {@code scenario} as {@code fileStem.json} under {@code folder} with {@code description}.
   * With {@code expectFromModel}, each step expects what the reference model does, so the file
   * replays green against the model and stops where a receiver leaves the policy; otherwise the
   * steps keep the expectations they carry. A file of that name that another run wrote is kept:
   * this one is then {@code fileStem-2.json}, {@code -3}, and so on (see {@link #sameRun}).
   */
  public static Path write(
      Path folder,
      String fileStem,
      Scenario scenario,
      String description,
      boolean expectFromModel,
      Failure failure) {
    JsonObject block = block(failure);
    String name = unclaimedName(folder, ReportFiles.safeName(fileStem), block);
    Scenario named = scenario.renamed(name, description);
    History reference =
        expectFromModel ? new ScenarioRunner(ModelReceiver::new).replay(named) : null;
    Map<String, JsonValue> extra = new LinkedHashMap<>();
    extra.put("failure", block);
    return ReportFiles.write(
        folder.resolve(name + ".json"), ScenarioWriter.render(named, reference, extra));
  }

  /**
   * {@code stem}, unless a file of that name holds another run's counterexample: then the first of
   * {@code stem-2}, {@code stem-3}, ... that is free or this run's own.
   */
  private static String unclaimedName(Path folder, String stem, JsonObject block) {
    for (int namesake = 1; namesake <= MOST_NAMESAKES; namesake++) {
      String name = namesake == 1 ? stem : stem + "-" + namesake;
      Path file = folder.resolve(name + ".json");
      if (!Files.exists(file) || sameRun(file, block)) {
        return name;
      }
    }
    throw new IllegalStateException(
        folder
            + " already holds "
            + MOST_NAMESAKES
            + " counterexamples named "
            + stem
            + " from other runs; remove the old ones");
  }

  /**
   * Whether {@code file} is a counterexample of the same run as {@code block}: found the same way,
   * by the same property, on the same receiver, from the same seed. Rerunning a check rewrites its
   * own file; a file that cannot be read as a counterexample is never overwritten.
   */
  static boolean sameRun(Path file, JsonObject block) {
    try {
      JsonValue written = JSON.parseFile(file);
      if (!(written instanceof JsonObject object)
          || !(object.get("failure").orElse(null) instanceof JsonObject failure)) {
        return false;
      }
      for (String member : RUN_MEMBERS) {
        if (!failure.get(member).equals(block.get(member))) {
          return false;
        }
      }
      return true;
    } catch (InputRejected unreadable) {
      return false;
    }
  }

  private static JsonObject block(Failure failure) {
    TreeMap<String, JsonValue> block = new TreeMap<>();
    block.put("found_by", new JsonString(failure.foundBy().word()));
    block.put("property", new JsonString(failure.property()));
    if (failure.receiver() != null) {
      block.put("receiver", new JsonString(failure.receiver()));
    }
    Violation violation = failure.violation();
    if (violation != null) {
      block.put("invariant", new JsonString(violation.invariant().name()));
      if (violation.finding() != null) {
        block.put("finding", new JsonString(violation.finding().name()));
      }
      block.put("step", JsonNumber.of(violation.step()));
      block.put("step_kind", new JsonString(violation.stepKind()));
      block.put("expected", new JsonString(violation.expected().describe()));
      block.put("observed", new JsonString(violation.observed().describe()));
    }
    if (failure.seed() != null) {
      block.put("seed", JsonNumber.of(failure.seed()));
    }
    if (failure.reproduce() != null) {
      block.put("reproduce", new JsonString(failure.reproduce()));
    }
    if (!failure.details().isEmpty()) {
      block.put("details", new JsonObject(new TreeMap<>(failure.details())));
    }
    return new JsonObject(block);
  }
}
