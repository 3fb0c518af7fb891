package io.inboxcheck.scenario;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReplacementCounters;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A replayed scenario: one history step per scenario step, the final state, the receiver's audit,
 * and how the scenario's expectations fared.
 */
public record History(
    Scenario scenario,
    String receiver,
    List<HistoryStep> steps,
    SortedMap<String, Card> finalCards,
    List<HeldInput> unresolved,
    ReplacementCounters replacements,
    List<AuditEntry> audit,
    ExpectationReport expectations) {

  public History {
    steps = List.copyOf(steps);
    finalCards = new TreeMap<>(finalCards);
    unresolved = List.copyOf(unresolved);
    audit = List.copyOf(audit);
  }

  public List<String> paused() {
    return finalCards.entrySet().stream()
        .filter(e -> e.getValue().paused())
        .map(e -> e.getKey())
        .toList();
  }

  public boolean expectationsHold() {
    return expectations.failures().isEmpty();
  }
}
