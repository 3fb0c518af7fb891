package io.inboxcheck.cli;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;

/**
 * A deliberate mistake: keys idempotency on the event id together with the provider's attempt
 * number, so a retry (numbered) and a person's resend (not numbered) of one event are two events to
 * it. Plain deliveries carry no number and pass; only a resend racing a retry catches it. Its
 * requests meet as {@link RendezvousModelReceiver}'s do, so every round is in flight at once.
 */
public final class AttemptKeyedReceiver extends RendezvousModelReceiver {
  public AttemptKeyedReceiver(ReceiverSetup setup) {
    super(setup);
  }

  @Override
  public String name() {
    return "attempt-keyed";
  }

  @Override
  DeliveryResult decide(int step, Envelope envelope, Transport transport) {
    if (transport.attempt() == null
        || !(envelope.content() instanceof JsonObject content)
        || envelope.eventId().isEmpty()) {
      return model.deliver(step, envelope, transport);
    }
    String keyed = envelope.eventId().get() + "#attempt-" + transport.attempt();
    return model.deliver(
        step, new Envelope(content.with(Envelope.EVENT_ID, new JsonString(keyed))), transport);
  }
}
