package io.inboxcheck.suite;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Coverage labels for near twins, read off a scenario: two compared strings (event ids, object ids,
 * types, texts in states) that differ only in surrounding whitespace or only in case, which a
 * receiver's normalisation would merge although SPEC section 1 compares them exactly; the values a
 * dynamic language treats as "nothing" in states ({@code {}}, {@code []}, {@code 0}, {@code false},
 * {@code ""}) and two states that differ only in such a value, or only in a member set to {@code
 * null} versus absent; and ids written with JSON escapes, the same id in another spelling. Each has
 * a floor in {@link RequiredCoverage}.
 */
public final class TwinLabels {
  static final String IDS_DIFFERING_IN_WHITESPACE = "twin:event_ids_differing_only_in_whitespace";
  static final String OBJECT_IDS_DIFFERING_IN_WHITESPACE =
      "twin:object_ids_differing_only_in_whitespace";
  static final String OBJECT_IDS_DIFFERING_IN_CASE = "twin:object_ids_differing_only_in_case";
  static final String TYPES_DIFFERING_IN_WHITESPACE = "twin:types_differing_only_in_whitespace";
  static final String TYPES_DIFFERING_IN_CASE = "twin:types_differing_only_in_case";
  static final String STATE_TEXTS_DIFFERING_IN_WHITESPACE =
      "twin:state_texts_differing_only_in_whitespace";
  static final String STATE_TEXTS_DIFFERING_IN_CASE = "twin:state_texts_differing_only_in_case";
  static final String IDS_SPELLED_WITH_ESCAPES = "twin:ids_spelled_with_escapes";
  static final String STATE_EMPTY_CONTAINER = "nothing:state_empty_object_or_array";
  static final String STATE_ZERO_OR_FALSE = "nothing:state_zero_or_false";
  static final String STATE_EMPTY_STRING = "nothing:state_empty_string";
  static final String STATES_DIFFERING_IN_NOTHING = "nothing:states_differing_only_in_nothing";
  static final String STATES_NULL_VERSUS_ABSENT = "nothing:states_null_versus_absent";
  static final String STATES_ZERO_VERSUS_FALSE = "nothing:states_zero_versus_false";

  private TwinLabels() {}

  /** Every label this family can earn, in a stable order: the floors are set on each. */
  static List<String> all() {
    return List.of(
        IDS_DIFFERING_IN_WHITESPACE,
        OBJECT_IDS_DIFFERING_IN_WHITESPACE,
        OBJECT_IDS_DIFFERING_IN_CASE,
        TYPES_DIFFERING_IN_WHITESPACE,
        TYPES_DIFFERING_IN_CASE,
        STATE_TEXTS_DIFFERING_IN_WHITESPACE,
        STATE_TEXTS_DIFFERING_IN_CASE,
        IDS_SPELLED_WITH_ESCAPES,
        STATE_EMPTY_CONTAINER,
        STATE_ZERO_OR_FALSE,
        STATE_EMPTY_STRING,
        STATES_DIFFERING_IN_NOTHING,
        STATES_NULL_VERSUS_ABSENT,
        STATES_ZERO_VERSUS_FALSE);
  }

  /** Whether a label is one a state carries in most cases that draw exact values. */
  static boolean common(String label) {
    return label.equals(STATE_EMPTY_CONTAINER)
        || label.equals(STATE_ZERO_OR_FALSE)
        || label.equals(STATE_EMPTY_STRING);
  }

