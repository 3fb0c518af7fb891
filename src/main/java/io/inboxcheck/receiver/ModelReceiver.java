package io.inboxcheck.receiver;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.model.StateFingerprint;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/** The reference receiver: the pure reducer with an in-memory state as its "store". */
public final class ModelReceiver implements Receiver {
  private final ReceiverState state;

  public ModelReceiver(ReceiverSetup setup) {
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start());
  }

  private ModelReceiver(ReceiverState state) {
    this.state = state;
  }

  /** An independent copy, so a search can try several next steps from one state. */
  public ModelReceiver copy() {
    return new ModelReceiver(state.copy());
  }

  /** The canonical fingerprint of the state (see {@link ReceiverState#fingerprint}). */
  public StateFingerprint fingerprint(
      IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    return state.fingerprint(stepNames, retentionClass);
  }

  @Override
  public String name() {
    return "model";
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryOutcome outcome = Reducer.decide(state, envelope);
    if (transport.storageFault()) {
      // The decision could not be made durable, so none of it happened.
      return DeliveryResult.NOT_DURABLE;
    }
    state.commit(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
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
