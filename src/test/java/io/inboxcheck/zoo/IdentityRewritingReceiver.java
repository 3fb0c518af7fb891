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
 * A receiver that forgets some event ids earlier than the reference prunes them: it decides and
 * shows its identity records without those {@link #forgets} picks. A forgotten id delivered again
 * is recorded anew.
 */
abstract class IdForgettingReceiver extends NaiveReceiver {
  IdForgettingReceiver(String name, ReceiverSetup setup) {
    super(name, setup);
  }

  /** Whether the receiver no longer knows this retained record at the current clock. */
  protected abstract boolean forgets(IdentityRecord record);

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return Reducer.decide(view(), envelope);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public Optional<IdentityRecord> identity(String eventId) {
        return super.identity(eventId).filter(record -> !forgets(record));
      }

      @Override
      public Collection<IdentityRecord> identities() {
        return super.identities().stream().filter(record -> !forgets(record)).toList();
      }
    };
  }
}
