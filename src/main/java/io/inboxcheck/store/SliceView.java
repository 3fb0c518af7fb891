package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.model.ViewSettings;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The part of the receiver state one transaction loaded under its locks: what the pure reducer may
 * read for this delivery, reconciliation or pruning (docs/storage-boundary.md 5). Asking for
 * anything outside it fails loudly, so a reducer that starts reading more cannot decide on rows the
 * transaction never locked.
 */
final class SliceView implements ReceiverView {
  private final Set<String> lockedCardNames;
  private final SortedMap<String, Card> cards;
  private final String lockedEventId;
  private final IdentityRecord identity;
  private final List<HeldInput> held;
  private final Set<Integer> heldSteps;
  private final ViewSettings settings;

  SliceView(
      Set<String> lockedCardNames,
      Map<String, Card> cards,
      String lockedEventId,
      IdentityRecord identity,
      List<HeldInput> held,
      Set<Integer> heldSteps,
      ViewSettings settings) {
    this.lockedCardNames = Set.copyOf(lockedCardNames);
    this.cards = Collections.unmodifiableSortedMap(new TreeMap<>(cards));
    this.lockedEventId = lockedEventId;
    this.identity = identity;
    this.held = List.copyOf(held);
    this.heldSteps = Set.copyOf(heldSteps);
    this.settings = settings;
  }

  @Override
  public Optional<Card> card(String objectId) {
    if (!lockedCardNames.contains(objectId)) {
      throw outside("card " + objectId);
    }
    return Optional.ofNullable(cards.get(objectId));
  }

  @Override
  public SortedMap<String, Card> cards() {
    return cards;
  }

  @Override
  public Optional<IdentityRecord> identity(String eventId) {
    if (!eventId.equals(lockedEventId)) {
      throw outside("identity " + eventId);
    }
    return Optional.ofNullable(identity);
  }

  @Override
  public Collection<IdentityRecord> identities() {
    return identity == null ? List.of() : List.of(identity);
  }

  @Override
  public List<AuditEntry> audit() {
    throw outside("the audit");
  }

  @Override
  public ReplacementCounters replacements() {
    throw outside("the replacement counters");
  }

  @Override
  public ViewSettings settings() {
    return settings;
  }

  /** Whether the input delivered at {@code step} is held; for a delivery, the steps its id held. */
  @Override
  public boolean isHeld(int step) {
    return heldSteps.contains(step);
  }

  /** The held inputs naming the locked card (a reconciliation); a delivery loads none. */
  @Override
  public List<HeldInput> held() {
    return held;
  }

  private static IllegalStateException outside(String what) {
    return new IllegalStateException(
        "the reducer read " + what + ", which this transaction did not load under a lock");
  }
}
