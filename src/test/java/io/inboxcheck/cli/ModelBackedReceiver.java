package io.inboxcheck.cli;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/** The model behind a test receiver that changes how it takes deliveries and nothing else. */
public abstract class ModelBackedReceiver implements Receiver {
  protected final ModelReceiver model;

  protected ModelBackedReceiver(ReceiverSetup setup) {
    this.model = new ModelReceiver(setup);
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

  @Override
  public Set<Observable> shows() {
    return model.shows();
  }
}
