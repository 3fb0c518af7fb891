package io.inboxcheck.receiver;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import java.time.Instant;
import java.util.SortedMap;

/**
 * A receiver at the smallest level of the contract, written the way a team would: it answers each
 * delivery with an ack only and shows cards, held inputs and counters, nothing else. Here it wraps
 * another receiver and hides the rest of that one's view; step numbers never reach the wrapped
 * receiver's observers.
 */
abstract class ThinReceiver implements ContractReceiver {
  private final Receiver inner;
  private int steps;

  ThinReceiver(Receiver inner) {
    this.inner = inner;
  }

  @Override
  public String name() {
    return getClass().getSimpleName();
  }

  @Override
  public void advanceClock(Instant time) {
    inner.advanceClock(++steps, time);
  }

  @Override
  public DeliveryResult deliver(Envelope envelope, Transport transport) {
    return new DeliveryResult(null, inner.deliver(++steps, envelope, transport).ack());
  }

  @Override
  public void reconcile(SortedMap<String, AuthoritativeCard> authority) {
    inner.reconcile(++steps, authority);
  }

  @Override
  public ObservedState observe() {
    ReceiverView view = inner.view();
    return new ObservedState(
        view.cards(),
        view.held().stream()
            .map(input -> new ObservedState.Held(input.envelope(), input.reason()))
            .toList(),
        view.replacements());
  }

  @Override
  public void close() {
    inner.close();
  }
}
