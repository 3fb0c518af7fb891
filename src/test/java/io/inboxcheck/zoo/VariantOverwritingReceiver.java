package io.inboxcheck.zoo;

import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Mistake 25: keeps two variant slots per id, and a variant beyond the second overwrites the
 * second; a redelivery of the overwritten variant is then taken for new changed content.
 */
public final class VariantOverwritingReceiver extends NaiveReceiver {
  /** Variant slots per id, besides the first record. */
  static final int SLOTS = 1;

  public VariantOverwritingReceiver(ReceiverSetup setup) {
    super("variant-overwrites-second", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return Reducer.decide(view(), envelope);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public Optional<IdentityRecord> identity(String eventId) {
        return super.identity(eventId).map(VariantOverwritingReceiver::slotted);
      }

      @Override
      public Collection<IdentityRecord> identities() {
        return super.identities().stream().map(VariantOverwritingReceiver::slotted).toList();
      }
    };
  }

  /** The record as the slots hold it: the first record and the latest variants. */
  private static IdentityRecord slotted(IdentityRecord record) {
    List<RecordedContent> variants = record.variants();
    if (variants.size() <= SLOTS) {
      return record;
    }
    return new IdentityRecord(
        record.eventId(),
        record.firstRecord(),
        variants.subList(variants.size() - SLOTS, variants.size()));
  }
}
