package io.inboxcheck.harness;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A planted bug: a copy of the reference receiver that, when an id comes back with other content,
 * applies the variant if its version is higher instead of holding it. Public so the command line
 * can load it with {@code --receiver class:...}.
 */
public final class VariantApplyingReceiver implements Receiver {
  private final ReceiverState state;

  public VariantApplyingReceiver(ReceiverSetup setup) {
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start());
  }

  @Override
  public String name() {
    return "variant-applying";
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryOutcome outcome = Reducer.decide(state, envelope);
    if (outcome.decision().reason() == HeldReason.ID_CONFLICT) {
      outcome = applyVariant(envelope, outcome);
    }
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE;
    }
    state.commit(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
  }

  /** The bug: the "newer" variant wins, as if the id had never been seen. */
  private DeliveryOutcome applyVariant(Envelope envelope, DeliveryOutcome held) {
    Card card = envelope.objectId().flatMap(state::card).orElse(null);
    if (card == null
        || card.paused()
        || !(envelope.version() instanceof ObjectVersion.Valid valid)
        || valid.value() <= card.version()
        || envelope.state().isEmpty()) {
      return held;
    }
    return new DeliveryOutcome(
        Decision.APPLIED,
        DeliveryOutcome.IdentityEffect.VARIANT,
        new java.util.TreeMap<>(
            Map.of(
                envelope.objectId().get(),
                new Card(valid.value(), envelope.state().get(), false))));
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (Map.Entry<String, AuthoritativeCard> entry : authority.entrySet()) {
      ObjectReconciliation result = Reconciler.reconcile(state, entry.getKey(), entry.getValue());
      state.commit(step, result);
      results.add(result);
    }
    return results;
  }

  @Override
  public ReceiverView view() {
    return state;
  }
}
