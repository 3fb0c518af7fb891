package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Marks each delivery's event id "in progress" before it decides, to turn away a copy that arrives
 * while the first is handled, and clears the mark only when the decision was written. A write that
 * fails leaves the mark (as a process killed mid-delivery does): every later copy of that id is
 * refused, the provider retries until it gives up, and the delivery is lost.
 */
public final class StuckInProgressReceiver extends NaiveReceiver {
  /** Event ids marked in progress; durable as the rest of the receiver's state. */
  private final Set<String> inProgress = new HashSet<>();

  public StuckInProgressReceiver(ReceiverSetup setup) {
    super("stuck-in-progress", setup);
  }

  @Override
  protected Optional<DeliveryResult> refuseBeforeDeciding(Envelope envelope) {
    Optional<String> eventId = envelope.eventId();
    if (eventId.isPresent() && !inProgress.add(eventId.get())) {
      return Optional.of(DeliveryResult.NOT_DURABLE); // "already in progress": 409
    }
    return Optional.empty();
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    envelope.eventId().ifPresent(inProgress::remove);
  }
}
