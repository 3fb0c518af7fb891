package io.inboxcheck.suite;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A receiver that acknowledges on acceptance (SPEC section 3.6), in this process: a delivery goes
 * to a queue and is acknowledged; a settle decides what the queue holds, newest first (as a second
 * worker that took the later deliveries would), each by the reference model at the clock of that
 * moment. Whatever order it decides in, its audit says that order, so it keeps the policy; each
 * {@link Mistake} is one a team makes with this design.
 */
public final class QueueingReceiver implements Receiver {
  /** What this receiver gets wrong. */
  public enum Mistake {
    NONE,
    /** A settle with two or more deliveries queued loses the oldest (a queue cut short). */
    LOSES_THE_OLDEST,
    /** A settle decides its first delivery twice (a worker that re-takes what it took). */
    DECIDES_ONE_TWICE,
    /** A settle returns with the newest delivery still queued (it waits for nothing). */
    SETTLES_EARLY,
    /**
     * A settle decides its first delivery a second time as a delivery of its own (a worker that
     * queued it again), so no step shows two decisions, only its content does.
     */
    REQUEUES_ONE
  }

  private record Queued(int step, Envelope envelope) {}

  /** The step a re-queued delivery is decided under: one the harness never sent. */
  private static final int REQUEUED_STEP = 10_000;

  private final ModelReceiver decider;
  private final Mistake mistake;
  private final List<Queued> queue = new ArrayList<>();
  private boolean decidesAtOnce = true;

  public QueueingReceiver(ReceiverSetup setup, Mistake mistake) {
    this.decider = new ModelReceiver(setup);
    this.mistake = mistake;
  }

  @Override
  public String name() {
    return "queueing-" + mistake.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  @Override
  public boolean acknowledgesOnAcceptance() {
    return true;
  }

  @Override
  public void deferDecisions() {
    decidesAtOnce = false;
  }

  @Override
  public void advanceClock(int step, Instant time) {
    decider.advanceClock(step, time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    if (transport.storageFault()) {
      return DeliveryResult.NOT_DURABLE; // the acceptance's write failed: nothing queued
    }
    if (decidesAtOnce) {
      return decider.deliver(step, envelope, transport); // settled at once: decided as it comes
    }
    queue.add(new Queued(step, envelope));
    return new DeliveryResult(null, Ack.ACK);
  }

  @Override
  public void settle() {
    List<Queued> taken = new ArrayList<>(queue);
    queue.clear();
    if (mistake == Mistake.LOSES_THE_OLDEST && taken.size() >= 2) {
      taken.remove(0);
    }
    if (mistake == Mistake.SETTLES_EARLY && taken.size() >= 2) {
      queue.add(taken.remove(taken.size() - 1));
    }
    for (int index = taken.size() - 1; index >= 0; index--) {
      Queued queued = taken.get(index);
      decider.deliver(queued.step(), queued.envelope(), Transport.PLAIN);
      if (mistake == Mistake.DECIDES_ONE_TWICE && index == taken.size() - 1 && taken.size() >= 2) {
        decider.deliver(queued.step(), queued.envelope(), Transport.PLAIN);
      }
      if (mistake == Mistake.REQUEUES_ONE && index == taken.size() - 1 && taken.size() >= 2) {
        decider.deliver(REQUEUED_STEP, queued.envelope(), Transport.PLAIN);
      }
    }
  }

  @Override
  public Set<Integer> pendingSteps() {
    return queue.stream().map(Queued::step).collect(Collectors.toCollection(TreeSet::new));
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return decider.reconcile(step, authority);
  }

  @Override
  public ReceiverView view() {
    return decider.view();
  }
}
