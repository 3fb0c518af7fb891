package io.inboxcheck.explore;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioRunner;
import io.inboxcheck.scenario.ScenarioWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes each violating order as a scenario file with exactly that order: expectations come from
 * the reference model (so the file replays green against it), and a {@code failure} block says what
 * the explored receiver broke.
 */
public final class ExplorationCounterexamples {
  private ExplorationCounterexamples() {}

  /** Writes one file per counterexample under {@code folder}; returns the paths in order. */
  public static List<Path> write(Exploration exploration, Path folder) {
    List<Path> files = new ArrayList<>();
    for (Exploration.Counterexample example : exploration.counterexamples()) {
      String name =
          ReportFiles.safeName(
              "explore-"
                  + exploration.scenario().name()
                  + "-"
                  + exploration.receiver()
                  + "-"
                  + example.property());
      Scenario order = example.order();
      Scenario named = order.renamed(name, "arrival order found by explore: " + example.found());
      History reference = new ScenarioRunner(ModelReceiver::new).replay(named);
      Map<String, JsonValue> extra = new LinkedHashMap<>();
      extra.put("failure", failure(exploration, example));
      files.add(
          ReportFiles.write(
              folder.resolve(name + ".json"), ScenarioWriter.render(named, reference, extra)));
    }
    return files;
  }

  private static JsonObject failure(Exploration exploration, Exploration.Counterexample example) {
    TreeMap<String, JsonValue> block = new TreeMap<>();
    block.put("found_by", new JsonString("explore"));
    block.put("scenario", new JsonString(exploration.scenario().source()));
    block.put("receiver", new JsonString(exploration.receiver()));
    block.put("property", new JsonString(example.property()));
    block.put("found", new JsonString(example.found()));
    if (example.replayed() != null) {
      block.put("replayed", new JsonString(example.replayed().describe()));
      block.put("step", JsonNumber.of(example.replayed().step()));
    }
    block.put(
        "orders_violating",
        JsonNumber.of(exploration.violatingOrders().getOrDefault(example.property(), 0L)));
    block.put("orders", JsonNumber.of(exploration.orders()));
    return new JsonObject(block);
  }
}
