package io.inboxcheck.explore;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.Expectations;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The whole-run properties checked on the final outcome of every order: the file's expected final
 * cards, and ORDER_INDEPENDENT of SPEC section 7 where its premise holds.
 */
final class RunProperties {
  /** The name under which the file's {@code expect_final} cards are reported. */
  static final String EXPECTED_FINAL_CARDS = "EXPECTED_FINAL_CARDS";

  static final String ORDER_INDEPENDENT = "ORDER_INDEPENDENT";

  private final Scenario scenario;
  private final JsonObject expectedFinalCards;
  private final SortedMap<String, String> independentCards;
  private final String premise;

  private RunProperties(
      Scenario scenario,
      JsonObject expectedFinalCards,
      SortedMap<String, String> independentCards,
      String premise) {
    this.scenario = scenario;
    this.expectedFinalCards = expectedFinalCards;
    this.independentCards = independentCards;
    this.premise = premise;
  }

  /** One failed whole-run property for one final outcome. */
  record Failure(String property, String expected, String observed) {}

  static RunProperties of(Scenario scenario) {
    JsonObject expected = null;
    if (scenario.expectFinal() != null) {
      TreeMap<String, JsonValue> cards = new TreeMap<>();
      scenario.expectFinal().get("cards").ifPresent(value -> cards.put("cards", value));
      scenario
          .expectFinal()
          .get("absent_cards")
          .ifPresent(value -> cards.put("absent_cards", value));
      expected = cards.isEmpty() ? null : new JsonObject(cards);
    }
    SortedMap<String, String> covering = coveringAuthority(scenario);
    if (covering != null) {
      return new RunProperties(
          scenario,
          expected,
          covering,
          "the last reconciliation lists every card at a version no lower than any delivered one:"
              + " the final cards are the authority's in every order");
    }
    SortedMap<String, String> highest = conflictFree(scenario);
    if (highest != null) {
      return new RunProperties(
          scenario,
          expected,
          highest,
          "valid, conflict-free deliveries: per card the highest version's snapshot in every"
              + " order");
    }
    return new RunProperties(
        scenario,
        expected,
        null,
        "premise does not hold (conflicts or invalid deliveries and no covering authority):"
            + " the distribution of final cards is reported, not checked");
  }

  String premise() {
    return premise;
  }

  boolean checksOrderIndependence() {
    return independentCards != null;
  }

  boolean checksExpectedFinalCards() {
    return expectedFinalCards != null;
  }

  /** Every property the outcome breaks, looking only at the cards in {@code objects}. */
  List<Failure> check(FinalOutcome outcome, Set<String> objects) {
    List<Failure> failures = new ArrayList<>();
    if (expectedFinalCards != null) {
      expectedCards(outcome, objects).ifPresent(failures::add);
    }
    if (independentCards != null) {
      SortedMap<String, String> expected = new TreeMap<>();
      SortedMap<String, String> observed = new TreeMap<>();
      independentCards.forEach(
          (id, text) -> {
            if (objects.contains(id)) {
              expected.put(id, text);
            }
          });
      outcome
          .cards()
          .forEach(
              (id, card) -> {
                if (objects.contains(id)) {
                  observed.put(id, contents(card));
                }
              });
      if (!expected.equals(observed)) {
        failures.add(new Failure(ORDER_INDEPENDENT, expected.toString(), observed.toString()));
      }
    }
    return failures;
  }

  private java.util.Optional<Failure> expectedCards(FinalOutcome outcome, Set<String> objects) {
    TreeMap<String, JsonValue> restricted = new TreeMap<>();
    expectedFinalCards
        .get("cards")
        .filter(JsonObject.class::isInstance)
        .map(JsonObject.class::cast)
        .ifPresent(
            cards -> {
              TreeMap<String, JsonValue> own = new TreeMap<>();
              cards
                  .members()
                  .forEach(
                      (id, card) -> {
                        if (objects.contains(id)) {
                          own.put(id, card);
                        }
                      });
              restricted.put("cards", new JsonObject(own));
            });
    expectedFinalCards
        .get("absent_cards")
        .filter(JsonArray.class::isInstance)
        .map(JsonArray.class::cast)
        .ifPresent(
            absent ->
                restricted.put(
                    "absent_cards",
                    new JsonArray(
                        absent.elements().stream()
                            .filter(
                                id ->
                                    id instanceof JsonString text && objects.contains(text.value()))
                            .toList())));
    Scenario onlyCards = scenario.withSteps(List.of(), new JsonObject(restricted));
    ExpectationReport report =
        Expectations.check(
            onlyCards,
            List.of(),
            Expectations.finalFacts(outcome.cards(), List.of(), ReplacementCounters.ZERO));
    if (report.failures().isEmpty()) {
      return java.util.Optional.empty();
    }
    ExpectationReport.Mismatch first = report.failures().get(0);
    return java.util.Optional.of(
        new Failure(
            EXPECTED_FINAL_CARDS,
            "expect_final " + first.path() + " = " + first.expected(),
            first.actual()));
  }

