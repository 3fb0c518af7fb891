package io.inboxcheck.model;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one delivery's decision does, as data: the store persists exactly this, in one unit, or
 * nothing at all (SPEC section 3, last paragraph).
 *
 * @param decision the recorded decision
 * @param identityEffect whether the content becomes a first record, a variant, or neither
 * @param cardsAfter cards whose version, state or pause changes, with their new value
 */
public record DeliveryOutcome(
    Decision decision, IdentityEffect identityEffect, SortedMap<String, Card> cardsAfter) {

  private static final SortedMap<String, Card> NO_CARDS =
      Collections.unmodifiableSortedMap(new TreeMap<>());

  public DeliveryOutcome {
    // Most decisions change no card; sharing one empty map keeps the hot path free of copies.
    cardsAfter =
        cardsAfter.isEmpty()
            ? NO_CARDS
            : Collections.unmodifiableSortedMap(new TreeMap<>(cardsAfter));
  }

  static DeliveryOutcome of(
      Decision decision, IdentityEffect identityEffect, Map<String, Card> cards) {
    return new DeliveryOutcome(
        decision, identityEffect, cards.isEmpty() ? NO_CARDS : new TreeMap<>(cards));
  }

  /** How a delivery touches the identity records. */
  public enum IdentityEffect {
    /** No identity record is written: no usable id, or an identical redelivery. */
    NONE,
    /** The content becomes the event id's first record. */
    FIRST_RECORD,
    /** The content is stored as a variant beside the untouched first record. */
    VARIANT
  }
}
