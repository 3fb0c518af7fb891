package io.inboxcheck.explore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.report.JsonTrees;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/** An exploration as machine-readable JSON: the same facts as the text report, structured. */
public final class ExplorationJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ExplorationJson() {}

  public static String render(Exploration exploration, List<Path> files) {
    try {
      return MAPPER.writeValueAsString(toTree(exploration, files)) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ObjectNode toTree(Exploration exploration, List<Path> files) {
    ObjectNode root = JsonTrees.NODES.objectNode();
    root.put("scenario", exploration.scenario().name());
    root.put("receiver", exploration.receiver());
    root.put("deliveries", exploration.deliveries());
    root.put("orders", exploration.orders());
    root.put("orders_formula", exploration.ordersFormula());
    root.put("holds", exploration.holds());
    root.put("reduction", exploration.reduction().name());
    root.put("plan", exploration.plan());
    ArrayNode groups = root.putArray("groups");
    exploration.groups().forEach(groups::add);
    root.put("distinct_states", exploration.states());
    root.put("transitions", exploration.transitions());
    root.put("fingerprint_collision_probability_at_most", exploration.fingerprintCollisionBound());
    root.put("seconds", exploration.seconds());
    ObjectNode bruteForce = root.putObject("brute_force_estimate");
    bruteForce.put("step_executions", exploration.bruteForceSteps());
    bruteForce.put("seconds_at_this_runs_rate", exploration.bruteForceSeconds());
    bruteForce.put("seconds_at_least", exploration.bruteForceSecondsAtLeast());
    ObjectNode invariants = root.putObject("invariants");
    for (Invariant invariant : Invariant.values()) {
      if (!invariant.judgedPerStep()) {
        continue;
      }
      ObjectNode node = invariants.putObject(invariant.name());
      node.put("checks", exploration.checks().getOrDefault(invariant, 0L));
      node.put(
          "orders_violating", exploration.violatingOrders().getOrDefault(invariant.name(), 0L));
    }
    ObjectNode run = root.putObject("whole_run_properties");
    run.put("order_independent_premise", exploration.orderIndependencePremise());
    for (String property : exploration.runProperties()) {
      run.putObject(property)
          .put("orders_violating", exploration.violatingOrders().getOrDefault(property, 0L));
    }
    root.put(
        "orders_violating_any", exploration.violatingOrders().getOrDefault(Exploration.ANY, 0L));
    ArrayNode finalCards = root.putArray("final_cards");
    exploration
        .finalCards()
        .forEach(
            (cards, orders) ->
                finalCards.addObject().put("orders", orders).set("cards", cards(cards)));
    root.set("unresolved", sets(exploration.unresolved()));
    root.set("paused", sets(exploration.paused()));
    ArrayNode replacements = root.putArray("replacements");
    exploration
        .replacements()
        .forEach(
            (counters, orders) ->
                replacements.addObject().put("orders", orders).set("counters", counters(counters)));
    ObjectNode decisions = root.putObject("decisions");
    exploration
        .decisions()
        .forEach(
            (delivery, counts) -> {
              ObjectNode node = decisions.putObject(delivery);
              counts.forEach(node::put);
            });
    ArrayNode counterexamples = root.putArray("counterexamples");
    for (int index = 0; index < exploration.counterexamples().size(); index++) {
      Exploration.Counterexample example = exploration.counterexamples().get(index);
      ObjectNode node = counterexamples.addObject();
      node.put("property", example.property());
      node.put("found", example.found());
      node.put("reproduced", example.reproduced());
      if (example.replayed() != null) {
        node.put("replayed", example.replayed().describe());
      }
      node.put("file", index < files.size() ? files.get(index).toString() : null);
    }
    return root;
  }

  private static ObjectNode cards(SortedMap<String, Card> cards) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    cards.forEach(
        (id, card) -> {
          ObjectNode cardNode = node.putObject(id);
          cardNode.put("version", card.version());
          cardNode.set("state", JsonTrees.toNode(card.state()));
          cardNode.put("paused", card.paused());
        });
    return node;
  }

  private static ArrayNode sets(Map<List<String>, Long> distribution) {
    ArrayNode array = JsonTrees.NODES.arrayNode();
    distribution.forEach(
        (set, orders) -> {
          ObjectNode row = array.addObject();
          row.put("orders", orders);
          ArrayNode values = row.putArray("set");
          set.forEach(values::add);
        });
    return array;
  }

  private static ObjectNode counters(ReplacementCounters counters) {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("event", counters.event());
    node.put("authoritative", counters.authoritative());
    node.put("total", counters.total());
    return node;
  }
}
