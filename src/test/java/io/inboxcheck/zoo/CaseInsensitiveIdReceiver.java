package io.inboxcheck.zoo;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Deduplicates event ids case-insensitively, as a unique key under a case-insensitive collation
 * does: {@code E-3} after {@code e-3} is taken for a redelivery of {@code e-3} and dropped as a
 * duplicate, although SPEC section 1 compares strings exactly and it is another event.
 */
public final class CaseInsensitiveIdReceiver extends NaiveReceiver {
  public CaseInsensitiveIdReceiver(ReceiverSetup setup) {
    super("ids-ignore-case", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.identityEffect() != IdentityEffect.FIRST_RECORD) {
      return reference;
    }
    String id = envelope.eventId().orElseThrow();
    Optional<IdentityRecord> lookalike =
        state.identities().stream()
            .filter(record -> record.eventId().equalsIgnoreCase(id))
            .findFirst();
    if (lookalike.isEmpty()) {
      return reference;
    }
    Decision restated = lookalike.get().firstRecord().latestDecision();
    return new DeliveryOutcome(
        new Decision.Duplicate(restated), IdentityEffect.NONE, new TreeMap<>());
  }
}
