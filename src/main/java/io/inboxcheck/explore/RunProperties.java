package io.inboxcheck.explore;

import io.inboxcheck.check.ExpectationCheck;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.OrderIndependent;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.Expectations;
import io.inboxcheck.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The whole-run properties checked on the final outcome of every order: the file's expected final
 * cards, and ORDER_INDEPENDENT of SPEC section 7 where its premise holds.
 */
final class RunProperties {
  /** The name under which the file's {@code expect_final} cards are reported. */
  static final String EXPECTED_FINAL_CARDS = "EXPECTED_FINAL_CARDS";

  /** The name under which ORDER_INDEPENDENT is reported: the invariant's own. */
  static final String ORDER_INDEPENDENT = Invariant.ORDER_INDEPENDENT.name();

  private final Scenario scenario;
  private final JsonObject expectedFinalCards;
  private final OrderIndependent orderIndependent;

  private RunProperties(
      Scenario scenario, JsonObject expectedFinalCards, OrderIndependent orderIndependent) {
    this.scenario = scenario;
    this.expectedFinalCards = expectedFinalCards;
    this.orderIndependent = orderIndependent;
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
    return new RunProperties(scenario, expected, OrderIndependent.of(scenario));
  }

  String premise() {
    return orderIndependent.premise();
  }

  boolean checksOrderIndependence() {
    return orderIndependent.applies();
  }

  boolean checksExpectedFinalCards() {
    return expectedFinalCards != null;
  }

  /** Every property the outcome breaks, looking only at the cards in {@code objects}. */
  List<Failure> check(FinalState outcome, Set<String> objects) {
    List<Failure> failures = new ArrayList<>();
    if (expectedFinalCards != null) {
      expectedCards(outcome, objects).ifPresent(failures::add);
    }
    orderIndependent
        .check(outcome.cards(), objects)
        .ifPresent(
            violation ->
                failures.add(
                    new Failure(
                        ORDER_INDEPENDENT,
                        violation.expected().describe(),
                        violation.observed().describe())));
    return failures;
  }

  private java.util.Optional<Failure> expectedCards(FinalState outcome, Set<String> objects) {
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
        ExpectationCheck.check(
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
}
