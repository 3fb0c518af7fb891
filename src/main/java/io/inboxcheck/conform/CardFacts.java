package io.inboxcheck.conform;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;

/**
 * What the log shows of one card: whether it exists, and its version, state and pause, each known
 * or not (null). A card first seen in the middle of a log is known only as far as the receiver's
 * recorded decisions show it: an APPLIED gives all of it, a STALE only that it exists unpaused.
 *
 * @param paused whether the card is paused, if it exists
 */
record CardFacts(Presence presence, Long version, JsonObject state, Boolean paused) {

  /** Whether the card exists. */
  enum Presence {
    PRESENT,
    ABSENT,
    UNKNOWN
  }

  /** Nothing known: the card may not exist. */
  static final CardFacts UNKNOWN = new CardFacts(Presence.UNKNOWN, null, null, null);

  /** Known not to exist. */
  static final CardFacts ABSENT = new CardFacts(Presence.ABSENT, null, null, null);

  /** Known to exist, nothing else known: cards are never deleted, so this much is never lost. */
  static final CardFacts EXISTS = new CardFacts(Presence.PRESENT, null, null, null);

  static CardFacts of(Card card) {
    return card == null
        ? ABSENT
        : new CardFacts(Presence.PRESENT, card.version(), card.state(), card.paused());
  }

  /** Whether everything is known: a card's whole value, or its absence. */
  boolean exact() {
    return presence == Presence.ABSENT
        || presence == Presence.PRESENT && version != null && state != null && paused != null;
  }

  /** The card itself when {@link #exact()} and present, else null. */
  Card card() {
    return exact() && presence == Presence.PRESENT ? new Card(version, state, paused) : null;
  }

  /** The same facts with the card paused, if it exists. */
  CardFacts pausedIfPresent() {
    return presence == Presence.ABSENT ? this : new CardFacts(presence, version, state, true);
  }

  /** The same facts with the pause no longer known. */
  CardFacts pauseUnknown() {
    return presence == Presence.ABSENT ? this : new CardFacts(presence, version, state, null);
  }

  /** What is left known once the card's value can no longer be trusted: that it exists, if so. */
  CardFacts onlyPresence() {
    return presence == Presence.PRESENT ? EXISTS : UNKNOWN;
  }

  /**
   * What is known of the card whichever of two readings is true: each fact both share, a value only
   * one gives for a card the other says does not exist, and nothing the two disagree on.
   */
  CardFacts join(CardFacts other) {
    if (equals(other)) {
      return this;
    }
    if (presence == Presence.ABSENT || other.presence == Presence.ABSENT) {
      CardFacts existing = presence == Presence.ABSENT ? other : this;
      return new CardFacts(Presence.UNKNOWN, existing.version, existing.state, existing.paused);
    }
    return new CardFacts(
        presence == other.presence ? presence : Presence.UNKNOWN,
        java.util.Objects.equals(version, other.version) ? version : null,
        java.util.Objects.equals(state, other.state) ? state : null,
        java.util.Objects.equals(paused, other.paused) ? paused : null);
  }

  /** The facts as a reason reads them: {@code exists, v12, state unknown, not paused}. */
  String describe() {
    if (presence == Presence.ABSENT) {
      return "does not exist";
    }
    StringBuilder text =
        new StringBuilder(presence == Presence.PRESENT ? "exists" : "may not exist");
    text.append(version == null ? ", version unknown" : ", v" + version);
    text.append(state == null ? ", state unknown" : ", state known");
    text.append(paused == null ? ", pause unknown" : paused ? ", paused" : ", not paused");
    return text.toString();
  }
}
