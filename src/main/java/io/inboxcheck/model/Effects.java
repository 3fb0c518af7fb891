package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What committing one decision changes, as data: the identity record written or let go, the cards
 * written, the held inputs added, resolved or decided again, and the audit entries appended (SPEC
 * section 2). {@link ReceiverState#apply} applies it in memory and the PostgreSQL store writes the
 * same value in one transaction, so the receiver's state transition is written once, here and in
 * the outcomes that build it ({@link DeliveryOutcome#effects}, {@link
 * ObjectReconciliation#effects}, {@link #identityPruned}).
 *
 * @param identity how the identity records change
 * @param cards the cards written, each with the replacements it counts
 * @param held how the held inputs change, in the order they are applied
 * @param audit the entries appended to the audit, in order
 */
@API(status = INTERNAL)
public record Effects(
    IdentityChange identity, List<CardWrite> cards, List<HeldChange> held, List<AuditEntry> audit) {

  public Effects {
    cards = List.copyOf(cards);
    held = List.copyOf(held);
    audit = List.copyOf(audit);
  }

  /** The change to the replacement counters: what every card write counts, together. */
  public ReplacementCounters replacements() {
    ReplacementCounters sum = ReplacementCounters.ZERO;
    for (CardWrite write : cards) {
      sum = sum.plus(write.counted());
    }
    return sum;
  }

  /** Letting go of an identity record whose retention window ended (SPEC section 5). */
  public static Effects identityPruned(int step, Instant clock, IdentityRecord record) {
    return new Effects(
        new IdentityChange.Pruned(record.eventId()),
        List.of(),
        List.of(),
        List.of(
            new AuditEntry.IdentityPruned(
                step, clock, record.eventId(), record.firstReceivedAt())));
  }

  /**
   * One card a decision writes.
   *
   * @param before the card as the decision read it; null when the write creates it (only an
   *     authority creates a card)
   * @param after the card as written, pause included
   * @param counted the replacements this write adds to the counters
   */
  public record CardWrite(String objectId, Card before, Card after, ReplacementCounters counted) {

    /** Whether writing it changes anything: a new card, another value, or a count. */
    public boolean changes() {
      return before == null || !before.equals(after) || !counted.equals(ReplacementCounters.ZERO);
    }
  }

  /** How a decision changes the identity records (SPEC section 2). */
  public sealed interface IdentityChange
      permits IdentityChange.None,
          IdentityChange.FirstRecord,
          IdentityChange.Variant,
          IdentityChange.Pruned {

    /** No identity record changes: no usable id, an identical redelivery, or no delivery. */
    None NONE = new None();

    /** Nothing is written. */
    record None() implements IdentityChange {}

    /** The content becomes the event id's first record; {@code objectId} is the card it names. */
    record FirstRecord(String eventId, String objectId, RecordedContent content)
        implements IdentityChange {}

    /**
     * The content is stored as the id's variant {@code number} (from 1) beside its first record.
     */
    record Variant(String eventId, String objectId, int number, RecordedContent content)
        implements IdentityChange {}

    /** The id's record, variants included, is let go. */
    record Pruned(String eventId) implements IdentityChange {}
  }

  /** How a decision changes the held inputs (SPEC sections 3 and 4). */
  public sealed interface HeldChange
      permits HeldChange.Added,
          HeldChange.ResolvedByAuthority,
          HeldChange.Reevaluated,
          HeldChange.LeftUnresolved {

    HeldInput input();

    /** A delivery decided HELD joins the held inputs, after every one held before it. */
    record Added(HeldInput input) implements HeldChange {}

    /** An authority resolved a held conflict: it leaves, kept as evidence, never decided again. */
    record ResolvedByAuthority(HeldInput input) implements HeldChange {}

    /**
     * A held input decided again after reconciliation: it leaves unless the decision is HELD, and
     * then keeps its place with the new reason. The decision is recorded for its content.
     */
    record Reevaluated(HeldInput input, Decision decision) implements HeldChange {}

    /**
     * An input the authority made unnecessary without giving it a version or shape: it stays held
     * and is marked unresolved (SPEC 4.3); the model lists both kinds alike.
     */
    record LeftUnresolved(HeldInput input) implements HeldChange {}
  }
}
