package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.INTERNAL;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import org.apiguardian.api.API;

/**
 * A {@link ContractReceiver} as the harness drives receivers: it remembers what it sent at which
 * step, so the receiver's held inputs (event id, content, arrival order) can be placed on the
 * harness's steps without the receiver ever knowing a step number. Identity records and the audit
 * read empty: the checks that need them are skipped, since {@link #shows()} leaves them out.
 */
@API(status = INTERNAL)
public final class ContractAdapter implements Receiver {
  private final ContractReceiver receiver;
  private final ReceiverSetup setup;
  private final List<HeldInput> sent = new ArrayList<>();
  private Instant clock;

  public ContractAdapter(ContractReceiver receiver, ReceiverSetup setup) {
    this.receiver = receiver;
    this.setup = setup;
    this.clock = setup.start();
  }

  /** The receiver behind the adapter, e.g. to name its class in a replay command. */
  public ContractReceiver receiver() {
    return receiver;
  }

  @Override
  public String name() {
    return receiver.name();
  }

  /**
   * What the receiver declares, less decisions: the contract does not report what a reconciliation
   * re-evaluated, so checks that follow decisions through reconciliations would misjudge it.
   */
  @Override
  public Set<Observable> shows() {
    EnumSet<Observable> shown = EnumSet.noneOf(Observable.class);
    shown.addAll(receiver.shows());
    shown.remove(Observable.DECISION);
    return shown;
  }

  @Override
  public void advanceClock(int step, Instant time) {
    clock = time;
    receiver.advanceClock(time);
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    DeliveryResult result = receiver.deliver(envelope, transport);
    if (result.ack() == Ack.ACK) {
      sent.add(new HeldInput(step, envelope, null));
    }
    return result;
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    receiver.reconcile(authority);
    return List.of();
  }

  /** A contract receiver is settled after every step, so it is judged step by step. */
  @Override
  public void settle() {
    receiver.settle();
  }

  @Override
  public ReceiverView view() {
    receiver.settle(); // whatever it accepted is decided before the harness looks
    ObservedState state = receiver.observe();
    return new RecordedView(
        state.cards(),
        List.of(),
        matched(state.held()),
        List.of(),
        state.replacements(),
        setup.viewAt(clock));
  }

  /**
   * Places each held input on the earliest acknowledged delivery with the same event id and content
   * that no earlier held input took; one that matches nothing sent keeps step 0.
   */
  private List<HeldInput> matched(List<ObservedState.Held> held) {
    List<HeldInput> unmatched = new ArrayList<>(sent);
    List<HeldInput> placed = new ArrayList<>();
    for (ObservedState.Held input : held) {
      int step = 0;
      for (HeldInput candidate : unmatched) {
        if (sameDelivery(candidate.envelope(), input.envelope())) {
          step = candidate.step();
          unmatched.remove(candidate);
          break;
        }
      }
      placed.add(new HeldInput(step, input.envelope(), input.reason()));
    }
    return placed;
  }

  private static boolean sameDelivery(Envelope sent, Envelope held) {
    JsonValue sentContent = sent.content();
    return Objects.equals(sent.eventId(), held.eventId()) && sentContent.equals(held.content());
  }

  @Override
  public void close() {
    receiver.close();
  }
}
