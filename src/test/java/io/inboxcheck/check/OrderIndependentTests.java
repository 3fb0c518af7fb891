package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.advance;
import static io.inboxcheck.check.CheckFixtures.authoritative;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.faultyDeliver;
import static io.inboxcheck.check.CheckFixtures.reconcile;
import static io.inboxcheck.check.CheckFixtures.scenario;
import static io.inboxcheck.check.CheckFixtures.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** ORDER_INDEPENDENT: when its premise holds, and the final cards it predicts. */
class OrderIndependentTests {
  private static final Card V3 = card(3, "open");
  private static final Map<String, Card> INITIAL = Map.of(CARD, V3, "card-2", card(1, "two"));

  private static OrderIndependent of(ScenarioStep... steps) {
    return OrderIndependent.of(scenario(INITIAL, steps));
  }

  /** The predicted final cards, read back through a check of cards that differ from everything. */
  @SuppressWarnings("unchecked")
  private static Map<String, String> predicted(OrderIndependent prediction) {
    Optional<Violation> violation =
        prediction.check(Map.of(CARD, card(999, "never"), "card-2", card(999, "never")));
    assertThat(violation).isPresent();
    return (Map<String, String>) violation.get().expected().get("final cards");
  }

  @Test
  void cleanDeliveriesPredictTheHighestVersionOfEachCard() {
    OrderIndependent prediction =
        of(
            deliver(1, envelope("e-1", 5L, "five")),
            deliver(2, envelope("e-2", 4L, "four")),
            deliver(3, envelope("e-1", 5L, "five")),
            deliver(4, envelope("e-3", 3L, "open")),
            advance(5, Duration.ofHours(1)));

    assertThat(prediction.applies()).isTrue();
    assertThat(prediction.premise()).startsWith("valid, conflict-free deliveries");
    assertThat(predicted(prediction))
        .containsExactly(
            Map.entry(CARD, "v5 {\"label\":\"five\"}"),
            Map.entry("card-2", "v1 {\"label\":\"two\"}"));
  }

  @Test
  void aDeliveryAtTheInitialVersionKeepsTheInitialCard() {
    assertThat(predicted(of(deliver(1, envelope("e-1", 3L, "open")))))
        .containsEntry(CARD, "v3 {\"label\":\"open\"}");
  }

  @Test
  void conflictsOrInvalidDeliveriesVoidThePremise() {
    List<List<ScenarioStep>> voiding =
        List.of(
            List.of(faultyDeliver(1, envelope("e-1", 5L, "five"))),
            List.of(deliver(1, envelope(null, CARD, 5L, "five"))),
            List.of(deliver(1, envelope("e-1", "card-9", 5L, "five"))),
            List.of(deliver(1, envelope("e-1", null, 5L, "five"))),
            List.of(
                deliver(
                    1, with(envelope("e-1", 5L, "five"), Envelope.TYPE, new JsonString("other")))),
            List.of(deliver(1, envelope("e-1", CARD, 5L, null))),
            List.of(deliver(1, envelope("e-1", CARD, null, "five"))),
            List.of(
                deliver(1, envelope("e-1", 5L, "five")), deliver(2, envelope("e-1", 6L, "six"))),
            List.of(
                deliver(1, envelope("e-1", 5L, "five")), deliver(2, envelope("e-2", 5L, "other"))),
            List.of(deliver(1, envelope("e-1", 3L, "changed"))),
            List.of(
                deliver(1, envelope("e-1", 5L, "five")),
                reconcile(2, Map.of(CARD, authoritative(6, "x")))));
    for (List<ScenarioStep> steps : voiding) {
      OrderIndependent prediction = of(steps.toArray(ScenarioStep[]::new));
      assertThat(prediction.applies()).as(steps.toString()).isFalse();
      assertThat(prediction.premise()).startsWith("premise does not hold");
      assertThat(prediction.check(Map.of(CARD, card(999, "never")))).isEmpty();
    }
  }

  @Test
  void aCoveringLastAuthorityPredictsItsCards() {
    OrderIndependent prediction =
        of(
            reconcile(1, Map.of(CARD, authoritative(4, "early"))),
            deliver(2, envelope("e-1", 7L, "seven")),
            deliver(3, envelope("e-2", 7L, "conflict")),
            reconcile(
                4,
                Map.of(
                    CARD,
                    authoritative(7, "authority"),
                    "card-2",
                    authoritative(2, "two"),
                    "card-3",
                    authoritative(1, "new"))),
            advance(5, Duration.ofHours(1)));

    assertThat(prediction.applies()).isTrue();
    assertThat(prediction.premise()).startsWith("the last reconciliation lists every card");
    assertThat(
            prediction.check(
                Map.of(
                    CARD,
                    card(7, "authority"),
                    "card-2",
                    card(2, "two").pause(),
                    "card-3",
                    card(1, "new"))))
        .as("the pause is not part of the claim")
        .isEmpty();
    assertThat(predicted(prediction))
        .containsExactly(
            Map.entry(CARD, "v7 {\"label\":\"authority\"}"),
            Map.entry("card-2", "v2 {\"label\":\"two\"}"),
            Map.entry("card-3", "v1 {\"label\":\"new\"}"));
  }

