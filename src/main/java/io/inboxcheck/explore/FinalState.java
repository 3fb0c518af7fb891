package io.inboxcheck.explore;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.History;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one arrival order ends in: the whole-run facts the explorer counts orders by.
 *
 * @param cards every card after the last step
 * @param unresolved the inputs still held, as {@code event-id object-id REASON}, sorted: a set,
 *     since arrival order is what varies
 * @param paused the paused cards, sorted
 * @param replacements the replacement counters
 */
public record FinalState(
    SortedMap<String, Card> cards,
    List<String> unresolved,
    List<String> paused,
    ReplacementCounters replacements) {

  public FinalState {
    cards = new TreeMap<>(cards);
    unresolved = List.copyOf(unresolved);
    paused = List.copyOf(paused);
  }

  static FinalState of(ReceiverView view) {
    return of(view.cards(), view.held(), view.replacements());
  }

  /** The final state a finished history records, for a receiver already closed. */
  static FinalState of(History history) {
    return of(history.finalCards(), history.unresolved(), history.replacements());
  }

  private static FinalState of(
      SortedMap<String, Card> cards, List<HeldInput> held, ReplacementCounters replacements) {
    List<String> unresolved = new ArrayList<>();
    for (HeldInput input : held) {
      unresolved.add(describe(input));
    }
    unresolved.sort(null);
    List<String> paused =
        cards.entrySet().stream()
            .filter(entry -> entry.getValue().paused())
            .map(Map.Entry::getKey)
            .toList();
    return new FinalState(cards, unresolved, paused, replacements);
  }

  static String describe(HeldInput input) {
    return input.eventId().orElse("(no event id)")
        + " "
        + input.objectId().orElse("(no object)")
        + " "
        + input.reason();
  }

  /** A card as reports show it: {@code v14 {"label":"Map v2","stage":"archived"}}. */
  static String describe(Card card) {
    return "v"
        + card.version()
        + " "
        + card.state().canonicalText()
        + (card.paused() ? " paused" : "");
  }
}
