package io.inboxcheck.conform;

import io.inboxcheck.model.Card;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What is known of the receiver where its log begins.
 *
 * @param cards every card the receiver held then, pauses included; null when unknown (a log cut
 *     from the middle of a history, read without {@code --initial})
 * @param earlierDeliveries whether deliveries may have been recorded before the log: then ids
 *     retained from before and inputs held from before are possible, and what depends on them is
 *     not judged
 */
public record LogStart(SortedMap<String, Card> cards, boolean earlierDeliveries) {

  /** Nothing known: a log that starts somewhere in the middle of a history. */
  public static final LogStart UNKNOWN = new LogStart(null, true);

  public LogStart {
    cards = cards == null ? null : new TreeMap<>(cards);
  }

  /** The receiver's whole state at the start: these cards, no retained id, nothing held. */
  public static LogStart complete(SortedMap<String, Card> cards) {
    return new LogStart(cards, false);
  }
}
