package io.inboxcheck.conform;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.Reducer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The model's decisions for a first record of an envelope over every card the log leaves possible.
 * Rules 3.2-3.4 read a card only through whether it exists, whether it is paused, how its version
 * compares with the envelope's and whether its state equals the envelope's; so one card for each
 * answer (a representative) stands for all cards that give it. Each representative is decided by
 * the plain {@link Reducer} on a state holding just that card: the policy is never restated here.
 *
 * <p>Unknown values are stood for by placeholders: versions at the edges of each comparison (0, one
 * below, equal, one above, the largest), so a version that survives every representative is truly
 * known, and a state object that equals no real one (the envelope's state with one member no
 * envelope has), recognised by identity.
 */
final class CardPossibilities {
  /** One representative card (null: absent), the model's decision for it, and the card after. */
  record Outcome(Card representative, Decision decision, Card after) {}

  private final List<Outcome> outcomes;
  private final JsonObject placeholder;

  private CardPossibilities(List<Outcome> outcomes, JsonObject placeholder) {
    this.outcomes = outcomes;
    this.placeholder = placeholder;
  }

  /**
   * Decides {@code envelope} as a first record against every representative of {@code facts}, under
   * the receiver's settings at {@code clock}.
   */
  static CardPossibilities of(
      CardFacts facts,
      Envelope envelope,
      Set<String> supportedTypes,
      Duration retention,
      Instant clock) {
    String objectId = envelope.objectId().orElse(null);
    JsonObject placeholder = placeholder(envelope);
    List<Outcome> outcomes = new ArrayList<>();
    List<Card> representatives =
        objectId == null ? nothing() : representatives(facts, envelope, placeholder);
    for (Card card : representatives) {
      Map<String, Card> cards = card == null ? Map.of() : Map.of(objectId, card);
      ReceiverState alone = new ReceiverState(cards, supportedTypes, retention, clock);
      DeliveryOutcome outcome = Reducer.decide(alone, envelope);
      Card after = objectId == null ? null : outcome.cardsAfter().getOrDefault(objectId, card);
      outcomes.add(new Outcome(card, outcome.decision(), after));
    }
    return new CardPossibilities(outcomes, placeholder);
  }

  private static List<Card> nothing() {
    List<Card> none = new ArrayList<>();
    none.add(null);
    return none;
  }

  /** Every decision some representative gets, in the order first met. */
  Set<Decision> decisions() {
    Set<Decision> decisions = new LinkedHashSet<>();
    outcomes.forEach(outcome -> decisions.add(outcome.decision()));
    return decisions;
  }

  /** The representatives for which the model decides {@code decision}. */
  List<Outcome> deciding(Decision decision) {
    return outcomes.stream().filter(outcome -> outcome.decision().equals(decision)).toList();
  }

  /** What is left known of the card whichever representative is the real card. */
  CardFacts afterAny() {
    return after(outcomes);
  }

  /**
   * What every one of {@code consistent} leaves known of the card after the decision: a value they
   * all share and none took from a placeholder.
   */
  CardFacts after(List<Outcome> consistent) {
    boolean anyPresent = false;
    boolean anyAbsent = false;
    List<Card> present = new ArrayList<>();
    for (Outcome outcome : consistent) {
      if (outcome.after() == null) {
        anyAbsent = true;
      } else {
        anyPresent = true;
        present.add(outcome.after());
      }
    }
    CardFacts.Presence presence =
        anyPresent && anyAbsent
            ? CardFacts.Presence.UNKNOWN
            : anyPresent ? CardFacts.Presence.PRESENT : CardFacts.Presence.ABSENT;
    if (present.isEmpty()) {
      return presence == CardFacts.Presence.ABSENT ? CardFacts.ABSENT : CardFacts.UNKNOWN;
    }
    Long version = shared(present.stream().map(Card::version).toList());
    JsonObject state = shared(present.stream().map(Card::state).toList());
    if (state == placeholder) {
      state = null;
    }
    Boolean paused = shared(present.stream().map(Card::paused).toList());
    return new CardFacts(presence, version, state, paused);
  }

  private static <T> T shared(List<T> values) {
    T first = values.get(0);
    for (T value : values) {
      if (!Objects.equals(first, value)) {
        return null;
      }
    }
    return first;
  }

  private static List<Card> representatives(
      CardFacts facts, Envelope envelope, JsonObject placeholder) {
    List<Card> cards = new ArrayList<>();
    if (facts.presence() != CardFacts.Presence.PRESENT) {
      cards.add(null);
    }
    if (facts.presence() == CardFacts.Presence.ABSENT) {
      return cards;
    }
    List<Boolean> pauses = facts.paused() != null ? List.of(facts.paused()) : List.of(false, true);
    for (long version : versions(facts, envelope)) {
      for (JsonObject state : states(facts, envelope, version, placeholder)) {
        for (boolean paused : pauses) {
          cards.add(new Card(version, state, paused));
        }
      }
    }
    return cards;
  }

  private static List<Long> versions(CardFacts facts, Envelope envelope) {
    if (facts.version() != null) {
      return List.of(facts.version());
    }
    Set<Long> versions = new LinkedHashSet<>();
    versions.add(0L);
    if (envelope.version() instanceof ObjectVersion.Valid valid) {
      long delivered = valid.value();
      if (delivered > 0) {
        versions.add(delivered - 1);
      }
      versions.add(delivered);
      if (delivered < Long.MAX_VALUE) {
        versions.add(delivered + 1);
      }
    }
    versions.add(Long.MAX_VALUE);
    return new ArrayList<>(versions);
  }

  private static List<JsonObject> states(
      CardFacts facts, Envelope envelope, long version, JsonObject placeholder) {
    if (facts.state() != null) {
      return List.of(facts.state());
    }
    boolean sameVersion =
        envelope.version() instanceof ObjectVersion.Valid valid && valid.value() == version;
    if (sameVersion && envelope.state().isPresent()) {
      return List.of(envelope.state().get(), placeholder);
    }
    return List.of(placeholder);
  }

  /** A state object equal to no envelope's: the envelope's own state plus a member it lacks. */
  private static JsonObject placeholder(Envelope envelope) {
    JsonObject base = envelope.state().orElse(JsonObject.EMPTY);
    String key = "\u0000not in the log";
    while (base.members().containsKey(key)) {
      key = key + "\u0000";
    }
    return base.with(key, JsonBoolean.TRUE);
  }
}
