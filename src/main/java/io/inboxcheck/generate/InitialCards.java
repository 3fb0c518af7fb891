package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.model.Card;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The initial cards of a {@link ConcurrentCase}: {@code card-1} always, each other card almost
 * always, each at version 1. A card's presence is a choice whose simplest value is absent, so
 * shrinking removes the cards a failure does not need, as it removes the initial cards of the fault
 * sequences (a list of the setup there).
 */
final class InitialCards {
  /**
   * Weights of a card's presence, absent first: a generated case has every card but once in a
   * thousand, and absent is the simplest value, which shrinking tries.
   */
  private static final int[] PRESENCE_WEIGHTS = {1, 999};

  private InitialCards() {}

  /** Every card, {@code card-1} to {@code card-}{@link ConcurrentCase#CARDS}. */
  static List<String> every() {
    List<String> cards = new ArrayList<>();
    for (int card = 1; card <= ConcurrentCase.CARDS; card++) {
      cards.add("card-" + card);
    }
    return cards;
  }

  /**
   * Draws the initial cards: {@code card-1} always, each other one unless its presence is 0. A card
   * a delivery names and the setup lacks is an unknown object: a smaller case, judged as any other.
   */
  static List<String> draw(Choices choices) {
    return choices.span(
        "setup",
        c -> {
          List<String> cards = new ArrayList<>(List.of("card-1"));
          for (int card = 2; card <= ConcurrentCase.CARDS; card++) {
            if (c.weighted(PRESENCE_WEIGHTS) == 1) {
              cards.add("card-" + card);
            }
          }
          return cards;
        });
  }

  /** {@code initialCards} at version 1, card.snapshot supported, a day's retention. */
  static ReceiverSetup setup(List<String> initialCards) {
    SortedMap<String, Card> cards = new TreeMap<>();
    initialCards.forEach(card -> cards.put(card, new Card(1, ConcurrentCase.state("L1"), false)));
    return new ReceiverSetup(
        cards, Set.of("card.snapshot"), ConcurrentCase.RETENTION, ConcurrentCase.START);
  }
}
