package io.inboxcheck.conform;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The receiver a log recorded, as a {@link Receiver} a scenario can be run against: each delivery
 * step answers the decision the log recorded for it, and what the receiver holds afterwards is what
 * conform learns from that decision, as it does reading the log. It shows the harness what a log
 * shows (acks and decisions); the cards beside them are conform's reading of the records, not an
 * observation of the receiver.
 */
final class RecordedReceiver implements Receiver {
  private final String name;
  private final Map<Integer, LogLine.Delivery> deliveries;
  private final Judge judge;
  private int lines;

  /**
   * @param deliveries the recorded delivery of each scenario step that delivers
   */
  RecordedReceiver(String name, ReceiverSetup setup, Map<Integer, LogLine.Delivery> deliveries) {
    this.name = name;
    this.deliveries = Map.copyOf(deliveries);
    this.judge =
        new Judge(
            LogStart.complete(setup.initialCards()),
            new Judge.Settings(setup.retention(), setup.supportedTypes(), true),
            new Tally());
    feed(new LogLine.Clock(position(), setup.start()));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Set<Observable> shows() {
    return EnumSet.of(Observable.ACK, Observable.DECISION);
  }

  @Override
  public void advanceClock(int step, Instant time) {
    feed(new LogLine.Clock(position(), time));
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    LogLine.Delivery recorded = deliveries.get(step);
    if (recorded == null || recorded.decision() == null) {
      feed(new LogLine.Delivery(position(), clock(), envelope, null, Ack.NO_ACK, null, null));
      return DeliveryResult.NOT_DURABLE;
    }
    feed(
        new LogLine.Delivery(
            position(), clock(), envelope, recorded.decision(), null, step, recorded.paused()));
    return DeliveryResult.recorded(recorded.decision());
  }

  /**
   * Reconciles as the model does: a log of deliveries records no reconciliation of the cards the
   * scenario names but its snapshots, and conform, knowing the whole state here, replays those.
   */
  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (Map.Entry<String, AuthoritativeCard> object : authority.entrySet()) {
      results.add(Reconciler.reconcile(view(), object.getKey(), object.getValue()));
      feed(
          new LogLine.Reconcile(
              position(), clock(), new TreeMap<>(Map.of(object.getKey(), object.getValue()))));
      judge.finish();
    }
    return results;
  }

  @Override
  public ReceiverView view() {
    return judge.knowledge().model();
  }

  private Instant clock() {
    return judge.knowledge().clock();
  }

  private LinePosition position() {
    return LinePosition.line(name, ++lines);
  }

  private void feed(LogLine line) {
    try {
      judge.accept(line);
    } catch (BadLine impossible) {
      // The harness never moves a clock back, and the lines made here carry what a line must.
      throw new IllegalStateException(impossible.getMessage(), impossible);
    }
  }
}
