package io.inboxcheck.check;

import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReceiverView;
import java.util.List;

/** Compares a store's final view with the model's replay of it; shared by the store checks. */
final class FinalStates {
  private FinalStates() {}

  /**
   * Adds a sentence to {@code problems} for each of cards, held inputs and counters that differ.
   */
  static void compare(ReceiverView expected, ReceiverView stored, List<String> problems) {
    if (!expected.cards().equals(stored.cards())) {
      problems.add("final cards: model " + expected.cards() + ", store " + stored.cards());
    }
    if (!heldByStep(expected.held()).equals(heldByStep(stored.held()))) {
      problems.add(
          "held inputs: model "
              + heldByStep(expected.held())
              + ", store "
              + heldByStep(stored.held()));
    }
    if (!expected.replacements().equals(stored.replacements())) {
      problems.add(
          "counters: model " + expected.replacements() + ", store " + stored.replacements());
    }
  }

  /** Held inputs as step and reason, by step: a store lists them in commit order. */
  static List<String> heldByStep(List<HeldInput> held) {
    return held.stream()
        .sorted((left, right) -> Integer.compare(left.step(), right.step()))
        .map(input -> input.step() + ":" + input.reason())
        .toList();
  }
}
