package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import org.apiguardian.api.API;

/**
 * The reference receiver: the pure reducer with an in-memory state as its "store". Open for
 * extension only so that a search can add copying and fingerprinting without forwarding every
 * operation; a subclass must not change what an operation does.
 */
@API(status = EXPERIMENTAL)
public class ModelReceiver implements Receiver {
  private final ReceiverState state;

  public ModelReceiver(ReceiverSetup setup) {
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), setup.retention(), setup.start());
  }

  /** A receiver over {@code state}, which it then owns; for {@link #copy()} and subclasses. */
  protected ModelReceiver(ReceiverState state) {
    this.state = state;
  }

  /** An independent copy, so a search can try several next steps from one state. */
  public ModelReceiver copy() {
    return new ModelReceiver(copyOfState());
  }

  /** An independent copy of the state, for a subclass's {@link #copy()}. */
  protected final ReceiverState copyOfState() {
    return state.copy();
  }

  @Override
  public final String name() {
    return "model";
  }

  @Override
  public final void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public final DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryOutcome outcome = Reducer.decide(state, envelope);
    if (transport.storageFault()) {
      // The decision could not be made durable, so none of it happened.
      return DeliveryResult.NOT_DURABLE;
    }
    state.commit(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
  }

  @Override
  public final List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return state.reconcile(step, authority);
  }

  @Override
  public final ReceiverView view() {
    return state;
  }
}
