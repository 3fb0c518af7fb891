package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.ViewSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/** What a receiver starts from: initial cards, supported types, retention and clock start. */
@API(status = STABLE)
public record ReceiverSetup(
    SortedMap<String, Card> initialCards,
    Set<String> supportedTypes,
    Duration retention,
    Instant start) {

  public ReceiverSetup {
    initialCards = new TreeMap<>(initialCards);
    supportedTypes = Set.copyOf(supportedTypes);
  }

  /** The settings every view of this receiver is read under, at receiver clock {@code clock}. */
  public ViewSettings viewAt(Instant clock) {
    return new ViewSettings(clock, retention, supportedTypes);
  }
}
