package io.inboxcheck.zoo;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Optional;

/**
 * A DUPLICATE restates the first decision recorded for its content instead of the latest: after a
 * reconciliation re-evaluated a held delivery (CARD_PAUSED became APPLIED), a redelivery of it
 * still restates HELD, although SPEC section 3 restates the latest recorded decision.
 */
public final class FirstDecisionRestatingReceiver extends NaiveReceiver {
  public FirstDecisionRestatingReceiver(ReceiverSetup setup) {
    super("restates-first-decision", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    DeliveryOutcome reference = super.decide(envelope);
    if (reference.decision().kind() != DecisionKind.DUPLICATE) {
      return reference;
    }
    Optional<RecordedContent> recorded =
        envelope
            .eventId()
            .flatMap(state::identity)
            .flatMap(record -> record.recorded(envelope.content()));
    if (recorded.isEmpty()) {
      return reference;
    }
    Decision first = recorded.get().decisions().get(0);
    return new DeliveryOutcome(
        new Decision.Duplicate(first), reference.identityEffect(), reference.cardsAfter());
  }
}
