package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.snapshot;
import static io.inboxcheck.model.Envelopes.withOccurredAt;
import static io.inboxcheck.model.Envelopes.without;
import static io.inboxcheck.model.TestReceiver.DAY;
import static io.inboxcheck.model.TestReceiver.T;
import static io.inboxcheck.model.TestReceiver.authority;
import static io.inboxcheck.model.TestReceiver.card;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SPEC section 5: identity records are pruned on the receiver clock, except while held. */
class RetentionTests {
  private final TestReceiver receiver = TestReceiver.guide();

  private static Envelope ready12() {
    return snapshot("e-201", "card-7", 12, "ready", "Map");
  }

  @Test
  void identityIsKeptUntilOneSecondBeforeTheRetentionEnds() {
    receiver.deliverAt(T, ready12());

    receiver.advanceTo(T.plus(DAY).minusSeconds(1));

    assertThat(receiver.view().identity("e-201")).isPresent();
    assertThat(receiver.view().audit()).noneMatch(AuditEntry.IdentityPruned.class::isInstance);
    assertThat(receiver.deliver(ready12()).decision())
        .isEqualTo(new Decision.Duplicate(Decision.APPLIED));
  }

  @Test
  void identityIsPrunedExactlyWhenTheClockReachesFirstReceivedPlusRetention() {
    receiver.deliverAt(T.plusSeconds(5), ready12());
    TestReceiver.Snapshot before = receiver.snapshot();

    receiver.advanceTo(T.plusSeconds(5).plus(DAY));

    assertThat(receiver.view().identity("e-201")).isEmpty();
    assertThat(receiver.view().identities()).isEmpty();
    assertThat(receiver.auditSince(before.audit().size()))
        .containsExactly(
            new AuditEntry.IdentityPruned(
                2, T.plusSeconds(5).plus(DAY), "e-201", T.plusSeconds(5)));
    // Pruning touches identities only: cards, held inputs, counters and old audit stay.
    assertThat(receiver.view().cards()).isEqualTo(before.cards());
    assertThat(receiver.view().held()).isEqualTo(before.held());
    assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
    assertThat(receiver.view().audit()).startsWith(before.audit().toArray(AuditEntry[]::new));
  }

  @Test
  void identityIsPrunedWhenTheClockJumpsPastTheEndAsPartOfADelivery() {
    receiver.deliverAt(T, ready12());

    receiver.deliverAt(T.plus(DAY).plusSeconds(30), snapshot("e-1", "card-8", 4, "a", "b"));

    assertThat(receiver.view().identities())
        .extracting(IdentityRecord::eventId)
        .containsExactly("e-1");
    // Pruned before the step is decided, so the audit shows the pruning first.
    List<AuditEntry> audit = receiver.view().audit();
    assertThat(audit.get(1)).isInstanceOf(AuditEntry.IdentityPruned.class);
    assertThat(audit.get(2)).isInstanceOf(AuditEntry.DeliveryRecorded.class);
  }

