package io.inboxcheck.explore;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.report.CounterexampleFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
      Map<String, JsonValue> details = new LinkedHashMap<>();
      details.put("scenario", new JsonString(exploration.scenario().source()));
      details.put("found", new JsonString(example.found()));
      details.put(
          "orders_violating",
          JsonNumber.of(exploration.violatingOrders().getOrDefault(example.property(), 0L)));
      details.put("orders", JsonNumber.of(exploration.orders()));
      files.add(
          CounterexampleFile.write(
              folder,
              "explore-"
                  + exploration.scenario().name()
                  + "-"
                  + exploration.receiver()
                  + "-"
                  + example.property(),
              example.order(),
              "arrival order found by explore: " + example.found(),
              true,
              new CounterexampleFile.Failure(
                  CounterexampleFile.FoundBy.EXPLORE,
                  example.property(),
                  exploration.receiver(),
                  example.replayed(),
                  null,
                  null,
                  details)));
    }
    return files;
  }
}
