package io.inboxcheck.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The guide's walkthrough (SPEC section 6), asserted in code independently of the expectations
 * written in the scenario file, so a wrong file cannot make it pass.
 */
class GuideWalkthroughScenarioTests {
  private History history;
  private Receiver receiver;

  @BeforeEach
  void replayTheGuide() throws Exception {
    Scenario scenario =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json"));
    receiver = new ModelReceiver(scenario.setup());
    history = ScenarioRunner.replay(scenario, receiver);
  }

  @Test
  void eachOfTheTenDeliveriesGetsTheGuidesDecision() {
    assertThat(decisions())
        .containsExactly(
            "APPLIED",
            "DUPLICATE(APPLIED)",
            "STALE",
            "APPLIED",
            "SAME_STATE",
            "HELD ID_CONFLICT",
            "HELD CARD_PAUSED",
            "HELD UNKNOWN_OBJECT",
            "HELD MISSING_VERSION",
            "HELD CARD_PAUSED");
    assertThat(history.steps().subList(0, 10))
        .allSatisfy(
            step -> assertThat(((HistoryStep.Delivered) step.detail()).ack()).isEqualTo(Ack.ACK));
  }

  @Test
  void cardsAfterEachDeliveryMatchTheGuide() {
    assertThat(versions("card-7"))
        .containsExactly(12L, 12L, 12L, 13L, 13L, 13L, 13L, 13L, 13L, 13L, 14L);
    assertThat(versions("card-8")).containsExactly(3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 5L);
    assertThat(history.steps())
        .allSatisfy(step -> assertThat(step.cards()).doesNotContainKey("card-99"));
    assertThat(history.steps().get(5).paused()).containsExactly("card-7");
    assertThat(history.steps().get(8).paused()).containsExactly("card-7", "card-8");
  }

  @Test
  void theAuthorityReplacesBothCardsAndReevaluatesTheHeldEventsInArrivalOrder() {
    HistoryStep.Reconciled reconciled = (HistoryStep.Reconciled) history.steps().get(10).detail();
    assertThat(reconciled.objects())
        .extracting(o -> o.objectId() + " " + o.outcome())
        .containsExactly("card-7 REPLACED", "card-8 REPLACED");
    assertThat(reconciled.objects())
        .flatExtracting(o -> o.reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow() + " " + r.decision().kind())
        .containsExactly("e-203 SAME_STATE", "e-205 STALE");
  }

  @Test
  void theFinalStateIsExactlyTheGuides() {
    assertThat(history.finalCards())
        .containsExactly(
            Map.entry("card-7", card(14, "archived", "Map v2")),
            Map.entry("card-8", card(5, "ready", "Chart")));
    assertThat(history.paused()).isEmpty();
    assertThat(history.replacements().event()).isEqualTo(2);
    assertThat(history.replacements().authoritative()).isEqualTo(2);
    assertThat(history.replacements().total()).isEqualTo(4);
    assertThat(history.unresolved())
        .extracting(input -> input.eventId().orElseThrow() + " " + input.reason())
        .containsExactly("e-300 UNKNOWN_OBJECT", "e-204 MISSING_VERSION");
  }

  @Test
  void theConflictingFirstRecordItsVariantAndTheResolutionStayInTheAudit() {
    IdentityRecord e202 = receiver.view().identity("e-202").orElseThrow();
    assertThat(label(e202.firstRecord().content())).isEqualTo("Map v2");
    assertThat(e202.variants())
        .singleElement()
        .satisfies(v -> assertThat(label(v.content())).isEqualTo("Forge"));
    List<AuditEntry> audit = history.audit();
    assertThat(audit).filteredOn(AuditEntry.DeliveryRecorded.class::isInstance).hasSize(10);
    assertThat(audit)
        .filteredOn(AuditEntry.ResolvedByAuthority.class::isInstance)
        .map(AuditEntry.ResolvedByAuthority.class::cast)
        .singleElement()
        .satisfies(
            resolved -> {
              assertThat(resolved.eventId()).isEqualTo("e-202");
              assertThat(resolved.reason()).isEqualTo(HeldReason.ID_CONFLICT);
              assertThat(resolved.heldStep()).isEqualTo(6);
            });
  }

  private List<String> decisions() {
    return history.steps().subList(0, 10).stream()
        .map(step -> describe(((HistoryStep.Delivered) step.detail()).decision()))
        .toList();
  }

  private static String describe(Decision decision) {
    if (decision instanceof Decision.Duplicate duplicate) {
      return "DUPLICATE(" + duplicate.restates().kind() + ")";
    }
    return decision.kind() == DecisionKind.HELD
        ? "HELD " + decision.reason()
        : decision.kind().name();
  }

  private List<Long> versions(String cardId) {
    return history.steps().stream().map(step -> step.cards().get(cardId).version()).toList();
  }

  private static Card card(long version, String stage, String label) {
    return new Card(
        version,
        JsonObject.of(Map.of("stage", new JsonString(stage), "label", new JsonString(label))),
        false);
  }

  private static String label(JsonValue envelope) {
    JsonObject state = (JsonObject) ((JsonObject) envelope).get("state").orElseThrow();
    return ((JsonString) state.get("label").orElseThrow()).value();
  }

  @SuppressWarnings("unused")
  private static List<String> ids(List<HeldInput> held) {
    return held.stream().map(input -> input.eventId().orElse(null)).toList();
  }
}
