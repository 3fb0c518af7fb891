package io.inboxcheck.receiver;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.model.ViewSettings;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A receiver's state as values someone read at one moment: what a database holds (the PostgreSQL
 * store) or what a receiver over HTTP reported, mapped onto the harness's steps. Immutable.
 */
public final class RecordedView implements ReceiverView {
  private final SortedMap<String, Card> cards;
  private final Map<String, IdentityRecord> identities;
  private final List<HeldInput> held;
  private final Set<Integer> heldSteps;
  private final List<AuditEntry> audit;
  private final ReplacementCounters replacements;
  private final ViewSettings settings;

  public RecordedView(
      Map<String, Card> cards,
      List<IdentityRecord> identities,
      List<HeldInput> held,
      List<AuditEntry> audit,
      ReplacementCounters replacements,
      ViewSettings settings) {
    this.cards = Collections.unmodifiableSortedMap(new TreeMap<>(cards));
    LinkedHashMap<String, IdentityRecord> byId = new LinkedHashMap<>();
    identities.forEach(record -> byId.put(record.eventId(), record));
    this.identities = Collections.unmodifiableMap(byId);
    this.held = List.copyOf(held);
    this.heldSteps = held.stream().map(HeldInput::step).collect(Collectors.toUnmodifiableSet());
    this.audit = List.copyOf(audit);
    this.replacements = replacements;
    this.settings = settings;
  }

  @Override
  public Optional<Card> card(String objectId) {
    return Optional.ofNullable(cards.get(objectId));
  }

  @Override
  public SortedMap<String, Card> cards() {
    return cards;
  }

  @Override
  public Optional<IdentityRecord> identity(String eventId) {
    return Optional.ofNullable(identities.get(eventId));
  }

  @Override
  public Collection<IdentityRecord> identities() {
    return identities.values();
  }

  @Override
  public List<HeldInput> held() {
    return held;
  }

  @Override
  public boolean isHeld(int step) {
    return heldSteps.contains(step);
  }

  @Override
  public List<AuditEntry> audit() {
    return audit;
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
