package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReplacementCounters;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What a {@link ContractReceiver} shows after a step.
 *
 * @param cards every card by object id
 * @param held the held inputs not yet resolved, in arrival order
 * @param replacements the event and authoritative replacement counters
 */
@API(status = STABLE)
public record ObservedState(
    SortedMap<String, Card> cards, List<Held> held, ReplacementCounters replacements) {

  public ObservedState {
    cards = new TreeMap<>(cards);
    held = List.copyOf(held);
  }

  /**
   * One held input: the delivery's envelope as it arrived, and why it is held. The harness matches
   * it to what it sent by event id, content and arrival order.
   */
  public record Held(Envelope envelope, HeldReason reason) {}
}
