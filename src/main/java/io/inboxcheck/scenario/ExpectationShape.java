package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.Ack;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an expectation may say, checked when a scenario is read: a misspelt field or an unknown
 * decision, reason, outcome or ack is input rejected with the valid list (exit 2), never an
 * expectation that silently fails (exit 1). {@code scenarios/scenario.schema.json} describes the
 * same shape for editors; {@code ScenarioSchemaTests} keeps the two in agreement.
 */
final class ExpectationShape {
  static final Set<String> DECISIONS = names(DecisionKind.values());
  static final Set<String> REASONS = names(HeldReason.values());
  static final Set<String> ACKS = names(Ack.values());
  static final Set<String> OUTCOMES = names(ReconcileOutcome.values());

  private static final Set<String> AFTER_KEYS =
      Set.of("cards", "absent_cards", "paused", "held", "replacements");
  private static final Set<String> DELIVER_KEYS =
      union(AFTER_KEYS, "decision", "reason", "restates", "ack", "retention_expired");
  private static final Set<String> RECONCILE_KEYS = union(AFTER_KEYS, "objects", "reevaluated");
  private static final Set<String> ADVANCE_KEYS = union(AFTER_KEYS, "pruned");
  private static final Set<String> FINAL_KEYS =
      Set.of("cards", "absent_cards", "paused", "unresolved", "replacements");
  private static final Set<String> CARD_KEYS = Set.of("version", "state", "paused");
  private static final Set<String> REPLACEMENT_KEYS = Set.of("event", "authoritative", "total");
  private static final Set<String> OBJECT_KEYS = Set.of("outcome", "regressed");
  private static final Set<String> REEVALUATION_KEYS = Set.of("event_id", "decision", "reason");

  private ExpectationShape() {}

  static JsonObject step(Located node, Expectations.StepKind kind) throws InputRejected {
    Set<String> allowed =
        switch (kind) {
          case DELIVER -> DELIVER_KEYS;
          case RECONCILE -> RECONCILE_KEYS;
          case ADVANCE -> ADVANCE_KEYS;
        };
    return facts(node, allowed, "the expectation of a " + kind.name().toLowerCase() + " step");
  }

  static JsonObject end(Located node) throws InputRejected {
    return facts(node, FINAL_KEYS, "expect_final");
  }

  private static JsonObject facts(Located node, Set<String> allowed, String what)
      throws InputRejected {
    JsonObject object = node.object(what);
    node.onlyKeys(allowed, what);
    for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
      fact(member.getKey(), node.child(member.getKey(), member.getValue()));
    }
    return object;
  }

  /** One expected fact; its value must be something the history can actually show. */
  private static void fact(String key, Located value) throws InputRejected {
    switch (key) {
      // A storage fault records no decision, and only HELD and DUPLICATE have a reason or a
      // restated decision: null is a fact the history shows.
      case "decision", "restates" -> oneOfOrNull(value, DECISIONS, "a decision");
      case "reason" -> oneOfOrNull(value, REASONS, "a held reason");
      case "ack" -> oneOf(value, ACKS, "an ack");
      case "retention_expired" -> value.bool();
      case "absent_cards", "paused", "pruned" -> {
        for (Located element : value.elements("a list of ids")) {
          element.text("an id");
        }
      }
      case "held", "unresolved" -> {
        for (Located element : value.elements("a list of event ids")) {
          idOrNull(element);
        }
      }
      case "cards" -> eachMember(value, "the expected cards", ExpectationShape::card);
      case "replacements" -> {
        value.object("replacement counts");
        value.onlyKeys(REPLACEMENT_KEYS, "replacement counts");
        for (Located count : members(value)) {
          count.nonNegativeInteger("a count");
        }
      }
      case "objects" -> eachMember(value, "the expected outcomes", ExpectationShape::object);
      case "reevaluated" -> {
        for (Located element : value.elements("the expected re-evaluations")) {
          reevaluation(element);
        }
      }
      default -> throw new IllegalStateException("no shape for the expectation " + key);
    }
  }

  private static void card(Located card) throws InputRejected {
    card.object("an expected card");
    card.onlyKeys(CARD_KEYS, "an expected card");
    if (card.member("version").isPresent()) {
      card.member("version").get().nonNegativeInteger("a version");
    }
    if (card.member("state").isPresent()) {
      card.member("state").get().object("a state");
    }
    if (card.member("paused").isPresent()) {
      card.member("paused").get().bool();
    }
  }

  private static void object(Located object) throws InputRejected {
    object.object("an expected reconcile outcome");
    object.onlyKeys(OBJECT_KEYS, "an expected reconcile outcome");
    if (object.member("outcome").isPresent()) {
      oneOf(object.member("outcome").get(), OUTCOMES, "a reconcile outcome");
    }
    if (object.member("regressed").isPresent()) {
      object.member("regressed").get().bool();
    }
  }

  private static void reevaluation(Located element) throws InputRejected {
    element.object("an expected re-evaluation");
    element.onlyKeys(REEVALUATION_KEYS, "an expected re-evaluation");
    if (element.member("event_id").isPresent()) {
      idOrNull(element.member("event_id").get());
    }
    if (element.member("decision").isPresent()) {
      oneOf(element.member("decision").get(), DECISIONS, "a decision");
    }
    if (element.member("reason").isPresent()) {
      oneOfOrNull(element.member("reason").get(), REASONS, "a held reason");
    }
  }

  private static void oneOfOrNull(Located value, Set<String> valid, String what)
      throws InputRejected {
    if (!(value.value() instanceof JsonNull)) {
      oneOf(value, valid, what);
    }
  }

  /** The one place a closed-set value is checked, so every such complaint reads the same. */
  private static void oneOf(Located value, Set<String> valid, String what) throws InputRejected {
    String text = value.text(what + ", one of " + Located.sorted(valid));
    if (!valid.contains(text)) {
      throw value.rejected(
          "unknown value \"" + text + "\"; expected one of " + Located.sorted(valid));
    }
  }

  /** An input without an event id is listed as null. */
  private static void idOrNull(Located value) throws InputRejected {
    if (!(value.value() instanceof JsonNull)) {
      value.text("an event id or null");
    }
  }

  private interface Check {
    void accept(Located value) throws InputRejected;
  }

  private static void eachMember(Located value, String what, Check check) throws InputRejected {
    value.object(what);
    for (Located member : members(value)) {
      check.accept(member);
    }
  }

  private static Iterable<Located> members(Located object) throws InputRejected {
    return object.object("an object").members().entrySet().stream()
        .map(entry -> object.child(entry.getKey(), entry.getValue()))
        .toList();
  }

  private static Set<String> union(Set<String> base, String... more) {
    Set<String> all = new HashSet<>(base);
    all.addAll(Arrays.asList(more));
    return Set.copyOf(all);
  }

  private static Set<String> names(Enum<?>[] values) {
    return Arrays.stream(values).map(Enum::name).collect(Collectors.toUnmodifiableSet());
  }
}
