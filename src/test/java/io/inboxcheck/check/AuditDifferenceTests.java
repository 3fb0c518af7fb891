package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.pausedCard;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every kind of audit entry is spelled as the receiver protocol spells it, member by member, and a
 * difference names only the members that differ, with what the model and the receiver hold.
 */
class AuditDifferenceTests {
  private static final Instant AT = Instant.parse("2024-03-01T10:00:00Z");
  private static final Instant LATER = Instant.parse("2024-03-02T10:00:00Z");

  private static final AuditEntry.DeliveryRecorded DELIVERY =
      new AuditEntry.DeliveryRecorded(
          2,
          AT,
          envelope("e-2", 4L, "Map"),
          Decision.held(HeldReason.ID_CONFLICT),
          true,
          List.of("card-1"));
  private static final AuditEntry.AuthorityApplied AUTHORITY =
      new AuditEntry.AuthorityApplied(
          3, AT, "card-1", ReconcileOutcome.REPLACED, true, pausedCard(5, "Map"), card(4, "Atlas"));
  private static final AuditEntry.AuthorityApplied CREATED =
      new AuditEntry.AuthorityApplied(
          3, AT, "card-2", ReconcileOutcome.CREATED, false, null, card(1, "New"));
  private static final AuditEntry.ResolvedByAuthority RESOLVED =
      new AuditEntry.ResolvedByAuthority(3, AT, 2, "e-2", "card-1", HeldReason.ID_CONFLICT);
  private static final AuditEntry.Reevaluated REEVALUATED =
      new AuditEntry.Reevaluated(
          3, AT, 1, "e-1", "card-1", HeldReason.CARD_PAUSED, Decision.APPLIED);
  private static final AuditEntry.Reevaluated REEVALUATED_UNDECIDED =
      new AuditEntry.Reevaluated(3, AT, 1, "e-1", "card-1", HeldReason.CARD_PAUSED, null);
  private static final AuditEntry.IdentityPruned PRUNED =
      new AuditEntry.IdentityPruned(4, LATER, "e-1", AT);

  @Test
  void everyKindIsSpelledWithTheProtocolsMembersInItsOrder() {
    assertThat(AuditDifference.whole(DELIVERY, "none"))
        .isEqualTo(
            "{kind: delivery, step: 2, at: 2024-03-01T10:00:00Z, event_id: e-2, envelope: "
                + DELIVERY.envelope().content().canonicalText()
                + ", decision: HELD ID_CONFLICT, variant: true, paused: [\"card-1\"]}");
    assertThat(AuditDifference.whole(AUTHORITY, "none"))
        .isEqualTo(
            "{kind: authority, step: 3, at: 2024-03-01T10:00:00Z, object_id: card-1, outcome:"
                + " REPLACED, regressed: true, before: {\"version\": 5, \"state\":"
                + " {\"label\":\"Map\"}, \"paused\": true}, after: {\"version\": 4, \"state\":"
                + " {\"label\":\"Atlas\"}, \"paused\": false}}");
    assertThat(AuditDifference.whole(CREATED, "none")).contains("before: null, after: {");
    assertThat(AuditDifference.whole(RESOLVED, "none"))
        .isEqualTo(
            "{kind: resolved_by_authority, step: 3, at: 2024-03-01T10:00:00Z, arrival: the"
                + " delivery of step 2, event_id: e-2, object_id: card-1, reason: ID_CONFLICT}");
    assertThat(AuditDifference.whole(REEVALUATED, "none"))
        .isEqualTo(
            "{kind: reevaluated, step: 3, at: 2024-03-01T10:00:00Z, arrival: the delivery of"
                + " step 1, event_id: e-1, object_id: card-1, previous_reason: CARD_PAUSED,"
                + " decision: APPLIED}");
    assertThat(AuditDifference.whole(REEVALUATED_UNDECIDED, "none")).endsWith("decision: none}");
    assertThat(AuditDifference.whole(PRUNED, "none"))
        .isEqualTo(
            "{kind: identity_pruned, step: 4, at: 2024-03-02T10:00:00Z, event_id: e-1,"
                + " first_received_at: 2024-03-01T10:00:00Z}");
    assertThat(AuditDifference.whole(null, "nothing here")).isEqualTo("nothing here");
  }

  @Test
  void aDifferenceInOneMemberNamesThatMemberAlone() {
    AuditEntry.DeliveryRecorded unpaused =
        new AuditEntry.DeliveryRecorded(
            2, AT, DELIVERY.envelope(), DELIVERY.decision(), true, List.of());
    AuditDifference difference = new AuditDifference(2, DELIVERY, unpaused);

    assertThat(difference.members())
        .containsExactly(new AuditDifference.Member("paused", "[\"card-1\"]", "[]"));
    assertThat(difference.where()).isEqualTo("2 (delivery at step 2, event_id e-2)");
    assertThat(difference.describe())
        .isEqualTo(
            "audit entry 2 (delivery at step 2, event_id e-2): paused: expected [\"card-1\"],"
                + " observed []");
  }

  @Test
  void severalMembersAreListedInTheProtocolsOrderAndAnEqualEntryHasNone() {
    AuditEntry.AuthorityApplied other =
        new AuditEntry.AuthorityApplied(
            3,
            AT,
            "card-1",
            ReconcileOutcome.REPLACED,
            false,
            pausedCard(5, "Map"),
            card(4, "Forge"));

    assertThat(new AuditDifference(3, AUTHORITY, other).describe())
        .isEqualTo(
            "audit entry 3 (authority at step 3, object_id card-1): regressed: expected true,"
                + " observed false; after: expected {\"version\": 4, \"state\":"
                + " {\"label\":\"Atlas\"}, \"paused\": false}, observed {\"version\": 4,"
                + " \"state\": {\"label\":\"Forge\"}, \"paused\": false}");
    assertThat(new AuditDifference(3, AUTHORITY, AUTHORITY).members()).isEmpty();
  }

  @Test
  void entriesOfOtherKindsOrAMissingEntryAreShownWhole() {
    AuditDifference otherKind = new AuditDifference(3, RESOLVED, REEVALUATED);
    AuditDifference missing = new AuditDifference(4, PRUNED, null);
    AuditDifference extra = new AuditDifference(4, null, PRUNED);

    assertThat(otherKind.members()).isEmpty();
    assertThat(otherKind.describe())
        .startsWith("audit entry 3: expected {kind: resolved_by_authority,")
        .contains("; observed {kind: reevaluated,");
    assertThat(missing.describe())
        .endsWith("; observed none (the receiver's audit ends before it)");
    assertThat(extra.describe())
        .startsWith("audit entry 4: expected none (the model's audit ends before it); observed");
    assertThat(extra.where()).isEqualTo("4 (identity_pruned at step 4, event_id e-1)");
    assertThat(AuditDifference.kind(AUTHORITY)).isEqualTo("authority");
  }
}