  public static SortedSet<String> ofScenario(Scenario scenario) {
    SortedSet<String> labels = new TreeSet<>();
    List<JsonObject> states = new ArrayList<>();
    scenario.initial().values().forEach(card -> states.add(card.state()));
    Set<String> eventIds = new TreeSet<>();
    Set<String> objectIds = new TreeSet<>(scenario.initial().keySet());
    Set<String> types = new TreeSet<>(scenario.supportedTypes());
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        objectIds.addAll(reconcile.authority().keySet());
        reconcile.authority().values().forEach(card -> states.add(card.state()));
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        Envelope envelope = deliver.envelope();
        envelope.state().ifPresent(states::add);
        envelope.eventId().ifPresent(eventIds::add);
        envelope.objectId().ifPresent(objectIds::add);
        envelope.type().ifPresent(types::add);
        if (escapedIds(envelope)) {
          labels.add(IDS_SPELLED_WITH_ESCAPES);
        }
      }
    }
    twins(eventIds, String::strip, IDS_DIFFERING_IN_WHITESPACE, labels);
    twins(objectIds, String::strip, OBJECT_IDS_DIFFERING_IN_WHITESPACE, labels);
    twins(objectIds, TwinLabels::lowerCase, OBJECT_IDS_DIFFERING_IN_CASE, labels);
    twins(types, String::strip, TYPES_DIFFERING_IN_WHITESPACE, labels);
    twins(types, TwinLabels::lowerCase, TYPES_DIFFERING_IN_CASE, labels);
    Set<String> stateTexts = new TreeSet<>();
    states.forEach(state -> ValueLabels.strings(state, stateTexts::add));
    twins(stateTexts, String::strip, STATE_TEXTS_DIFFERING_IN_WHITESPACE, labels);
    twins(stateTexts, TwinLabels::lowerCase, STATE_TEXTS_DIFFERING_IN_CASE, labels);
    nothings(states, labels);
    return labels;
  }

  /** Adds {@code label} when two of {@code texts} differ but are one once {@code merged}. */
  private static void twins(
      Set<String> texts, UnaryOperator<String> merged, String label, SortedSet<String> labels) {
    Map<String, String> first = new HashMap<>();
    for (String text : texts) {
      String previous = first.putIfAbsent(merged.apply(text), text);
      if (previous != null && !previous.equals(text)) {
        labels.add(label);
        return;
      }
    }
  }

  private static String lowerCase(String text) {
    return text.toLowerCase(Locale.ROOT);
  }

  /** Whether the delivery's text spells its event or object id otherwise: with JSON escapes. */
  private static boolean escapedIds(Envelope envelope) {
    String text = envelope.text();
    return Stream.of(envelope.eventId(), envelope.objectId())
        .flatMap(Optional::stream)
        .anyMatch(id -> !text.contains(new JsonString(id).canonicalText()));
  }

  private static void nothings(List<JsonObject> states, SortedSet<String> labels) {
    for (JsonObject state : states) {
      for (JsonValue member : state.members().values()) {
        if (member.equals(JsonObject.EMPTY) || member.equals(new JsonArray(List.of()))) {
          labels.add(STATE_EMPTY_CONTAINER);
        }
        if (member.equals(JsonBoolean.FALSE) || isZero(member)) {
          labels.add(STATE_ZERO_OR_FALSE);
        }
        if (member.equals(new JsonString(""))) {
          labels.add(STATE_EMPTY_STRING);
        }
      }
    }
    if (mergedTwins(states, TwinLabels::isNothing)) {
      labels.add(STATES_DIFFERING_IN_NOTHING);
    }
    if (mergedTwins(states, value -> value instanceof JsonNull)) {
      labels.add(STATES_NULL_VERSUS_ABSENT);
    }
    // Python's == and JavaScript's == take 0 for false.
    if (mergedUnder(states, value -> isZero(value) ? JsonBoolean.FALSE : value)) {
      labels.add(STATES_ZERO_VERSUS_FALSE);
    }
  }

  /** Whether two distinct states are one once the members holding {@code dropped} values go. */
  private static boolean mergedTwins(List<JsonObject> states, Predicate<JsonValue> dropped) {
    return mergedUnder(states, value -> dropped.test(value) ? null : value);
  }

  /**
   * Whether two distinct states are one once each member's value is {@code normalised} (to {@code
   * null} when the member is dropped).
   */
  private static boolean mergedUnder(List<JsonObject> states, UnaryOperator<JsonValue> normalised) {
    Map<JsonObject, JsonObject> first = new HashMap<>();
    for (JsonObject state : states) {
      JsonObject merged = JsonObject.EMPTY;
      for (Map.Entry<String, JsonValue> member : state.members().entrySet()) {
        JsonValue value = normalised.apply(member.getValue());
        if (value != null) {
          merged = merged.with(member.getKey(), value);
        }
      }
      JsonObject previous = first.putIfAbsent(merged, state);
      if (previous != null && !previous.equals(state)) {
        return true;
      }
    }
    return false;
  }

  /** A value a dynamic language treats as "nothing": null, false, 0, "", {} or []. */
  private static boolean isNothing(JsonValue value) {
    return value instanceof JsonNull
        || value.equals(JsonBoolean.FALSE)
        || value.equals(JsonObject.EMPTY)
        || value.equals(new JsonArray(List.of()))
        || isZero(value)
        || value.equals(new JsonString(""));
  }

  private static boolean isZero(JsonValue value) {
    return value instanceof JsonNumber number && number.value().signum() == 0;
  }
}