  @Test
  void anAuthorityThatMissesACardOrIsOvertakenCoversNothing() {
    ScenarioStep.Reconcile partial = reconcile(2, Map.of(CARD, authoritative(9, "x")));
    assertThat(of(deliver(1, envelope("e-1", 5L, "five")), partial).applies()).isFalse();
    Map<String, io.inboxcheck.model.AuthoritativeCard> both =
        Map.of(CARD, authoritative(6, "x"), "card-2", authoritative(2, "y"));
    assertThat(of(deliver(1, envelope("e-1", 7L, "seven")), reconcile(2, both)).applies())
        .as("a delivered version above the authority's")
        .isFalse();
    assertThat(
            of(
                    reconcile(1, Map.of("card-9", authoritative(1, "z"))),
                    deliver(2, envelope("e-1", 5L, "five")),
                    reconcile(3, both))
                .applies())
        .as("an earlier authority listed a card the last one does not")
        .isFalse();
    assertThat(of(reconcile(1, both), deliver(2, envelope("e-1", 7L, "seven"))).applies())
        .as("the last step that is not an advance must be the authority")
        .isFalse();
    assertThat(of(deliver(1, envelope("e-1", 6L, "six")), reconcile(2, both)).applies())
        .as("a delivered version equal to the authority's is covered")
        .isTrue();
    assertThat(
            of(
                    deliver(1, envelope(null, "card-9", 9L, "unlisted")),
                    deliver(
                        2,
                        with(
                            envelope("e-2", 9L, "x"),
                            Envelope.OBJECT_VERSION,
                            new JsonString("9"))),
                    reconcile(3, both))
                .applies())
        .as("deliveries the authority does not list, or without a valid version, are covered")
        .isTrue();
  }

  @Test
  void anAuthorityAsTheOnlyStepCovers() {
    OrderIndependent prediction =
        of(reconcile(1, Map.of(CARD, authoritative(6, "x"), "card-2", authoritative(2, "y"))));
    assertThat(prediction.applies()).isTrue();
    assertThat(prediction.premise()).startsWith("the last reconciliation lists every card");
  }

  @Test
  void anEmptyScenarioPredictsTheInitialCards() {
    OrderIndependent prediction = of(advance(1, Duration.ofHours(1)));
    assertThat(prediction.applies()).isTrue();
    assertThat(prediction.check(INITIAL)).isEmpty();
  }

  @Test
  void aDifferentFinalCardIsAWholeRunViolation() {
    OrderIndependent prediction =
        OrderIndependent.predicting(Map.of(CARD, card(5, "five")), "provider truth");
    assertThat(prediction.premise()).isEqualTo("provider truth");
    Violation violation = prediction.check(Map.of(CARD, card(4, "four"))).orElseThrow();
    assertThat(violation.invariant()).isEqualTo(Invariant.ORDER_INDEPENDENT);
    assertThat(violation.step()).isZero();
    assertThat(violation.stepKind()).isEqualTo("run");
    assertThat(violation.expected().values())
        .containsExactly(
            Map.entry("final cards", new TreeMap<>(Map.of(CARD, "v5 {\"label\":\"five\"}"))));
    assertThat(violation.observed().values())
        .containsExactly(
            Map.entry("final cards", new TreeMap<>(Map.of(CARD, "v4 {\"label\":\"four\"}"))));
  }

  @Test
  void onlyTheNamedCardsAreCompared() {
    OrderIndependent prediction =
        OrderIndependent.predicting(Map.of(CARD, card(5, "five"), "card-2", card(1, "two")), "p");
    Map<String, Card> finalCards = Map.of(CARD, card(5, "five"), "card-2", card(9, "other"));
    assertThat(prediction.check(finalCards, Set.of(CARD))).isEmpty();
    assertThat(prediction.check(finalCards, Set.of(CARD, "card-2"))).isPresent();
    assertThat(prediction.check(Map.of(CARD, card(5, "five"))))
        .as("a predicted card missing from the final cards")
        .isPresent();
    assertThat(
            prediction.check(Map.of(CARD, card(5, "five"), "card-2", card(1, "two"), "card-3", V3)))
        .as("a final card nobody predicted")
        .isPresent();
  }
}
