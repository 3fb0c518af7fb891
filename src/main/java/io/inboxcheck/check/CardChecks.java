package io.inboxcheck.check;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The invariants about cards: one function per finding, each reading only cards and decisions. */
final class CardChecks {
  private CardChecks() {}

  /** PAUSED_FROZEN: on a delivery or a clock advance, a paused card keeps version and state. */
  static List<Violation> pausedCardChanged(StepContext context) {
    List<Violation> found = new ArrayList<>();
    if (!context.durableDelivery() && !context.quiet()) {
      return found;
    }
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (entry.getValue().paused() && Observation.contentChanged(entry.getValue(), after)) {
        found.add(
            context.violation(
                Finding.PAUSED_CARD_CHANGED,
                Facts.of("paused card", entry.getKey(), "unchanged", entry.getValue()),
                Facts.of("card", entry.getKey(), "now", after)));
      }
    }
    return found;
  }

  /** CLOCK_CHANGES_NO_CARD: a clock advance changes no card's version or state. */
  static List<Violation> cardChangedByClock(StepContext context) {
    if (!context.quiet() || context.changedCards().isEmpty()) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.CARD_CHANGED_BY_CLOCK,
            Facts.of("changed cards", List.of()),
            Facts.of("changed cards", context.changedCards())));
  }

  /** VERSION_MONOTONIC: a delivery or clock advance never lowers a card's version or drops it. */
  static List<Violation> versionLowered(StepContext context) {
    List<Violation> found = new ArrayList<>();
    if (!context.durableDelivery() && !context.quiet()) {
      return found;
    }
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (after == null || after.version() < entry.getValue().version()) {
        found.add(
            context.violation(
                Finding.VERSION_LOWERED,
                Facts.of("card", entry.getKey(), "at least version", entry.getValue().version()),
                Facts.of(
                    "card", entry.getKey(), "version", after == null ? null : after.version())));
      }
    }
    return found;
  }

  /** HELD_NO_EFFECT: a delivery decided HELD changes no card. */
  static List<Violation> heldChangedCard(StepContext context) {
    Decision decision = context.decision();
    if (!context.durableDelivery()
        || decision == null
        || decision.kind() != DecisionKind.HELD
        || context.changedCards().isEmpty()) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.HELD_CHANGED_CARD,
            Facts.of("changed cards", List.of()),
            Facts.of("decision", decision, "changed cards", context.changedCards())));
  }

  /** FULL_REPLACEMENT: after APPLIED the card is the event's version and state, nothing merged. */
  static List<Violation> stateNotReplaced(StepContext context) {
    Decision decision = context.decision();
    if (!context.durableDelivery() || decision == null || decision.kind() != DecisionKind.APPLIED) {
      return List.of();
    }
    Envelope envelope = context.delivery().orElseThrow().envelope();
    String objectId = envelope.objectId().orElse(null);
    Card after = objectId == null ? null : context.after().cards().get(objectId);
    boolean exact =
        after != null
            && envelope.version() instanceof ObjectVersion.Valid valid
            && after.version() == valid.value()
            && envelope.state().isPresent()
            && after.state().equals(envelope.state().get());
    if (exact) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.STATE_NOT_REPLACED,
            Facts.of(
                "card",
                objectId,
                "version",
                versionWords(envelope.version()),
                "state",
                envelope.state().orElse(null)),
            Facts.of("card", objectId, "now", after)));
  }

  /** A version as the protocol writes it: the number, the invalid value, or {@code missing}. */
  private static String versionWords(ObjectVersion version) {
    if (version instanceof ObjectVersion.Valid valid) {
      return String.valueOf(valid.value());
    }
    return version instanceof ObjectVersion.Invalid invalid
        ? invalid.raw().canonicalText()
        : "missing";
  }

  /** NO_INVENTED_CARDS: every card is an initial one or one an authority listed. */
  static List<Violation> inventedCard(StepContext context) {
    List<Violation> found = new ArrayList<>();
    for (String id : context.after().cards().keySet()) {
      if (!context.memory().allowedCards.contains(id)) {
        found.add(
            context.violation(
                Finding.INVENTED_CARD,
                Facts.of("cards from", "initial or authority"),
                Facts.of("card", id)));
      }
    }
    return found;
  }
}
