package io.inboxcheck.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a receiver writes where the protocol seems to leave a choice (docs/receiver-protocol.md,
 * "What a receiver writes where a choice seems open"), asserted on the model's audit and identity
 * records over {@code scenarios/what-a-receiver-writes.json} and {@code
 * reevaluation-repauses.json}: the scenario files' own expectations cannot state audit members, so
 * these tests do.
 */
class WhatAReceiverWritesScenarioTests {
  private History history;
  private Scenario scenario;

  @BeforeEach
  void replay() throws Exception {
    scenario = read("what-a-receiver-writes.json");
    history = ScenarioRunner.replay(scenario, new ModelReceiver(scenario.setup()));
  }

  private static Scenario read(String file) throws Exception {
    return new ScenarioReader().read(ProjectPaths.scenarios().resolve(file));
  }

  /** The model's view right after {@code step}: the scenario's first steps on a fresh model. */
  private static ReceiverView viewAfter(Scenario scenario, int step) {
    ModelReceiver model = new ModelReceiver(scenario.setup());
    ScenarioRunner.replay(scenario.withSteps(scenario.steps().subList(0, step), null), model);
    return model.view();
  }

  private AuditEntry.DeliveryRecorded delivery(int step) {
    return history.audit().stream()
        .filter(entry -> entry.step() == step)
        .filter(AuditEntry.DeliveryRecorded.class::isInstance)
        .map(AuditEntry.DeliveryRecorded.class::cast)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theAuditsPausedListsACardTheDecisionPausedEvenWhenItWasPausedAlready() {
    assertThat(viewAfter(scenario, 2).card("card-1").orElseThrow().paused()).isTrue();
    assertThat(delivery(2).pausedCards()).as("VERSION_CONFLICT").containsExactly("card-1");
    assertThat(delivery(3).pausedCards())
        .as("MISSING_VERSION, paused already")
        .containsExactly("card-1");
    assertThat(delivery(4).pausedCards())
        .as("ID_CONFLICT, paused already")
        .containsExactly("card-1");
    assertThat(delivery(7).decision()).isEqualTo(Decision.held(HeldReason.CARD_PAUSED));
    assertThat(delivery(7).pausedCards()).as("CARD_PAUSED pauses nothing").isEmpty();
    assertThat(delivery(5).pausedCards()).as("a DUPLICATE pauses nothing").isEmpty();
  }

  @Test
  void onlyTheDeliveryThatStoresAVariantIsMarkedVariantNotAnIdenticalCopyOfIt() {
    assertThat(delivery(4).variant()).isTrue();
    assertThat(delivery(5).decision())
        .isEqualTo(new Decision.Duplicate(Decision.held(HeldReason.ID_CONFLICT)));
    assertThat(delivery(5).variant()).isFalse();
  }

  @Test
  void noDuplicateIsAppendedToTheDecisionsOfAnIdentity() {
    IdentityRecord e1 = viewAfter(scenario, 8).identity("e-1").orElseThrow();
    assertThat(e1.firstRecord().decisions()).containsExactly(Decision.APPLIED);
    assertThat(e1.variants()).hasSize(1);
    assertThat(e1.variants().get(0).decisions())
        .containsExactly(Decision.held(HeldReason.ID_CONFLICT));
    IdentityRecord e3 = viewAfter(scenario, 8).identity("e-3").orElseThrow();
    assertThat(e3.firstRecord().decisions())
        .as("delivered three times, decided once")
        .containsExactly(Decision.held(HeldReason.MISSING_VERSION));
  }

  @Test
  void anEmptyEventIdIsNoIdentityAndItsHeldInputHasNone() {
    HeldInput malformed =
        viewAfter(scenario, 6).held().stream()
            .filter(input -> input.step() == 6)
            .findFirst()
            .orElseThrow();
    assertThat(malformed.reason()).isEqualTo(HeldReason.MALFORMED);
    assertThat(malformed.eventId()).as("held[].event_id is null").isEmpty();
    assertThat(viewAfter(scenario, 6).identity("")).isEmpty();
    assertThat(history.audit())
        .filteredOn(
            entry ->
                entry instanceof AuditEntry.ResolvedByAuthority
                    || entry instanceof AuditEntry.Reevaluated)
        .as("resolved and re-evaluated inputs always have an id")
        .noneMatch(entry -> entry.step() == 6);
  }

  @Test
  void theAuthoritysAfterIsTheCardAfterTheReevaluationsItTriggered() {
    AuditEntry.AuthorityApplied authority =
        history.audit().stream()
            .filter(AuditEntry.AuthorityApplied.class::isInstance)
            .map(AuditEntry.AuthorityApplied.class::cast)
            .findFirst()
            .orElseThrow();
    Card after = authority.after();
    assertThat(after.version())
        .as("e-5 (v14) re-evaluated APPLIED over the authority's v13")
        .isEqualTo(14);
    assertThat(after).isEqualTo(viewAfter(scenario, 9).card("card-1").orElseThrow());
    assertThat(authority.regressed()).isFalse();
  }

  @Test
  void inputsTheAuthorityDoesNotReevaluateGetNoDecisionAndKeepTheirIdForEver() {
    List<AuditEntry.Reevaluated> reevaluated =
        history.audit().stream()
            .filter(AuditEntry.Reevaluated.class::isInstance)
            .map(AuditEntry.Reevaluated.class::cast)
            .toList();
    assertThat(reevaluated).extracting(AuditEntry.Reevaluated::eventId).containsExactly("e-5");
    assertThat(viewAfter(scenario, 9).held())
        .extracting(HeldInput::step, HeldInput::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(3, HeldReason.MISSING_VERSION),
            org.assertj.core.groups.Tuple.tuple(6, HeldReason.MALFORMED));
    assertThat(viewAfter(scenario, 9).card("card-1").orElseThrow().paused()).isFalse();
    assertThat(history.steps().get(9).pruned()).containsExactly("e-1", "e-2", "e-5");
    assertThat(viewAfter(scenario, 11).identity("e-3")).as("still held two days on").isPresent();
    assertThat(delivery(11).decision().kind()).isEqualTo(DecisionKind.DUPLICATE);
  }

  @Test
  void afterAReevaluationThatPausesTheCardAgainTheRestWaitAsTheyWere() throws Exception {
    Scenario repausing = read("reevaluation-repauses.json");
    History again = ScenarioRunner.replay(repausing, new ModelReceiver(repausing.setup()));

    AuditEntry.AuthorityApplied first =
        again.audit().stream()
            .filter(AuditEntry.AuthorityApplied.class::isInstance)
            .map(AuditEntry.AuthorityApplied.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(first.after().paused()).as("the re-pause shows in after").isTrue();
    assertThat(again.audit())
        .filteredOn(entry -> entry.step() == 5 && entry instanceof AuditEntry.Reevaluated)
        .extracting(entry -> ((AuditEntry.Reevaluated) entry).eventId())
        .containsExactly("e-3");
    assertThat(viewAfter(repausing, 5).held())
        .filteredOn(input -> input.step() == 4)
        .extracting(HeldInput::reason)
        .containsExactly(HeldReason.CARD_PAUSED);
    assertThat(viewAfter(repausing, 5).identity("e-4").orElseThrow().firstRecord().decisions())
        .containsExactly(Decision.held(HeldReason.CARD_PAUSED));
  }
}
