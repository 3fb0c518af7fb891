package io.inboxcheck.concurrent;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import java.util.List;
import java.util.stream.Collectors;

/** Compares a store's final view with the model's replay of it; shared by the store checks. */
final class FinalStates {
  private FinalStates() {}

  /**
   * Adds a sentence to {@code problems} for each of cards, held inputs and counters that differ.
   */
  static void compare(ReceiverView expected, ReceiverView stored, List<String> problems) {
    if (!expected.cards().equals(stored.cards())) {
      problems.add("final cards: expected " + cards(expected) + "; observed " + cards(stored));
    }
    if (!heldByStep(expected.held()).equals(heldByStep(stored.held()))) {
      problems.add(
          "held inputs (step:reason): expected "
              + heldByStep(expected.held())
              + "; observed "
              + heldByStep(stored.held()));
    }
    if (!expected.replacements().equals(stored.replacements())) {
      problems.add(
          "replacements: expected "
              + replacements(expected.replacements())
              + "; observed "
              + replacements(stored.replacements()));
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

  /** Every card as SPEC names its parts: {@code card-1 v3 {"stage":"ready"} paused}. */
  private static String cards(ReceiverView view) {
    return view.cards().entrySet().stream()
        .map(card -> card.getKey() + " " + Facts.render(card.getValue()))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String replacements(ReplacementCounters counters) {
    return "event " + counters.event() + ", authoritative " + counters.authoritative();
  }

  /** Held inputs as step and reason, by step: a store lists them in commit order. */
  static List<String> heldByStep(List<HeldInput> held) {
    return held.stream()
        .sorted((left, right) -> Integer.compare(left.step(), right.step()))
        .map(input -> input.step() + ":" + input.reason())
        .toList();
  }
}
