package io.inboxcheck.explore;

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
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * A planted bug: a copy of the reference receiver in which a newer version gets through a paused
 * card and unpauses it, instead of being held as CARD_PAUSED. Public with a {@link ReceiverSetup}
 * constructor so {@code replay --receiver class:...} can load it. It does not declare locality, so
 * the explorer searches it as one whole.
 */
public final class UnpausingReceiver implements ExplorableReceiver {
  private final ReceiverState state;

  public UnpausingReceiver(ReceiverSetup setup) {
    this(
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start()));
  }

  private UnpausingReceiver(ReceiverState state) {
    this.state = state;
  }

  @Override
  public String name() {
    return "unpausing";
  }

  @Override
  public ExplorableReceiver copy() {
    return new UnpausingReceiver(state.copy());
  }

  @Override
  public Object fingerprint(IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    return StateFingerprint.of(state, stepNames, retentionClass);
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryOutcome outcome = Reducer.decide(state, envelope);
    if (outcome.decision().reason() == HeldReason.CARD_PAUSED) {
      outcome = newerUnpauses(envelope, outcome);
    }
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE;
    }
    state.commit(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
  }

  /** The bug: a higher version is taken as proof that the pause is over. */
  private DeliveryOutcome newerUnpauses(Envelope envelope, DeliveryOutcome held) {
    Card card = envelope.objectId().flatMap(state::card).orElse(null);
    if (card == null
        || !(envelope.version() instanceof ObjectVersion.Valid valid)
        || valid.value() <= card.version()) {
      return held;
    }
    return new DeliveryOutcome(
        Decision.APPLIED,
        DeliveryOutcome.IdentityEffect.FIRST_RECORD,
        new TreeMap<>(
            Map.of(
                envelope.objectId().get(),
                new Card(valid.value(), envelope.state().orElseThrow(), false))));
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return state.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return state;
  }
}
