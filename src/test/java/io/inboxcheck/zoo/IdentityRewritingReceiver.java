package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Collection;
import java.util.Optional;

/**
 * A receiver that remembers event ids otherwise than the reference stores them: it decides and
 * shows each identity record as {@link #remembered} has it, or forgets it. A forgotten id delivered
 * again is recorded anew.
 */
abstract class IdentityRewritingReceiver extends NaiveReceiver {
  IdentityRewritingReceiver(String name, ReceiverSetup setup) {
    super(name, setup);
  }

  /** The record as this receiver remembers it at the current clock, or empty if forgotten. */
  protected abstract Optional<IdentityRecord> remembered(IdentityRecord record);

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return Reducer.decide(view(), envelope);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public Optional<IdentityRecord> identity(String eventId) {
        return super.identity(eventId).flatMap(IdentityRewritingReceiver.this::remembered);
      }

      @Override
      public Collection<IdentityRecord> identities() {
        return super.identities().stream()
            .map(r -> remembered(r))
            .flatMap(Optional::stream)
            .toList();
      }
    };
  }
}
