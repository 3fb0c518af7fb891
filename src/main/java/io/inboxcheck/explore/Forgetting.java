package io.inboxcheck.explore;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectVersion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What the search's state key leaves out of the reference model's and the harness's memories
 * because no step still ahead can read it (see {@code docs/exploration.md}, "What the key leaves
 * out"). What it did to the reported counts is counted on the transitions that did it, not stored
 * in states.
 *
 * <ul>
 *   <li>Once no delivery still to come carries an event id, the decisions recorded under it: only a
 *       redelivery of the id reads them (a duplicate restates the latest decision of its content,
 *       SPEC 3.1; the harness reads an id's track and recorded contents only for a delivery of that
 *       id).
 *   <li>The order within a run of consecutive held inputs of a paused card that its last
 *       reconciliation will find stale: held {@code CARD_PAUSED} (so shape and version are valid)
 *       with a version below that authority's. Until then the card stays paused and its held list
 *       only grows at the end; the reconciliation re-evaluates the list in arrival order (SPEC
 *       4.3), where such an input is STALE (the card's version is at least the authority's) unless
 *       an earlier input paused the card again, and it never pauses it itself. Every input of one
 *       run is therefore decided alike, whatever its place in the run, and no later reconciliation
 *       reads the order of what stays held.
 * </ul>
 */
final class Forgetting {
  private Forgetting() {}

  /**
   * {@code fingerprint} with the decisions of ids {@code mayArrive} rejects left out; their
   * records, the names of their contents and their retention classes stay (FIRST_RECORD_KEPT and
   * retention read those).
   */
  static StateFingerprint decisions(StateFingerprint fingerprint, Predicate<String> mayArrive) {
    if (fingerprint.identities().keySet().stream().allMatch(mayArrive)) {
      return fingerprint;
    }
    TreeMap<String, StateFingerprint.IdentityShape> identities = new TreeMap<>();
    fingerprint
        .identities()
        .forEach(
            (id, shape) ->
                identities.put(id, mayArrive.test(id) ? shape : withoutDecisions(shape)));
    return new StateFingerprint(
        fingerprint.cards(), fingerprint.replacements(), fingerprint.heldByCard(), identities);
  }

  private static StateFingerprint.IdentityShape withoutDecisions(
      StateFingerprint.IdentityShape shape) {
    List<StateFingerprint.ContentShape> variants = new ArrayList<>();
    shape.variants().forEach(variant -> variants.add(named(variant)));
    return new StateFingerprint.IdentityShape(
        named(shape.firstRecord()), Set.copyOf(variants), shape.retentionClass());
  }

  private static StateFingerprint.ContentShape named(StateFingerprint.ContentShape content) {
    return new StateFingerprint.ContentShape(content.name(), null);
  }

  /**
   * {@code fingerprint} with the held inputs of every paused card that has a last authority ahead
   * in a canonical order that its reconciliation cannot tell from their arrival order.
   */
  static StateFingerprint heldRuns(StateFingerprint fingerprint, Ahead ahead) {
    if (fingerprint.heldByCard().keySet().stream()
        .noneMatch(objectId -> canonicalises(fingerprint, objectId, ahead))) {
      return fingerprint;
    }
    TreeMap<String, List<StateFingerprint.HeldShape>> held = new TreeMap<>();
    fingerprint
        .heldByCard()
        .forEach(
            (objectId, inputs) -> {
              held.put(
                  objectId,
                  canonicalises(fingerprint, objectId, ahead)
                      ? canonical(inputs, ahead.lastAuthority(objectId), ahead)
                      : inputs);
            });
    return new StateFingerprint(
        fingerprint.cards(), fingerprint.replacements(), held, fingerprint.identities());
  }

  private static boolean canonicalises(StateFingerprint fingerprint, String objectId, Ahead ahead) {
    return canonicalises(fingerprint.cards().get(objectId), ahead.lastAuthority(objectId));
  }

  /** Whether a card's held runs may be reordered: it is paused, and its last authority is ahead. */
  static boolean canonicalises(Card card, AuthoritativeCard lastAuthority) {
    return card != null && card.paused() && lastAuthority != null;
  }

  /** How a held input takes part in its card's last reconciliation. */
  private enum Part {
    /** Decided alike wherever it stands between two pausing inputs. */
    FREE,
    /** Re-evaluated against the running version, so kept in order, but never pauses the card. */
    ORDERED,
    /** May pause the card again: nothing crosses it. */
    BARRIER
  }

  /**
   * Per stretch between two barriers: its ordered inputs in arrival order, then its free inputs by
   * name; the barriers stay where they are.
   */
  static List<StateFingerprint.HeldShape> canonical(
      List<StateFingerprint.HeldShape> inputs, AuthoritativeCard authority, Ahead ahead) {
    List<StateFingerprint.HeldShape> result = new ArrayList<>();
    List<StateFingerprint.HeldShape> free = new ArrayList<>();
    for (StateFingerprint.HeldShape input : inputs) {
      Part part = part(input, authority, ahead);
      if (part == Part.FREE) {
        free.add(input);
        continue;
      }
      if (part == Part.BARRIER) {
        free.sort(BY_NAME);
        result.addAll(free);
        free.clear();
      }
      result.add(input);
    }
    free.sort(BY_NAME);
    result.addAll(free);
    return result;
  }

  private static final Comparator<StateFingerprint.HeldShape> BY_NAME =
      Comparator.comparingInt(StateFingerprint.HeldShape::name);

  /**
   * Resolved and unresolved-for-good inputs never touch the card; a {@code CARD_PAUSED} input (its
   * shape and version are valid) below the authority's version is STALE or stays held, as the
   * inputs before it decided; one at or above it may be applied, and may pause the card only where
   * the authority or another delivery has its version with another state.
   */
  private static Part part(
      StateFingerprint.HeldShape input, AuthoritativeCard authority, Ahead ahead) {
    HeldReason reason = input.reason();
    if (reason.resolvedByAuthority() || reason.staysUnresolvedAfterAuthority()) {
      return Part.FREE;
    }
    Envelope envelope = ahead.envelope(input.name());
    if (reason != HeldReason.CARD_PAUSED
        || !(envelope.version() instanceof ObjectVersion.Valid version)) {
      return Part.BARRIER;
    }
    if (version.value() < authority.version()) {
      return Part.FREE;
    }
    JsonObject state = envelope.state().orElseThrow();
    boolean conflict = version.value() == authority.version() && !authority.state().equals(state);
    for (Envelope other : ahead.envelopes()) {
      conflict |=
          other.objectId().equals(envelope.objectId())
              && other.version() instanceof ObjectVersion.Valid otherVersion
              && otherVersion.value() == version.value()
              && !other.state().equals(envelope.state());
    }
    return conflict ? Part.BARRIER : Part.ORDERED;
  }
}
