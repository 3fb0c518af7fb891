package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The reference receiver's state (SPEC section 2). It changes only by applying the {@link Effects}
 * of an outcome the pure {@link Reducer}, {@link Reconciler} or {@link Retention} computed, each as
 * one unit; the PostgreSQL store writes the same effects.
 */
@API(status = INTERNAL)
public final class ReceiverState implements ReceiverView {
  private final Map<String, Card> cards;
  // Insertion order is the order of first receipt, which retention walks (SPEC section 5).
  private final LinkedHashMap<String, IdentityRecord> identities;
  // In arrival order. Not keyed by step: a delivery with no identity that is sent again (a retry
  // after a kill, say) is held again at the same step, as nothing is deduplicated against it (3.1).
  private final List<HeldInput> held;
  private final List<AuditEntry> audit;
  private ReplacementCounters replacements;
  private ViewSettings settings;

  public ReceiverState(
      Map<String, Card> initialCards,
      Set<String> supportedTypes,
      Duration retention,
      Instant start) {
    this.cards = new HashMap<>(initialCards);
    this.identities = new LinkedHashMap<>();
    this.held = new ArrayList<>();
    this.audit = new ArrayList<>();
    this.replacements = ReplacementCounters.ZERO;
    this.settings = new ViewSettings(start, retention, supportedTypes);
  }

  private ReceiverState(ReceiverState other) {
    this.cards = new HashMap<>(other.cards);
    this.identities = new LinkedHashMap<>(other.identities);
    this.held = new ArrayList<>(other.held);
    this.audit = new ArrayList<>(other.audit);
    this.replacements = other.replacements;
    this.settings = other.settings;
  }

  /** An independent copy; records are immutable, so sharing them is safe. */
  public ReceiverState copy() {
    return new ReceiverState(this);
  }

  /**
   * Moves the receiver clock to {@code time} and prunes the identity records whose retention ended
   * (SPEC section 5); {@code step} is the step that moved it.
   */
  public void advanceClock(int step, Instant time) {
    if (time.isBefore(clock())) {
      throw new IllegalArgumentException(
          "the receiver clock never goes back: " + time + " < " + clock());
    }
    settings = settings.at(time);
    for (IdentityRecord record : Retention.expired(this, time)) {
      apply(Effects.identityPruned(step, time, record));
    }
  }

  /** Commits one delivery's decision and every effect it has, together. */
  public void commit(int step, Envelope envelope, DeliveryOutcome outcome) {
    apply(outcome.effects(this, step, envelope));
  }

  /** Commits one object's reconciliation: the card, resolutions, re-evaluations and counters. */
  public void commit(int step, ObjectReconciliation reconciliation) {
    apply(reconciliation.effects(step, clock()));
  }

  /**
   * Applies one decision's effects as one unit: the only place this state changes, mirrored by the
   * store's one writer of the same effects.
   */
  public void apply(Effects effects) {
    applyIdentity(effects.identity());
    for (Effects.CardWrite write : effects.cards()) {
      cards.put(write.objectId(), write.after());
      replacements = replacements.plus(write.counted());
    }
    for (Effects.HeldChange change : effects.held()) {
      applyHeld(change);
    }
    audit.addAll(effects.audit());
  }

  private void applyIdentity(Effects.IdentityChange change) {
    if (change instanceof Effects.IdentityChange.FirstRecord first) {
      identities.put(
          first.eventId(), new IdentityRecord(first.eventId(), first.content(), List.of()));
    } else if (change instanceof Effects.IdentityChange.Variant variant) {
      identities.computeIfPresent(
          variant.eventId(), (id, record) -> record.withVariant(variant.content()));
    } else if (change instanceof Effects.IdentityChange.Pruned pruned) {
      identities.remove(pruned.eventId());
    }
  }

  private void applyHeld(Effects.HeldChange change) {
    HeldInput input = change.input();
    if (change instanceof Effects.HeldChange.Added) {
      held.add(input);
    } else if (change instanceof Effects.HeldChange.ResolvedByAuthority) {
      held.remove(input);
    } else if (change instanceof Effects.HeldChange.Reevaluated reevaluated) {
      Decision decision = reevaluated.decision();
      if (decision instanceof Decision.Held again) {
        // Replacing keeps the input's place: held inputs stay in arrival order.
        held.set(indexOf(input), input.withReason(again.reason()));
      } else {
        held.remove(input);
      }
      input.eventId().ifPresent(id -> recordDecision(id, input.step(), decision));
    }
    // An input left unresolved stays held: only the store marks the difference.
  }

  private int indexOf(HeldInput input) {
    int index = held.indexOf(input);
    if (index < 0) {
      throw new IllegalStateException("step " + input.step() + " is re-evaluated but not held");
    }
    return index;
  }

  /**
   * A re-evaluation's decision joins the decisions of the content it decided, which later identical
   * redeliveries restate (SPEC 4.3). A re-evaluated input is always its id's first record: a
   * variant is held as ID_CONFLICT, which an authority resolves without deciding it again.
   */
  private void recordDecision(String eventId, int step, Decision decision) {
    IdentityRecord record = identities.get(eventId);
    if (record != null && record.firstRecord().step() == step) {
      identities.put(eventId, record.withFirstRecordDecision(decision));
    }
  }

  /**
   * Decides one object's reconciliation from a view; {@link Reconciler#reconcile} is the policy.
   */
  @FunctionalInterface
  public interface ObjectReconciler {
    ObjectReconciliation reconcile(
        ReceiverView state, String objectId, AuthoritativeCard authority);
  }

  /**
   * Reconciles every listed object with the reference policy, in ascending object id order, each
   * committed before the next is decided (SPEC section 4).
   */
  public List<ObjectReconciliation> reconcile(int step, Map<String, AuthoritativeCard> authority) {
    return reconcile(step, authority, Reconciler::reconcile);
  }

  /**
   * Reconciles every listed object with {@code reconciler}, in ascending object id order whatever
   * order the caller's map keeps, each committed before the next is decided.
   */
  public List<ObjectReconciliation> reconcile(
      int step, Map<String, AuthoritativeCard> authority, ObjectReconciler reconciler) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (Map.Entry<String, AuthoritativeCard> entry : new TreeMap<>(authority).entrySet()) {
      ObjectReconciliation result = reconciler.reconcile(this, entry.getKey(), entry.getValue());
      commit(step, result);
      results.add(result);
    }
    return results;
  }

  @Override
  public Optional<Card> card(String objectId) {
    return Optional.ofNullable(cards.get(objectId));
  }

  @Override
  public SortedMap<String, Card> cards() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(cards));
  }

  @Override
  public Optional<IdentityRecord> identity(String eventId) {
    return Optional.ofNullable(identities.get(eventId));
  }

  @Override
  public Collection<IdentityRecord> identities() {
    return Collections.unmodifiableCollection(identities.values());
  }

  @Override
  public List<HeldInput> held() {
    return List.copyOf(held);
  }

  @Override
  public boolean isHeld(int step) {
    return held.stream().anyMatch(input -> input.step() == step);
  }

  @Override
  public List<AuditEntry> audit() {
    return Collections.unmodifiableList(audit);
  }

  @Override
  public ReplacementCounters replacements() {
    return replacements;
  }

  @Override
  public ViewSettings settings() {
    return settings;
  }
}
