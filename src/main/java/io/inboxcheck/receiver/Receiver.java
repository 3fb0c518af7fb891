package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import org.apiguardian.api.API;

/**
 * A receiver under test: the operations a scenario drives and the view invariants read. The
 * reference model implements it, and so does any real receiver checked against the model. A
 * receiver serves one scenario; whoever created it closes it when the scenario ends.
 */
@API(status = EXPERIMENTAL)
public interface Receiver extends AutoCloseable {

  /** A short name for histories and reports, e.g. {@code model}. */
  String name();

  /** Moves the receiver clock (never backwards) and lets retention prune (SPEC section 5). */
  void advanceClock(int step, Instant time);

  /** Decides and durably records one delivery, or records nothing and answers NO_ACK. */
  DeliveryResult deliver(int step, Envelope envelope, Transport transport);

  /** Reconciles every listed object, in ascending object id order (SPEC section 4). */
  List<ObjectReconciliation> reconcile(int step, SortedMap<String, AuthoritativeCard> authority);

  /** The receiver's current state as the invariants see it. */
  ReceiverView view();

  /**
   * What of {@link #view()} and the answers is real (its observation level): the model, the
   * PostgreSQL store and receivers over HTTP show everything; a {@link ContractAdapter} shows what
   * its receiver declares. Invariants that need more are skipped, and reports say which.
   */
  default Set<Observable> shows() {
    return Observable.RICHEST_LEVEL;
  }

  /**
   * Whether an ACK promises only that the delivery was accepted durably, its decision to come later
   * (SPEC section 3.6). Such a receiver is settled after every delivery, and so judged as one that
   * decides before it answers, until {@link #deferDecisions} is called.
   */
  default boolean acknowledgesOnAcceptance() {
    return false;
  }

  /**
   * From now on this receiver is settled only when {@link #settle} is called, so deliveries it
   * accepted stay pending between settles; nothing changes for a receiver that decides before it
   * answers.
   */
  default void deferDecisions() {}

  /**
   * Returns once every delivery accepted so far is decided and recorded durably (SPEC section 3.6);
   * a receiver that decides before it answers has nothing pending.
   */
  default void settle() {}

  /** The steps of the acknowledged deliveries the receiver lists as accepted, not yet decided. */
  default Set<Integer> pendingSteps() {
    return Set.of();
  }

  /**
   * Releases what the receiver holds (connections, files, processes). Called once, after its
   * scenario's last step and last view; the default holds nothing.
   */
  @Override
  default void close() {}
}
