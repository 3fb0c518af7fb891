package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import java.time.Instant;
import java.util.Set;
import java.util.SortedMap;
import org.apiguardian.api.API;

/**
 * The receiver contract a team implements to have its own receiver checked: an afternoon's work. It
 * answers each delivery with an ack (and, if it can, the decision), moves its clock, takes an
 * authority's snapshot, and after each step shows its cards, held inputs and replacement counters.
 * Identity records and the audit are not asked for: invariants that need them are skipped and the
 * report says so. Load it with {@code --receiver class:NAME}; the class needs a public constructor
 * taking a {@link ReceiverSetup}.
 */
@API(status = STABLE)
public interface ContractReceiver extends AutoCloseable {

  /** A short name for histories and reports. */
  String name();

  /**
   * Moves the receiver's clock (never backwards); it may forget identities whose retention ended.
   */
  void advanceClock(Instant time);

  /**
   * Decides and durably records one delivery, or records nothing and answers NO_ACK. The decision
   * is optional: return {@code new DeliveryResult(null, Ack.ACK)} when the receiver cannot tell it.
   * A decision returned appears in histories; the checks that need decisions stay skipped until the
   * contract also reports what a reconciliation re-evaluated.
   */
  DeliveryResult deliver(Envelope envelope, Transport transport);

  /** Reconciles every listed object from the authority's snapshot (SPEC section 4). */
  void reconcile(SortedMap<String, AuthoritativeCard> authority);

  /**
   * Returns once every delivery this receiver accepted is decided and recorded durably (SPEC
   * section 3.6). The harness calls it after every step, before it observes the receiver: a
   * receiver that answers ACK once a delivery is stored in its inbox and decides in a worker waits
   * for its worker here; one that decides before it answers has nothing to wait for.
   */
  default void settle() {}

  /** What the receiver holds now: cards, held inputs in arrival order, replacement counters. */
  ObservedState observe();

  /** What this receiver lets the harness observe: the state level. */
  default Set<Observable> shows() {
    return Observable.STATE_LEVEL;
  }

  @Override
  default void close() {}
}
