package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 10: acknowledges the decision even when its durable write failed, so the provider never
 * retries a delivery nothing remembers.
 */
public final class AckOnFailedWriteReceiver extends NaiveReceiver {
  public AckOnFailedWriteReceiver(ReceiverSetup setup) {
    super("acks-failed-writes", setup);
  }

  @Override
  protected DeliveryResult answerFailedWrite(DeliveryOutcome outcome) {
    return DeliveryResult.recorded(outcome.decision());
  }
}