  /** Version and state: the pause flag is not part of the claim. */
  static String contents(Card card) {
    return "v" + card.version() + " " + card.state().canonicalText();
  }

  /** The authority's cards when the last reconciliation covers every card, else null. */
  private static SortedMap<String, String> coveringAuthority(Scenario scenario) {
    List<ScenarioStep> steps = scenario.steps();
    int last = steps.size() - 1;
    while (last >= 0 && steps.get(last) instanceof ScenarioStep.Advance) {
      last--;
    }
    if (last < 0 || !(steps.get(last) instanceof ScenarioStep.Reconcile reconcile)) {
      return null;
    }
    SortedMap<String, AuthoritativeCard> authority = reconcile.authority();
    if (!authority.keySet().containsAll(scenario.initial().keySet())) {
      return null;
    }
    for (ScenarioStep step : steps.subList(0, last)) {
      if (step instanceof ScenarioStep.Reconcile earlier
          && !authority.keySet().containsAll(earlier.authority().keySet())) {
        return null;
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        Envelope envelope = deliver.envelope();
        AuthoritativeCard listed = envelope.objectId().map(authority::get).orElse(null);
        if (listed != null
            && envelope.version() instanceof ObjectVersion.Valid valid
            && valid.value() > listed.version()) {
          return null;
        }
      }
    }
    SortedMap<String, String> expected = new TreeMap<>();
    authority.forEach((id, card) -> expected.put(id, contents(card.asCard())));
    return expected;
  }

  /** Per card the highest delivered version's snapshot when deliveries are clean, else null. */
  private static SortedMap<String, String> conflictFree(Scenario scenario) {
    Map<String, JsonValue> contentById = new HashMap<>();
    Map<String, JsonObject> stateByVersion = new HashMap<>();
    SortedMap<String, Card> highest = new TreeMap<>(scenario.initial());
    for (ScenarioStep step : scenario.steps()) {
      if (!(step instanceof ScenarioStep.Deliver deliver)) {
        if (step instanceof ScenarioStep.Reconcile) {
          return null;
        }
        continue;
      }
      Envelope envelope = deliver.envelope();
      if (deliver.transport().storageFault()
          || envelope.eventId().isEmpty()
          || envelope.objectId().filter(scenario.initial()::containsKey).isEmpty()
          || envelope.type().filter(scenario.supportedTypes()::contains).isEmpty()
          || envelope.state().isEmpty()
          || !(envelope.version() instanceof ObjectVersion.Valid valid)) {
        return null;
      }
      JsonValue earlier = contentById.putIfAbsent(envelope.eventId().get(), envelope.content());
      String versionKey = envelope.objectId().get() + "@" + valid.value();
      JsonObject sameVersion = stateByVersion.putIfAbsent(versionKey, envelope.state().get());
      Card initial = scenario.initial().get(envelope.objectId().get());
      boolean conflictsInitial =
          valid.value() == initial.version() && !initial.state().equals(envelope.state().get());
      if ((earlier != null && !earlier.equals(envelope.content()))
          || (sameVersion != null && !sameVersion.equals(envelope.state().get()))
          || conflictsInitial) {
        return null;
      }
      Card current = highest.get(envelope.objectId().get());
      if (valid.value() > current.version()) {
        highest.put(
            envelope.objectId().get(), new Card(valid.value(), envelope.state().get(), false));
      }
    }
    SortedMap<String, String> expected = new TreeMap<>();
    highest.forEach((id, card) -> expected.put(id, contents(card)));
    return Objects.requireNonNull(expected);
  }
}
