package io.inboxcheck.explore;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deliveries a receiver cannot tell apart: the same semantic content (SPEC section 1) and the same
 * storage fault. Swapping two of them gives the same arrival order, so orders are counted as
 * permutations of a multiset. Transport metadata a receiver never reads ({@code ack_lost}, {@code
 * attempt}) and the envelope's spelling do not separate deliveries.
 *
 * @param id the class's index, in order of first appearance in the file
 * @param label a short unique name for reports, e.g. {@code e-201 card-7 v12}
 * @param members the class's deliveries in file order; the k-th arrival of the class in an order is
 *     given the k-th member's transport and spelling
 */
public record DeliveryClass(int id, String label, List<ScenarioStep.Deliver> members) {
  public DeliveryClass {
    members = List.copyOf(members);
  }

  public int multiplicity() {
    return members.size();
  }

  public Envelope envelope() {
    return members.get(0).envelope();
  }

  /** The name of the class's {@code occurrence}-th arrival (0-based), for reports. */
  public String arrivalLabel(int occurrence) {
    if (multiplicity() == 1) {
      return label;
    }
    return label + " (arrival " + (occurrence + 1) + " of " + multiplicity() + ")";
  }

  /** The scenario's deliveries grouped into classes, in order of first appearance. */
  public static List<DeliveryClass> of(Scenario scenario) {
    Map<Key, List<ScenarioStep.Deliver>> groups = new LinkedHashMap<>();
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Deliver deliver) {
        Key key = new Key(deliver.envelope().content(), deliver.transport().storageFault());
        groups.computeIfAbsent(key, k -> new ArrayList<>()).add(deliver);
      }
    }
    List<String> labels = labels(groups);
    List<DeliveryClass> classes = new ArrayList<>();
    int index = 0;
    for (List<ScenarioStep.Deliver> members : groups.values()) {
      classes.add(new DeliveryClass(index, labels.get(index), members));
      index++;
    }
    return classes;
  }

  private record Key(JsonValue content, boolean storageFault) {}

  private static List<String> labels(Map<Key, List<ScenarioStep.Deliver>> groups) {
    List<String> labels = new ArrayList<>();
    Map<String, Integer> uses = new HashMap<>();
    for (Map.Entry<Key, List<ScenarioStep.Deliver>> group : groups.entrySet()) {
      String base = shortLabel(group.getValue().get(0).envelope());
      labels.add(base);
      uses.merge(base, 1, Integer::sum);
    }
    // Two classes with one short label (an id conflict, a retry that faulted) show what differs.
    int index = 0;
    Map<String, Integer> seen = new HashMap<>();
    for (Map.Entry<Key, List<ScenarioStep.Deliver>> group : groups.entrySet()) {
      String label = labels.get(index);
      if (uses.get(label) > 1) {
        Envelope envelope = group.getValue().get(0).envelope();
        String detail =
            envelope.state().map(JsonValue::canonicalText).orElse(envelope.content().toString());
        label = label + " " + detail + (group.getKey().storageFault() ? " (storage fault)" : "");
        int repeat = seen.merge(label, 1, Integer::sum);
        if (repeat > 1) {
          label = label + " #" + repeat;
        }
      }
      labels.set(index, label);
      index++;
    }
    return labels;
  }

  private static String shortLabel(Envelope envelope) {
    String id = envelope.eventId().orElse("(no event id)");
    String object = envelope.objectId().orElse("(no object)");
    ObjectVersion version = envelope.version();
    String versionText;
    if (version instanceof ObjectVersion.Valid valid) {
      versionText = "v" + valid.value();
    } else if (version instanceof ObjectVersion.Invalid invalid) {
      versionText = "version " + invalid.raw().canonicalText();
    } else {
      versionText = "no version";
    }
    return id + " " + object + " " + versionText;
  }
}
