package io.inboxcheck.zoo;

import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.List;
import java.util.Optional;

/**
 * Mistake 25: keeps an id's first record and one slot for changed content, so a variant beyond the
 * second content overwrites the second; a redelivery of the overwritten variant is then taken for
 * new changed content (a conflict) instead of a duplicate.
 */
public final class VariantOverwritingReceiver extends IdentityRewritingReceiver {
  /** Variant slots per id, besides the first record. */
  static final int SLOTS = 1;

  public VariantOverwritingReceiver(ReceiverSetup setup) {
    super("variant-overwrites-second", setup);
  }

  /** The record as the slots hold it: the first record and the latest variants. */
  @Override
  protected Optional<IdentityRecord> remembered(IdentityRecord record) {
    List<RecordedContent> variants = record.variants();
    if (variants.size() <= SLOTS) {
      return Optional.of(record);
    }
    return Optional.of(
        new IdentityRecord(
            record.eventId(),
            record.firstRecord(),
            variants.subList(variants.size() - SLOTS, variants.size())));
  }
}
