package io.inboxcheck.receiver;

import io.inboxcheck.model.Card;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/** What a receiver starts from: initial cards, supported types, retention and clock start. */
public record ReceiverSetup(
    SortedMap<String, Card> initialCards,
    Set<String> supportedTypes,
    Duration retention,
    Instant start) {

  public ReceiverSetup {
    initialCards = new TreeMap<>(initialCards);
    supportedTypes = Set.copyOf(supportedTypes);
  }
}
