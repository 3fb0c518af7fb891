package io.inboxcheck.concurrent;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
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

  /**
   * The sentence for a delivery the store decided otherwise than the model replaying it; {@code
   * replay} says how the model was fed, e.g. "the model in audit order".
   */
  static String decisionDiffers(
      int step, Envelope envelope, Decision stored, Decision replayed, String replay) {
    return "step "
        + step
        + " ("
        + envelope.eventId().orElse("no id")
        + "): the store recorded "
        + stored.describe()
        + ", "
        + replay
        + " decides "
        + replayed.describe();
  }

  /** Held inputs as step and reason, by step: a store lists them in commit order. */
  static List<String> heldByStep(List<HeldInput> held) {
    return held.stream()
        .sorted((left, right) -> Integer.compare(left.step(), right.step()))
        .map(input -> input.step() + ":" + input.reason())
        .toList();
  }
}
