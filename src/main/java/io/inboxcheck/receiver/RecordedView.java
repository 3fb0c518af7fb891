package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

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
import org.apiguardian.api.API;

/**
 * A receiver's state as values someone read at one moment: what a database holds (the PostgreSQL
 * store) or what a receiver over HTTP reported, mapped onto the harness's steps. Immutable.
 *
 * @param identitiesById the identity records by event id, in the order they were read
 * @param heldSteps the steps whose inputs are in {@code held}
 */
@API(status = EXPERIMENTAL)
public record RecordedView(
    SortedMap<String, Card> cards,
    Map<String, IdentityRecord> identitiesById,
    List<HeldInput> held,
    Set<Integer> heldSteps,
    List<AuditEntry> audit,
    ReplacementCounters replacements,
    ViewSettings settings)
    implements ReceiverView {

  public RecordedView(
      Map<String, Card> cards,
      List<IdentityRecord> identities,
      List<HeldInput> held,
      List<AuditEntry> audit,
      ReplacementCounters replacements,
      ViewSettings settings) {
    this(
        Collections.unmodifiableSortedMap(new TreeMap<>(cards)),
        byEventId(identities),
        List.copyOf(held),
        held.stream().map(HeldInput::step).collect(Collectors.toUnmodifiableSet()),
        List.copyOf(audit),
        replacements,
        settings);
  }

  /**
   * What {@code view} holds now, as values: a receiver in this process may answer {@code view()}
   * with its live state, which later requests change.
   */
  public static RecordedView of(ReceiverView view) {
    return new RecordedView(
        view.cards(),
        List.copyOf(view.identities()),
        view.held(),
        view.audit(),
        view.replacements(),
        view.settings());
  }

  private static Map<String, IdentityRecord> byEventId(List<IdentityRecord> identities) {
    LinkedHashMap<String, IdentityRecord> byId = new LinkedHashMap<>();
    identities.forEach(record -> byId.put(record.eventId(), record));
    return Collections.unmodifiableMap(byId);
  }

  @Override
  public Optional<Card> card(String objectId) {
    return Optional.ofNullable(cards.get(objectId));
  }

  @Override
  public Optional<IdentityRecord> identity(String eventId) {
    return Optional.ofNullable(identitiesById.get(eventId));
  }

  @Override
  public Collection<IdentityRecord> identities() {
    return identitiesById.values();
  }

  @Override
  public boolean isHeld(int step) {
    return heldSteps.contains(step);
  }
}
