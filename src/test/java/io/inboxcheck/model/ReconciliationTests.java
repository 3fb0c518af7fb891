package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.snapshot;
import static io.inboxcheck.model.Envelopes.state;
import static io.inboxcheck.model.Envelopes.str;
import static io.inboxcheck.model.Envelopes.with;
import static io.inboxcheck.model.Envelopes.withVersion;
import static io.inboxcheck.model.Envelopes.without;
import static io.inboxcheck.model.TestReceiver.authority;
import static io.inboxcheck.model.TestReceiver.card;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.inboxcheck.model.ObjectReconciliation.Reevaluation;
import io.inboxcheck.receiver.DeliveryResult;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** SPEC section 4: reconciliation with an authoritative snapshot, through the model receiver. */
class ReconciliationTests {
  private static final Decision.Held CARD_PAUSED = Decision.held(HeldReason.CARD_PAUSED);
  private static final Decision.Held ID_CONFLICT = Decision.held(HeldReason.ID_CONFLICT);
  private static final Decision.Held VERSION_CONFLICT = Decision.held(HeldReason.VERSION_CONFLICT);

  private final TestReceiver receiver = TestReceiver.guide();

  /** Pauses card-7 (v10 queued/Map) with a VERSION_CONFLICT held as e-209. */
  private void pauseCard7() {
    receiver.deliver(snapshot("e-209", "card-7", 10, "ready", "Other"));
    assertThat(receiver.card("card-7").paused()).isTrue();
  }

  private static List<String> eventIds(List<Reevaluation> reevaluations) {
    return reevaluations.stream().map(r -> r.input().eventId().orElseThrow()).toList();
  }

  // ---- 4.1 replace and count ----------------------------------------------------------------

