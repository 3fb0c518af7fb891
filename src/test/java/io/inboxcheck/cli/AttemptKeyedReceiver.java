package io.inboxcheck.cli;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/**
 * A deliberate mistake: keys idempotency on the event id together with the provider's attempt
 * number, so a retry (numbered) and a person's resend (not numbered) of one event are two events to
 * it. Plain deliveries carry no number and pass; only a resend racing a retry catches it.
 */
public final class AttemptKeyedReceiver implements Receiver {
  private final ModelReceiver model;

  public AttemptKeyedReceiver(ReceiverSetup setup) {
    this.model = new ModelReceiver(setup);
  }

  @Override
  public String name() {
    return "attempt-keyed";
  }

  @Override
  public void advanceClock(int step, Instant time) {
    model.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    if (transport.attempt() == null
        || !(envelope.content() instanceof JsonObject content)
        || envelope.eventId().isEmpty()) {
      return model.deliver(step, envelope, transport);
    }
    String keyed = envelope.eventId().get() + "#attempt-" + transport.attempt();
    return model.deliver(
        step, new Envelope(content.with(Envelope.EVENT_ID, new JsonString(keyed))), transport);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return model.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return model.view();
  }

  @Override
  public Set<Observable> shows() {
    return model.shows();
  }
}
