package io.inboxcheck.suite;

import io.inboxcheck.generate.ScenarioGenerator;
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
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Coverage labels for the values a receiver must compare exactly (SPEC section 1), read off a
 * scenario: numbers in states and a state's numbers spelled otherwise, nested objects and arrays,
 * null and booleans, one text in both Unicode normalisation forms, event ids that differ only in
 * case, only in normalisation or only past a long common prefix, and {@code event_id} and {@code
 * object_id} of each JSON type. Each family has a floor in {@link RequiredCoverage}, so a generator
 * that stops drawing one fails the property.
 */
public final class ValueLabels {
  static final String STATE_NUMBER = "value:state_number";
  static final String STATE_NUMBER_RESPELLED = "value:state_number_respelled";
  static final String STATE_NESTED = "value:state_nested";
  static final String STATE_NULL_OR_BOOLEAN = "value:state_null_or_boolean";
  static final String UNICODE_NFC_AND_NFD = "value:text_in_nfc_and_nfd";
  static final String IDS_DIFFERING_IN_CASE = "value:ids_differing_only_in_case";
  static final String IDS_DIFFERING_IN_NORMALISATION = "value:ids_differing_only_in_normalisation";
  static final String LONG_IDS = "value:long_ids_sharing_a_prefix";

  /** A delivery whose {@code event_id} is there but no non-empty string. */
  static final String EVENT_ID_NOT_A_STRING = "value:event_id_not_a_string";

  /** A delivery whose {@code object_id} is there but no non-empty string. */
  static final String OBJECT_ID_NOT_A_STRING = "value:object_id_not_a_string";

  /** The JSON types an id can have besides a non-empty string, as labels name them. */
  static final List<String> FOREIGN_TYPES =
      List.of("number", "boolean", "null", "object", "array", "empty_string");

  private ValueLabels() {}

  /** Every label this family can earn, in a stable order: the floors are set on each. */
  static List<String> all() {
    List<String> labels =
        new ArrayList<>(
            List.of(
                STATE_NUMBER,
                STATE_NUMBER_RESPELLED,
                STATE_NESTED,
                STATE_NULL_OR_BOOLEAN,
                UNICODE_NFC_AND_NFD,
                IDS_DIFFERING_IN_CASE,
                IDS_DIFFERING_IN_NORMALISATION,
                LONG_IDS,
                EVENT_ID_NOT_A_STRING,
                OBJECT_ID_NOT_A_STRING));
    FOREIGN_TYPES.forEach(type -> labels.add(idType(type)));
    return labels;
  }

  public static SortedSet<String> ofScenario(Scenario scenario) {
    SortedSet<String> labels = new TreeSet<>();
    List<JsonValue> states = new ArrayList<>();
    scenario.initial().values().forEach(card -> states.add(card.state()));
    Set<String> eventIds = new TreeSet<>();
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        reconcile.authority().values().forEach(card -> states.add(card.state()));
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        Envelope envelope = deliver.envelope();
        envelope.state().ifPresent(states::add);
        envelope.eventId().ifPresent(eventIds::add);
        if (envelope.state().filter(ValueLabels::holdsNumber).isPresent()
            && !envelope.text().equals(envelope.content().canonicalText())) {
          labels.add(STATE_NUMBER_RESPELLED);
        }
        foreignIds(envelope, labels);
      }
    }
    states.forEach(state -> stateValues(state, labels));
    texts(states, labels);
    ids(eventIds, labels);
    return labels;
  }

  private static void stateValues(JsonValue state, SortedSet<String> labels) {
    if (!(state instanceof JsonObject object)) {
      return;
    }
    for (JsonValue member : object.members().values()) {
      if (holdsNumber(member)) {
        labels.add(STATE_NUMBER);
      }
      if (member instanceof JsonObject || member instanceof JsonArray) {
        labels.add(STATE_NESTED);
      }
      if (member instanceof JsonNull || member instanceof JsonBoolean) {
        labels.add(STATE_NULL_OR_BOOLEAN);
      }
    }
  }

  private static boolean holdsNumber(JsonValue value) {
    if (value instanceof JsonNumber) {
      return true;
    }
    if (value instanceof JsonObject object) {
      return object.members().values().stream().anyMatch(ValueLabels::holdsNumber);
    }
    return value instanceof JsonArray array
        && array.elements().stream().anyMatch(ValueLabels::holdsNumber);
  }

  /** One text spelled in both normalisation forms somewhere in the scenario's states. */
  private static void texts(List<JsonValue> states, SortedSet<String> labels) {
    Map<String, Set<String>> spellings = new HashMap<>();
    for (JsonValue state : states) {
      strings(state, text -> spellings.computeIfAbsent(nfc(text), n -> new TreeSet<>()).add(text));
    }
    if (spellings.values().stream().anyMatch(forms -> forms.size() > 1)) {
      labels.add(UNICODE_NFC_AND_NFD);
    }
  }

  /** Every string in {@code value}, however deep, to {@code found}. */
  static void strings(JsonValue value, java.util.function.Consumer<String> found) {
    if (value instanceof JsonString string) {
      found.accept(string.value());
    } else if (value instanceof JsonObject object) {
      object.members().values().forEach(member -> strings(member, found));
    } else if (value instanceof JsonArray array) {
      array.elements().forEach(element -> strings(element, found));
    }
  }

  private static void ids(Set<String> eventIds, SortedSet<String> labels) {
    Map<String, Integer> byCase = new HashMap<>();
    Map<String, Integer> byNormalisation = new HashMap<>();
    Map<String, Integer> byPrefix = new HashMap<>();
    for (String id : eventIds) {
      if (byCase.merge(id.toLowerCase(Locale.ROOT), 1, Integer::sum) > 1) {
        labels.add(IDS_DIFFERING_IN_CASE);
      }
      if (byNormalisation.merge(nfc(id), 1, Integer::sum) > 1) {
        labels.add(IDS_DIFFERING_IN_NORMALISATION);
      }
      int prefix = ScenarioGenerator.LONG_ID_PREFIX;
      if (id.length() > prefix && byPrefix.merge(id.substring(0, prefix), 1, Integer::sum) > 1) {
        labels.add(LONG_IDS);
      }
    }
  }

  private static void foreignIds(Envelope envelope, SortedSet<String> labels) {
    if (!(envelope.content() instanceof JsonObject object)) {
      return;
    }
    for (String field : List.of(Envelope.EVENT_ID, Envelope.OBJECT_ID)) {
      String type = object.get(field).map(ValueLabels::foreignType).orElse(null);
      if (type != null) {
        labels.add(idType(type));
        labels.add(
            field.equals(Envelope.EVENT_ID) ? EVENT_ID_NOT_A_STRING : OBJECT_ID_NOT_A_STRING);
      }
    }
  }

  /** The label of an id (event or object) of another JSON type: {@code value:id_type:number}. */
  static String idType(String type) {
    return "value:id_type:" + type;
  }

  /** The label's name for a value that is not a non-empty string, else null. */
  private static String foreignType(JsonValue value) {
    if (value instanceof JsonString string) {
      return string.value().isEmpty() ? "empty_string" : null;
    }
    if (value instanceof JsonNumber) {
      return "number";
    }
    if (value instanceof JsonBoolean) {
      return "boolean";
    }
    if (value instanceof JsonNull) {
      return "null";
    }
    return value instanceof JsonObject ? "object" : "array";
  }

  private static String nfc(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFC);
  }
}
