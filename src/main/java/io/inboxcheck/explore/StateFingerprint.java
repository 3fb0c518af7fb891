package io.inboxcheck.explore;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * A canonical, hashable summary of everything in a receiver state that a later decision can read;
 * two states with equal fingerprints decide every future step alike. It is computed from the
 * state's public view ({@link #of}), so the model keeps no search machinery of its own.
 *
 * <p>What is left out, and why it cannot change a later decision: the audit (append-only, never
 * read by a rule), every decision of a recorded content but the latest (only the latest is
 * restated, SPEC 3.1), the order of held inputs of different cards (reconciliation re-evaluates one
 * card's inputs at a time, SPEC 4.3), the order of variants (a lookup is by content, and two
 * variants of one id never share a content) and absolute step numbers. A step number only links a
 * held input to the content recorded for it, and orders held inputs; the caller supplies a
 * canonical name per step, so two arrival orders that hold the same deliveries get the same names.
 * Receive times are replaced by a caller-supplied retention class: the point from which on
 * retention lets the record go (SPEC 5).
 *
 * @param cards every card with version, state and pause
 * @param replacements the replacement counters, which final outcomes report
 * @param heldByCard per object id (the empty string when the envelope names none), the held inputs
 *     naming it, in arrival order
 * @param identities per retained event id, its recorded contents and retention class
 */
record StateFingerprint(
    SortedMap<String, Card> cards,
    ReplacementCounters replacements,
    SortedMap<String, List<HeldShape>> heldByCard,
    SortedMap<String, IdentityShape> identities) {

  /**
   * The fingerprint of {@code view}.
   *
   * @param stepNames the canonical name of the delivery recorded at a step
   * @param retentionClass the retention class of a first receipt time
   */
  static StateFingerprint of(
      ReceiverView view, IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    TreeMap<String, List<HeldShape>> heldByCard = new TreeMap<>();
    for (HeldInput input : view.held()) {
      heldByCard
          .computeIfAbsent(input.objectId().orElse(""), id -> new ArrayList<>())
          .add(new HeldShape(stepNames.applyAsInt(input.step()), input.reason()));
    }
    TreeMap<String, IdentityShape> identities = new TreeMap<>();
    for (IdentityRecord record : view.identities()) {
      List<ContentShape> variants = new ArrayList<>();
      record.variants().forEach(variant -> variants.add(ContentShape.of(variant, stepNames)));
      identities.put(
          record.eventId(),
          new IdentityShape(
              ContentShape.of(record.firstRecord(), stepNames),
              Set.copyOf(variants),
              retentionClass.applyAsInt(record.firstReceivedAt())));
    }
    return new StateFingerprint(view.cards(), view.replacements(), heldByCard, identities);
  }

  /** A held input: the canonical name of the delivery and why it is held. */
  public record HeldShape(int name, HeldReason reason) {}

  /**
   * A recorded content: the canonical name of the delivery it came from and its latest decision.
   */
  public record ContentShape(int name, Decision latestDecision) {
    static ContentShape of(RecordedContent content, IntUnaryOperator stepNames) {
      return new ContentShape(stepNames.applyAsInt(content.step()), content.latestDecision());
    }
  }

  /**
   * An identity record: its first record, its variants as a set, and its retention class.
   *
   * @param retentionClass the caller's class of the first receipt time: equal classes are pruned at
   *     the same later step
   */
  public record IdentityShape(
      ContentShape firstRecord, Set<ContentShape> variants, int retentionClass) {
    public IdentityShape {
      variants = Set.copyOf(variants);
    }
  }
}
