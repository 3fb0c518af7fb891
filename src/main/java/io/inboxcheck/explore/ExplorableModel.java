package io.inboxcheck.explore;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/** The reference model, searchable: every operation is the {@link ModelReceiver}'s own. */
final class ExplorableModel implements ExplorableReceiver {
  private final ModelReceiver model;

  ExplorableModel(ReceiverSetup setup) {
    this(new ModelReceiver(setup));
  }

  private ExplorableModel(ModelReceiver model) {
    this.model = model;
  }

  @Override
  public ExplorableReceiver copy() {
    return new ExplorableModel(model.copy());
  }

  @Override
  public Object fingerprint(IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    return model.fingerprint(stepNames, retentionClass);
  }

  /** The reducer and reconciler touch only named cards, their ids and held inputs (SPEC 3-4). */
  @Override
  public boolean local() {
    return true;
  }

  @Override
  public String name() {
    return model.name();
  }

  @Override
  public void advanceClock(int step, Instant time) {
    model.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return model.deliver(step, envelope, transport);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return model.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return model.view();
  }
}
