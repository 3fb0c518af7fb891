package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.AuthoritativeCard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a scenario as a file a person can read, replay and copy into {@code scenarios/}: one step
 * per line, with {@code expect} filled from a reference history when one is given.
 */
public final class ScenarioWriter {
  /** Where editors find the scenario schema, relative to a file in {@code scenarios/}. */
  public static final String SCHEMA_REFERENCE = "./scenario.schema.json";

  private ScenarioWriter() {}

  /**
   * Renders {@code scenario}; {@code expectFrom} (may be null) supplies each step's expectation and
   * {@code expect_final}, else each step keeps its own; {@code extra} members (e.g. a {@code
   * failure} block) are appended.
   */
  public static String render(Scenario scenario, History expectFrom, Map<String, JsonValue> extra) {
    List<String> lines = new ArrayList<>();
    lines.add("{");
    // Resolves once the file is copied into scenarios/, which is what a written file is for.
    lines.add("  \"$schema\": " + text(SCHEMA_REFERENCE) + ",");
    lines.add("  \"name\": " + text(scenario.name()) + ",");
    lines.add("  \"description\": " + text(scenario.description()) + ",");
    lines.add("  \"retention\": " + text(scenario.retention().toString()) + ",");
    lines.add(
        "  \"supported_types\": "
            + strings(scenario.supportedTypes().stream().sorted().toList())
            + ",");
    lines.add("  \"start\": " + text(scenario.start().toString()) + ",");
    lines.add("  \"initial\": {");
    List<String> cards = new ArrayList<>();
    scenario
        .initial()
        .forEach(
            (id, card) ->
                cards.add(
                    "    " + text(id) + ": " + versionAndState(card.version(), card.state())));
    lines.add(String.join(",\n", cards));
    lines.add("  },");
    lines.add("  \"steps\": [");
    List<String> steps = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      HistoryStep recorded = expectFrom == null ? null : expectFrom.steps().get(index);
      steps.add("    " + step(scenario.steps().get(index), recorded).canonicalTextInStepOrder());
    }
    lines.add(String.join(",\n", steps));
    List<String> tail = new ArrayList<>();
    if (scenario.settleAfter() != null) {
      tail.add(
          "  \"settle_after\": "
              + scenario.settleAfter().stream().map(String::valueOf).toList().toString());
    }
    if (expectFrom != null) {
      tail.add("  \"expect_final\": " + finalExpectation(expectFrom).canonicalText());
    }
    extra.forEach((key, value) -> tail.add("  " + text(key) + ": " + value.canonicalText()));
    lines.add(tail.isEmpty() ? "  ]" : "  ],");
    if (!tail.isEmpty()) {
      lines.add(String.join(",\n", tail));
    }
    lines.add("}");
    return String.join("\n", lines) + "\n";
  }

  /**
   * One step's members in the order a person reads them: the action first, the expectation last.
   */
  private static OrderedStep step(ScenarioStep step, HistoryStep recorded) {
    OrderedStep members = new OrderedStep();
    if (step instanceof ScenarioStep.Deliver deliver) {
      // A body too large or deep to spell is written as it was described, so the file reads back.
      String text = deliver.envelope().text();
      Optional<LargeBodies.Description> described = LargeBodies.described(text);
      members.putRaw("deliver", described.map(LargeBodies.Description::envelopeText).orElse(text));
      described
          .filter(d -> d.nestToDepth() > 0)
          .ifPresent(d -> members.put("nest_to_depth", JsonNumber.of(d.nestToDepth())));
      described
          .filter(d -> d.padToBytes() > 0)
          .ifPresent(d -> members.put("pad_to_bytes", JsonNumber.of(d.padToBytes())));
      if (deliver.receivedAt() != null) {
        members.put("received_at", new JsonString(deliver.receivedAt().toString()));
      }
      if (deliver.transport().ackLost()) {
        members.put("ack_lost", JsonBoolean.TRUE);
      }
      if (deliver.transport().attempt() != null) {
        members.put("attempt", JsonNumber.of(deliver.transport().attempt()));
      }
      if (deliver.transport().storageFault()) {
        members.put("storage_fault", JsonBoolean.TRUE);
      }
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      TreeMap<String, JsonValue> authority = new TreeMap<>();
      for (Map.Entry<String, AuthoritativeCard> entry : reconcile.authority().entrySet()) {
        authority.put(
            entry.getKey(),
            versionAndStateValue(entry.getValue().version(), entry.getValue().state()));
      }
      members.put("reconcile", new JsonObject(authority));
      if (reconcile.at() != null) {
        members.put("at", new JsonString(reconcile.at().toString()));
      }
    } else if (step instanceof ScenarioStep.Advance advance) {
      members.put("advance", new JsonString(advance.by().toString()));
    }
    if (recorded != null) {
      members.put("expect", stepExpectation(recorded));
    } else if (step.expect() != null) {
      members.put("expect", step.expect());
    }
    return members;
  }

  private static JsonObject stepExpectation(HistoryStep recorded) {
    JsonObject facts = Expectations.stepFacts(recorded);
    TreeMap<String, JsonValue> expect = new TreeMap<>(facts.members());
    // Pruned ids and the harness's own retention note are reported, not expected.
    expect.remove("pruned");
    expect.remove("retention_expired");
    if (recorded.detail() instanceof HistoryStep.Delivered delivered
        && delivered.objectId() != null) {
      // A delivery names one card; expecting all of them would drown the point of the step.
      JsonObject cards = (JsonObject) facts.members().get("cards");
      TreeMap<String, JsonValue> named = new TreeMap<>();
      cards.get(delivered.objectId()).ifPresent(card -> named.put(delivered.objectId(), card));
      expect.put("cards", new JsonObject(named));
      if (named.isEmpty()) {
        expect.put("absent_cards", strings(List.of(delivered.objectId())));
      }
    }
    return new JsonObject(expect);
  }

  private static JsonObject finalExpectation(History history) {
    return Expectations.finalFacts(
        history.finalCards(), history.unresolved(), history.replacements());
  }

  private static String versionAndState(long version, JsonObject state) {
    return versionAndStateValue(version, state).canonicalText();
  }

  private static JsonObject versionAndStateValue(long version, JsonObject state) {
    TreeMap<String, JsonValue> card = new TreeMap<>();
    card.put("version", JsonNumber.of(version));
    card.put("state", state);
    return new JsonObject(card);
  }

  private static String text(String value) {
    return new JsonString(value).canonicalText();
  }

  private static JsonValue strings(List<String> values) {
    return new JsonArray(values.stream().<JsonValue>map(JsonString::new).toList());
  }

  /** Step members kept in insertion order, rendered as one line of JSON. */
  private static final class OrderedStep {
    private final List<Map.Entry<String, String>> members = new ArrayList<>();

    void put(String key, JsonValue value) {
      members.add(Map.entry(key, value.canonicalText()));
    }

    /** A member whose JSON text is kept exactly as given, e.g. an envelope as delivered. */
    void putRaw(String key, String jsonText) {
      members.add(Map.entry(key, jsonText));
    }

    String canonicalTextInStepOrder() {
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, String> member : members) {
        parts.add(text(member.getKey()) + ": " + member.getValue());
      }
      return "{" + String.join(", ", parts) + "}";
    }
  }
}