  @Test
  void redeliveryAfterPruningIsDecidedAsNewByTheShapePauseAndVersionRulesOnly() {
    receiver.deliverAt(T, ready12());
    receiver.advanceTo(T.plus(DAY));

    Decision redelivered = receiver.deliver(ready12()).decision();

    // Within retention this would have been DUPLICATE (restates APPLIED).
    assertThat(redelivered).isEqualTo(Decision.SAME_STATE);
    IdentityRecord record = receiver.identity("e-201");
    assertThat(record.firstReceivedAt()).isEqualTo(T.plus(DAY));
    assertThat(record.firstRecord().decisions()).containsExactly(Decision.SAME_STATE);
    assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 0));
    assertThat(receiver.deliver(ready12()).decision())
        .isEqualTo(new Decision.Duplicate(Decision.SAME_STATE));
  }

  @Test
  void changedContentUnderAPrunedIdIsAppliedInsteadOfHeldAsIdConflict() {
    receiver.deliverAt(T, ready12());
    receiver.advanceTo(T.plus(DAY));

    Envelope changed = snapshot("e-201", "card-7", 13, "ready", "Forge");
    Decision decision = receiver.deliver(changed).decision();

    assertThat(decision).isEqualTo(Decision.APPLIED);
    assertThat(receiver.card("card-7")).isEqualTo(card(13, "ready", "Forge"));
    IdentityRecord record = receiver.identity("e-201");
    assertThat(record.firstRecord().content()).isEqualTo(changed.content());
    assertThat(record.firstReceivedAt()).isEqualTo(T.plus(DAY));
    assertThat(record.variants()).isEmpty();
  }

  @Test
  void recordWhoseDeliveryIsStillHeldIsNotPruned() {
    Envelope unknown = snapshot("e-300", "card-99", 1, "queued", "New");
    receiver.deliverAt(T, unknown);

    receiver.advanceTo(T.plus(DAY).plus(DAY));

    assertThat(receiver.view().identity("e-300")).isPresent();
    assertThat(receiver.view().audit()).noneMatch(AuditEntry.IdentityPruned.class::isInstance);
    assertThat(receiver.deliver(unknown).decision())
        .isEqualTo(new Decision.Duplicate(Decision.held(HeldReason.UNKNOWN_OBJECT)));
  }

  @Test
  void recordWithAHeldVariantIsNotPrunedAndIsPrunedAtTheNextClockMoveOnceResolved() {
    receiver.deliverAt(T, ready12());
    receiver.deliverAt(T, snapshot("e-201", "card-7", 12, "ready", "Forge")); // ID_CONFLICT
    receiver.advanceTo(T.plus(DAY).plusSeconds(10));
    assertThat(receiver.view().identity("e-201")).isPresent();

    receiver.reconcile(Map.of("card-7", authority(12, "ready", "Map")));
    assertThat(receiver.view().held()).isEmpty();
    assertThat(receiver.view().identity("e-201"))
        .as("pruned only when the clock moves")
        .isPresent();

    receiver.advanceTo(T.plus(DAY).plusSeconds(11));

    assertThat(receiver.view().identity("e-201")).isEmpty();
    assertThat(receiver.view().audit())
        .filteredOn(AuditEntry.IdentityPruned.class::isInstance)
        .containsExactly(new AuditEntry.IdentityPruned(5, T.plus(DAY).plusSeconds(11), "e-201", T));
  }

  @Test
  void recordResolvedByReevaluationIsPrunedAtTheNextClockMove() {
    receiver.deliverAt(T, snapshot("e-209", "card-7", 10, "ready", "Other")); // pauses
    receiver.deliverAt(T, ready12()); // CARD_PAUSED
    receiver.advanceTo(T.plus(DAY));
    assertThat(receiver.view().identities()).hasSize(2);

    receiver.reconcile(Map.of("card-7", authority(11, "building", "Map")));
    receiver.advanceTo(T.plus(DAY).plusSeconds(1));

    assertThat(receiver.view().identities()).isEmpty();
    assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Map"));
  }

  @Test
  void recordLeftUnresolvedByTheAuthorityIsNeverPruned() {
    Envelope noVersion = without(ready12(), Envelope.OBJECT_VERSION);
    receiver.deliverAt(T, noVersion);
    receiver.reconcile(Map.of("card-7", authority(11, "building", "Map")));

    receiver.advanceTo(T.plus(Duration.ofDays(30)));

    assertThat(receiver.view().identity("e-201")).isPresent();
    assertThat(receiver.deliver(noVersion).decision())
        .isEqualTo(new Decision.Duplicate(Decision.held(HeldReason.MISSING_VERSION)));
  }

  @Test
  void aHeldOlderRecordDoesNotKeepLaterExpiredRecordsFromBeingPruned() {
    receiver.deliverAt(T, snapshot("e-300", "card-99", 1, "queued", "New")); // held
    receiver.deliverAt(T.plusSeconds(1), ready12());
    receiver.deliverAt(T.plusSeconds(2), snapshot("e-202", "card-7", 13, "ready", "Map"));
    receiver.deliverAt(T.plusSeconds(3), snapshot("e-203", "card-7", 14, "ready", "Map"));

    receiver.advanceTo(T.plus(DAY).plusSeconds(2));

    assertThat(receiver.view().identities())
        .extracting(IdentityRecord::eventId)
        .containsExactly("e-300", "e-203");
    assertThat(receiver.view().audit())
        .filteredOn(AuditEntry.IdentityPruned.class::isInstance)
        .extracting(entry -> ((AuditEntry.IdentityPruned) entry).eventId())
        .containsExactly("e-201", "e-202");
  }

  @Test
  void retentionIsMeasuredOnTheReceiverClockNeverOnOccurredAt() {
    Envelope ancient = withOccurredAt(ready12(), "2001-01-01T00:00:00Z");
    receiver.deliverAt(T, ancient);

    receiver.advanceTo(T.plus(Duration.ofHours(23)));

    assertThat(receiver.view().identity("e-201")).isPresent();
    assertThat(receiver.deliver(ancient).decision())
        .isEqualTo(new Decision.Duplicate(Decision.APPLIED));
  }

  @Test
  void retentionComesFromTheSetup() {
    TestReceiver hourly =
        TestReceiver.start(
            Map.of("card-7", card(10, "queued", "Map")),
            Set.of(Envelopes.SNAPSHOT),
            Duration.ofHours(1));
    hourly.deliverAt(T, ready12());

    hourly.advanceTo(T.plus(Duration.ofMinutes(59)));
    assertThat(hourly.view().identity("e-201")).isPresent();
    hourly.advanceTo(T.plus(Duration.ofHours(1)));
    assertThat(hourly.view().identity("e-201")).isEmpty();
  }

  @Test
  void expiredIsPureAndListsRecordsInOrderOfFirstReceipt() {
    receiver.deliverAt(T, ready12());
    receiver.deliverAt(T.plusSeconds(1), snapshot("e-202", "card-7", 13, "ready", "Map"));
    TestReceiver.Snapshot before = receiver.snapshot();

    List<IdentityRecord> expired = Retention.expired(receiver.view(), T.plus(DAY).plusSeconds(1));

    assertThat(expired).extracting(IdentityRecord::eventId).containsExactly("e-201", "e-202");
    assertThat(Retention.expired(receiver.view(), T.plus(DAY))).hasSize(1);
    assertThat(receiver.snapshot()).isEqualTo(before);
  }

  @Test
  void theClockNeverGoesBack() {
    receiver.advanceTo(T.plusSeconds(10));
    TestReceiver.Snapshot before = receiver.snapshot();

    assertThatThrownBy(() -> receiver.advanceTo(T.plusSeconds(9)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(receiver.snapshot()).isEqualTo(before);
  }

  @Test
  void identityRecordsKeepTheClockAtFirstReceipt() {
    Instant received = T.plusSeconds(42);

    receiver.deliverAt(received, ready12());

    assertThat(receiver.identity("e-201").firstReceivedAt()).isEqualTo(received);
  }
}
