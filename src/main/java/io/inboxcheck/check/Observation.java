package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** A copy of what invariants compare across one step: taken before it, read again after. */
public record Observation(
    SortedMap<String, Card> cards,
    Map<String, RecordedContent> firstRecords,
    List<HeldInput> held,
    List<AuditEntry> audit,
    ReplacementCounters replacements) {

  public static Observation of(ReceiverView view) {
    Map<String, RecordedContent> firstRecords = new LinkedHashMap<>();
    for (IdentityRecord record : view.identities()) {
      firstRecords.put(record.eventId(), record.firstRecord());
    }
    return new Observation(
        new TreeMap<>(view.cards()),
        firstRecords,
        List.copyOf(view.held()),
        List.copyOf(view.audit()),
        view.replacements());
  }

  /** Whether a card's version or state differs, or the card appeared or vanished. */
  static boolean contentChanged(Card before, Card after) {
    if (before == null || after == null) {
      return before != after;
    }
    return !before.sameContentAs(after);
  }

  /** The ids of cards whose version or state differ between two snapshots. */
  static List<String> changedCards(Observation before, Observation after) {
    TreeMap<String, Boolean> ids = new TreeMap<>();
    before.cards.keySet().forEach(id -> ids.put(id, true));
    after.cards.keySet().forEach(id -> ids.put(id, true));
    return ids.keySet().stream()
        .filter(id -> contentChanged(before.cards.get(id), after.cards.get(id)))
        .toList();
  }
}
