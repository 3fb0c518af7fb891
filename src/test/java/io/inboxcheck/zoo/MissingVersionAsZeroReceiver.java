package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 7: reads a missing version as 0, so the event is recorded as stale instead of held with
 * its card paused.
 */
public final class MissingVersionAsZeroReceiver extends NaiveReceiver {
  public MissingVersionAsZeroReceiver(ReceiverSetup setup) {
    super("missing-version-as-zero", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().reason() != HeldReason.MISSING_VERSION) {
      return reference;
    }
    JsonObject withZero =
        ((JsonObject) envelope.content()).with(Envelope.OBJECT_VERSION, JsonNumber.of(0));
    return Reducer.decide(state, new Envelope(withZero));
  }
}