  @Test
  void authorityWithOtherVersionOrStateReplacesTheCardAndCountsOneAuthoritativeReplacement() {
    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(14, "archived", "Map v2"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.REPLACED);
    assertThat(result.regressed()).isFalse();
    assertThat(result.before()).isEqualTo(card(10, "queued", "Map"));
    assertThat(receiver.card("card-7")).isEqualTo(card(14, "archived", "Map v2"));
    assertThat(receiver.card("card-8")).isEqualTo(card(3, "ready", "Chart"));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(0, 1));
    assertThat(receiver.view().audit())
        .containsExactly(
            new AuditEntry.AuthorityApplied(
                1,
                TestReceiver.T,
                "card-7",
                ReconcileOutcome.REPLACED,
                false,
                card(10, "queued", "Map"),
                card(14, "archived", "Map v2")));
  }

  @Test
  void authorityWithSameVersionButOtherStateIsReplacedNotRegressed() {
    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(10, "ready", "Map"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.REPLACED);
    assertThat(result.regressed()).isFalse();
    assertThat(receiver.card("card-7")).isEqualTo(card(10, "ready", "Map"));
    assertThat(receiver.view().replacements().authoritative()).isEqualTo(1);
  }

  @Test
  void authorityEqualToTheCardIsConfirmedAndNotCounted() {
    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(10, "queued", "Map"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.CONFIRMED);
    assertThat(receiver.card("card-7")).isEqualTo(card(10, "queued", "Map"));
    assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
    assertThat(receiver.view().audit()).hasSize(1);
  }

  @Test
  void authorityEqualToAPausedCardIsConfirmedUnpausesItAndIsNotCounted() {
    pauseCard7();

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(10, "queued", "Map"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.CONFIRMED);
    assertThat(receiver.card("card-7")).isEqualTo(card(10, "queued", "Map"));
    assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
  }

  @Test
  void authorityForAnUnknownObjectCreatesTheCardAndCountsIt() {
    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-99", authority(1, "queued", "New"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.CREATED);
    assertThat(result.before()).isNull();
    assertThat(result.regressed()).isFalse();
    assertThat(receiver.view().cards()).containsOnlyKeys("card-7", "card-8", "card-99");
    assertThat(receiver.card("card-99")).isEqualTo(card(1, "queued", "New"));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(0, 1));
  }

  @Test
  void authorityWithALowerVersionStillReplacesIsCountedAndFlaggedRegressed() {
    receiver.deliver(snapshot("e-1", "card-7", 15, "archived", "Map"));

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(12, "ready", "Map"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.REPLACED);
    assertThat(result.regressed()).isTrue();
    assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Map"));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 1));
    AuditEntry.AuthorityApplied entry = (AuditEntry.AuthorityApplied) last();
    assertThat(entry.regressed()).isTrue();
    assertThat(entry.before()).isEqualTo(card(15, "archived", "Map"));
  }

  // ---- 4.2 unpause and resolve conflicts ----------------------------------------------------

  @Test
  void authorityUnpausesTheCard() {
    pauseCard7();

    receiver.reconcile(Map.of("card-7", authority(14, "archived", "Map v2")));

    assertThat(receiver.card("card-7")).isEqualTo(card(14, "archived", "Map v2"));
    assertThat(receiver.deliver(snapshot("e-1", "card-7", 15, "done", "Map")).decision())
        .isEqualTo(Decision.APPLIED);
  }

  @Test
  void idAndVersionConflictsAreResolvedByTheAuthorityAndKeptAsEvidenceNotReevaluated() {
    Envelope first = snapshot("e-1", "card-7", 12, "ready", "Map");
    Envelope variant = snapshot("e-1", "card-7", 15, "ready", "Forge"); // would apply
    Envelope conflict = snapshot("e-2", "card-7", 12, "ready", "Other"); // would conflict again
    receiver.deliver(first); // step 1 APPLIED
    receiver.deliver(conflict); // step 2 VERSION_CONFLICT
    receiver.deliver(variant); // step 3 ID_CONFLICT
    int auditBefore = receiver.view().audit().size();

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(12, "ready", "Authority"))).get(0);

    assertThat(result.resolved())
        .extracting(HeldInput::step, HeldInput::reason)
        .containsExactly(tuple(2, HeldReason.VERSION_CONFLICT), tuple(3, HeldReason.ID_CONFLICT));
    assertThat(result.reevaluated()).isEmpty();
    assertThat(receiver.view().held()).isEmpty();
    assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Authority"));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 1));
    assertThat(receiver.auditSince(auditBefore))
        .containsExactly(
            new AuditEntry.AuthorityApplied(
                4,
                TestReceiver.T,
                "card-7",
                ReconcileOutcome.REPLACED,
                false,
                new Card(12, state("ready", "Map"), true),
                card(12, "ready", "Authority")),
            new AuditEntry.ResolvedByAuthority(
                4, TestReceiver.T, 2, "e-2", "card-7", HeldReason.VERSION_CONFLICT),
            new AuditEntry.ResolvedByAuthority(
                4, TestReceiver.T, 3, "e-1", "card-7", HeldReason.ID_CONFLICT));

    IdentityRecord record = receiver.identity("e-1");
    assertThat(record.firstRecord().content()).isEqualTo(first.content());
    assertThat(record.firstRecord().decisions()).containsExactly(Decision.APPLIED);
    assertThat(record.variants())
        .singleElement()
        .satisfies(
            stored -> {
              assertThat(stored.content()).isEqualTo(variant.content());
              assertThat(stored.decisions()).containsExactly(ID_CONFLICT);
            });
    assertThat(receiver.identity("e-2").firstRecord().decisions())
        .containsExactly(VERSION_CONFLICT);
    // A resolution is an audit entry, not a decision: redeliveries restate the HELD decisions.
    assertThat(receiver.deliver(variant).decision()).isEqualTo(new Decision.Duplicate(ID_CONFLICT));
    assertThat(receiver.deliver(conflict).decision())
        .isEqualTo(new Decision.Duplicate(VERSION_CONFLICT));
    assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Authority"));
  }

  // ---- 4.3 re-evaluation --------------------------------------------------------------------

  @Test
  void cardPausedInputsAreReevaluatedInArrivalOrderWithTheVersionRules() {
    pauseCard7(); // step 1, e-209 VERSION_CONFLICT
    receiver.deliver(snapshot("e-2", "card-7", 13, "ready", "Map")); // step 2
    receiver.deliver(snapshot("e-3", "card-7", 12, "building", "Map")); // step 3
    receiver.deliver(snapshot("e-4", "card-7", 13, "ready", "Map")); // step 4
    receiver.deliver(snapshot("e-5", "card-8", 4, "building", "Chart")); // other card, applied
    assertThat(receiver.held())
        .containsExactly(
            Map.entry("e-209", HeldReason.VERSION_CONFLICT),
            Map.entry("e-2", HeldReason.CARD_PAUSED),
            Map.entry("e-3", HeldReason.CARD_PAUSED),
            Map.entry("e-4", HeldReason.CARD_PAUSED));
    int auditBefore = receiver.view().audit().size();

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(11, "building", "Map"))).get(0);

    // In reverse order e-4 would be APPLIED and e-2 SAME_STATE: arrival order decides.
    assertThat(result.reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(
            tuple("e-2", Decision.APPLIED),
            tuple("e-3", Decision.STALE),
            tuple("e-4", Decision.SAME_STATE));
    assertThat(receiver.card("card-7")).isEqualTo(card(13, "ready", "Map"));
    assertThat(receiver.view().held()).isEmpty();
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(2, 1));
    assertThat(receiver.auditSince(auditBefore))
        .filteredOn(AuditEntry.Reevaluated.class::isInstance)
        .containsExactly(
            new AuditEntry.Reevaluated(
                6, TestReceiver.T, 2, "e-2", "card-7", HeldReason.CARD_PAUSED, Decision.APPLIED),
            new AuditEntry.Reevaluated(
                6, TestReceiver.T, 3, "e-3", "card-7", HeldReason.CARD_PAUSED, Decision.STALE),
            new AuditEntry.Reevaluated(
                6,
                TestReceiver.T,
                4,
                "e-4",
                "card-7",
                HeldReason.CARD_PAUSED,
                Decision.SAME_STATE));
    assertThat(receiver.card("card-8")).isEqualTo(card(4, "building", "Chart"));
  }

  @Test
  void unknownObjectInputsAreReevaluatedAgainstTheCardTheAuthorityCreated() {
    receiver.deliver(snapshot("e-300", "card-99", 1, "queued", "New"));
    receiver.deliver(snapshot("e-301", "card-99", 3, "ready", "New"));
    receiver.deliver(snapshot("e-302", "card-99", 2, "building", "New"));

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-99", authority(1, "queued", "New"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.CREATED);
    assertThat(result.reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(
            tuple("e-300", Decision.SAME_STATE),
            tuple("e-301", Decision.APPLIED),
            tuple("e-302", Decision.STALE));
    assertThat(receiver.card("card-99")).isEqualTo(card(3, "ready", "New"));
    assertThat(receiver.view().held()).isEmpty();
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 1));
  }

  @Test
  void missingInvalidUnsupportedAndMalformedInputsStayHeldAsUnresolved() {
    receiver.deliver(without(snapshot("e-1", "card-7", 12, "a", "b"), Envelope.OBJECT_VERSION));
    receiver.deliver(withVersion(snapshot("e-2", "card-7", 12, "a", "b"), "12.5"));
    receiver.deliver(with(snapshot("e-3", "card-7", 12, "a", "b"), Envelope.TYPE, str("card.x")));
    receiver.deliver(with(snapshot("e-4", "card-7", 12, "a", "b"), Envelope.STATE, str("a")));
    receiver.deliver(snapshot("e-5", "card-7", 12, "ready", "Map")); // CARD_PAUSED
    TestReceiver.Snapshot before = receiver.snapshot();

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(11, "building", "Map"))).get(0);

    assertThat(result.resolved()).isEmpty();
    assertThat(eventIds(result.reevaluated())).containsExactly("e-5");
    assertThat(result.stillHeld())
        .extracting(input -> input.eventId().orElseThrow())
        .containsExactly("e-1", "e-2", "e-3", "e-4");
    assertThat(receiver.held())
        .containsExactly(
            Map.entry("e-1", HeldReason.MISSING_VERSION),
            Map.entry("e-2", HeldReason.INVALID_VERSION),
            Map.entry("e-3", HeldReason.UNSUPPORTED_TYPE),
            Map.entry("e-4", HeldReason.MALFORMED));
    assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Map"));
    for (String id : List.of("e-1", "e-2", "e-3", "e-4")) {
      assertThat(receiver.identity(id))
          .isEqualTo(
              before.identities().stream()
                  .filter(r -> r.eventId().equals(id))
                  .findFirst()
                  .orElseThrow());
    }
    assertThat(receiver.auditSince(before.audit().size()))
        .hasSize(2) // AuthorityApplied and e-5's Reevaluated only
        .noneMatch(AuditEntry.ResolvedByAuthority.class::isInstance);
  }

  @Test
  void reevaluationThatConflictsPausesTheCardAgainAndLeavesTheRestHeldUnlisted() {
    pauseCard7(); // step 1
    receiver.deliver(snapshot("e-2", "card-7", 12, "ready", "Map")); // step 2
    receiver.deliver(snapshot("e-3", "card-7", 12, "ready", "Forge")); // step 3
    receiver.deliver(snapshot("e-4", "card-7", 13, "archived", "Map")); // step 4
    receiver.deliver(snapshot("e-5", "card-7", 14, "archived", "Map")); // step 5

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-7", authority(11, "building", "Map"))).get(0);

    assertThat(result.reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(tuple("e-2", Decision.APPLIED), tuple("e-3", VERSION_CONFLICT));
    assertThat(receiver.card("card-7")).isEqualTo(new Card(12, state("ready", "Map"), true));
    assertThat(receiver.held())
        .containsExactly(
            Map.entry("e-3", HeldReason.VERSION_CONFLICT),
            Map.entry("e-4", HeldReason.CARD_PAUSED),
            Map.entry("e-5", HeldReason.CARD_PAUSED));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 1));
    assertThat(receiver.view().audit())
        .filteredOn(AuditEntry.Reevaluated.class::isInstance)
        .extracting(entry -> ((AuditEntry.Reevaluated) entry).eventId())
        .containsExactly("e-2", "e-3");
    assertThat(receiver.identity("e-4").firstRecord().decisions()).containsExactly(CARD_PAUSED);
    assertThat(receiver.deliver(snapshot("e-3", "card-7", 12, "ready", "Forge")).decision())
        .isEqualTo(new Decision.Duplicate(VERSION_CONFLICT));
    assertThat(receiver.deliver(snapshot("e-4", "card-7", 13, "archived", "Map")).decision())
        .isEqualTo(new Decision.Duplicate(CARD_PAUSED));
  }

  @Test
  void reevaluatedUnknownObjectWithoutVersionBecomesMissingVersionAndPausesTheCreatedCard() {
    receiver.deliver(
        without(snapshot("e-300", "card-99", 1, "queued", "New"), Envelope.OBJECT_VERSION));
    receiver.deliver(snapshot("e-301", "card-99", 2, "ready", "New"));
    assertThat(receiver.held())
        .containsExactly(
            Map.entry("e-300", HeldReason.UNKNOWN_OBJECT),
            Map.entry("e-301", HeldReason.UNKNOWN_OBJECT));

    ObjectReconciliation result =
        receiver.reconcile(Map.of("card-99", authority(1, "queued", "New"))).get(0);

    assertThat(result.outcome()).isEqualTo(ReconcileOutcome.CREATED);
    assertThat(result.reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(tuple("e-300", Decision.held(HeldReason.MISSING_VERSION)));
    assertThat(receiver.card("card-99")).isEqualTo(new Card(1, state("queued", "New"), true));
    assertThat(receiver.held()).containsOnlyKeys("e-300", "e-301");
    assertThat(receiver.held()).containsEntry("e-300", HeldReason.MISSING_VERSION);
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(0, 1));
  }

  @Test
  void afterReevaluationAnIdenticalRedeliveryRestatesTheNewDecision() {
    pauseCard7();
    Envelope held = snapshot("e-2", "card-7", 13, "ready", "Map");
    receiver.deliver(held);

    receiver.reconcile(Map.of("card-7", authority(11, "building", "Map")));

    assertThat(receiver.identity("e-2").firstRecord().decisions())
        .containsExactly(CARD_PAUSED, Decision.APPLIED);
    TestReceiver.Snapshot before = receiver.snapshot();
    DeliveryResult again = receiver.deliver(held);
    assertThat(again.decision()).isEqualTo(new Decision.Duplicate(Decision.APPLIED));
    assertThat(receiver.view().cards()).isEqualTo(before.cards());
    assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
  }

  // ---- which objects, in which order --------------------------------------------------------

  @Test
  void objectsAreProcessedInAscendingObjectIdOrder() {
    TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
    authority.put("card-99", authority(1, "queued", "New"));
    authority.put("card-8", authority(5, "ready", "Chart"));
    authority.put("card-10", authority(1, "queued", "Ten"));
    authority.put("card-7", authority(14, "archived", "Map v2"));

    List<ObjectReconciliation> results = receiver.reconcile(authority);

    List<String> expected = List.of("card-10", "card-7", "card-8", "card-99");
    assertThat(results)
        .extracting(ObjectReconciliation::objectId)
        .containsExactlyElementsOf(expected);
    assertThat(receiver.view().audit())
        .extracting(entry -> ((AuditEntry.AuthorityApplied) entry).objectId())
        .containsExactlyElementsOf(expected);
  }

  @Test
  void objectsAreProcessedInAscendingOrderWhateverTheMapsComparator() {
    SortedMap<String, AuthoritativeCard> descending = new TreeMap<>(Comparator.reverseOrder());
    descending.put("card-7", authority(14, "archived", "Map v2"));
    descending.put("card-8", authority(5, "ready", "Chart"));

    List<ObjectReconciliation> results = receiver.reconcile(descending);

    assertThat(results)
        .extracting(ObjectReconciliation::objectId)
        .containsExactly("card-7", "card-8");
  }

  @Test
  void objectsTheAuthorityDoesNotListAreUntouchedAndNoCardIsInvented() {
    receiver.deliver(without(snapshot("e-204", "card-8", 4, "a", "b"), Envelope.OBJECT_VERSION));
    receiver.deliver(snapshot("e-205", "card-8", 4, "building", "Chart"));
    receiver.deliver(snapshot("e-300", "card-99", 1, "queued", "New"));
    TestReceiver.Snapshot before = receiver.snapshot();

    receiver.reconcile(Map.of("card-7", authority(14, "archived", "Map v2")));

    assertThat(receiver.card("card-8")).isEqualTo(before.cards().get("card-8"));
    assertThat(receiver.card("card-8").paused()).isTrue();
    assertThat(receiver.view().card("card-99")).isEmpty();
    assertThat(receiver.view().held()).isEqualTo(before.held());
    assertThat(receiver.view().identities()).containsExactlyElementsOf(before.identities());
  }

  @Test
  void idConflictVariantNamingAnotherCardWaitsForThatCardsAuthority() {
    receiver.deliver(snapshot("e-202", "card-7", 13, "ready", "Map v2"));
    receiver.deliver(snapshot("e-202", "card-8", 4, "ready", "Forge")); // pauses both

    ObjectReconciliation forCard7 =
        receiver.reconcile(Map.of("card-7", authority(13, "ready", "Map v2"))).get(0);

    assertThat(forCard7.resolved()).isEmpty();
    assertThat(receiver.card("card-7").paused()).isFalse();
    assertThat(receiver.card("card-8").paused()).isTrue();
    assertThat(receiver.view().held())
        .singleElement()
        .satisfies(
            input -> {
              assertThat(input.reason()).isEqualTo(HeldReason.ID_CONFLICT);
              assertThat(input.objectId()).contains("card-8");
            });

    ObjectReconciliation forCard8 =
        receiver.reconcile(Map.of("card-8", authority(3, "ready", "Chart"))).get(0);

    assertThat(forCard8.outcome()).isEqualTo(ReconcileOutcome.CONFIRMED);
    assertThat(forCard8.resolved()).extracting(HeldInput::step).containsExactly(2);
    assertThat(receiver.view().held()).isEmpty();
    assertThat(receiver.card("card-8")).isEqualTo(card(3, "ready", "Chart"));
    assertThat(last())
        .isEqualTo(
            new AuditEntry.ResolvedByAuthority(
                4, TestReceiver.T, 2, "e-202", "card-8", HeldReason.ID_CONFLICT));
    assertThat(receiver.identity("e-202").variants()).hasSize(1);
  }

  @Test
  void reconcilingIsPureUntilCommitted() {
    pauseCard7();
    receiver.deliver(snapshot("e-2", "card-7", 13, "ready", "Map"));
    TestReceiver.Snapshot before = receiver.snapshot();

    ObjectReconciliation result =
        Reconciler.reconcile(receiver.view(), "card-7", authority(11, "building", "Map"));

    assertThat(result.cardAfter()).isEqualTo(card(13, "ready", "Map"));
    assertThat(receiver.snapshot()).isEqualTo(before);
  }

  // ---- the guide's walkthrough (SPEC section 6) ---------------------------------------------

  @Test
  void guideWalkthroughComesOutExactlyAsWritten() {
    Instant t = TestReceiver.T;
    List<Decision> decisions =
        List.of(
            receiver.deliverAt(t, snapshot("e-201", "card-7", 12, "ready", "Map")).decision(),
            receiver.deliverAt(t, snapshot("e-201", "card-7", 12, "ready", "Map")).decision(),
            receiver.deliverAt(t, snapshot("e-200", "card-7", 11, "building", "Map")).decision(),
            receiver
                .deliverAt(t.plusSeconds(1), snapshot("e-202", "card-7", 13, "ready", "Map v2"))
                .decision(),
            receiver
                .deliverAt(t.plusSeconds(2), snapshot("e-207", "card-7", 13, "ready", "Map v2"))
                .decision(),
            receiver
                .deliverAt(t.plusSeconds(2), snapshot("e-202", "card-7", 13, "ready", "Forge"))
                .decision(),
            receiver
                .deliverAt(t.plusSeconds(3), snapshot("e-203", "card-7", 14, "archived", "Map v2"))
                .decision(),
            receiver
                .deliverAt(t.plusSeconds(3), snapshot("e-300", "card-99", 1, "queued", "New"))
                .decision(),
            receiver
                .deliverAt(
                    t.plusSeconds(4),
                    without(
                        snapshot("e-204", "card-8", 0, "archived", "Chart"),
                        Envelope.OBJECT_VERSION))
                .decision(),
            receiver
                .deliverAt(t.plusSeconds(5), snapshot("e-205", "card-8", 4, "building", "Chart"))
                .decision());

    assertThat(decisions)
        .containsExactly(
            Decision.APPLIED,
            new Decision.Duplicate(Decision.APPLIED),
            Decision.STALE,
            Decision.APPLIED,
            Decision.SAME_STATE,
            ID_CONFLICT,
            CARD_PAUSED,
            Decision.held(HeldReason.UNKNOWN_OBJECT),
            Decision.held(HeldReason.MISSING_VERSION),
            CARD_PAUSED);
    assertThat(receiver.view().card("card-99")).isEmpty();

    receiver.advanceTo(t.plusSeconds(20));
    List<ObjectReconciliation> results =
        receiver.reconcile(
            Map.of(
                "card-7", authority(14, "archived", "Map v2"),
                "card-8", authority(5, "ready", "Chart")));

    assertThat(results.get(0).reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(tuple("e-203", Decision.SAME_STATE));
    assertThat(results.get(1).reevaluated())
        .extracting(r -> r.input().eventId().orElseThrow(), Reevaluation::decision)
        .containsExactly(tuple("e-205", Decision.STALE));
    assertThat(receiver.view().cards())
        .containsExactly(
            Map.entry("card-7", card(14, "archived", "Map v2")),
            Map.entry("card-8", card(5, "ready", "Chart")));
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(2, 2));
    assertThat(receiver.held())
        .containsExactly(
            Map.entry("e-300", HeldReason.UNKNOWN_OBJECT),
            Map.entry("e-204", HeldReason.MISSING_VERSION));
    IdentityRecord e202 = receiver.identity("e-202");
    assertThat(e202.firstRecord().decisions()).containsExactly(Decision.APPLIED);
    assertThat(e202.variants())
        .singleElement()
        .extracting(RecordedContent::decisions)
        .isEqualTo(List.of(ID_CONFLICT));
    assertThat(receiver.view().audit())
        .filteredOn(AuditEntry.ResolvedByAuthority.class::isInstance)
        .extracting(entry -> ((AuditEntry.ResolvedByAuthority) entry).eventId())
        .containsExactly("e-202");
  }

  private AuditEntry last() {
    List<AuditEntry> audit = receiver.view().audit();
    return audit.get(audit.size() - 1);
  }
}
