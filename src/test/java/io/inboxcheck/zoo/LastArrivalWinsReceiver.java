package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;

/** Mistake 1: the last arrival wins; every event with a version is applied, older ones too. */
public final class LastArrivalWinsReceiver extends NaiveReceiver {
  public LastArrivalWinsReceiver(ReceiverSetup setup) {
    super("last-arrival-wins", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (!decidedByVersion(reference)) {
      return reference;
    }
    return applied(envelope, reference.identityEffect(), eventCard(envelope));
  }
}
