package io.inboxcheck.store;

import io.inboxcheck.concurrent.SerialisabilityCheck;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;

/**
 * Receivers on one fresh schema with the guide's cards, and everything they were sent and answered,
 * so that a race played on them is checked like any concurrency run: the audit one transaction at a
 * time must replay through the model, and no transaction may fail for contention.
 */
final class RaceRecord implements AutoCloseable {
  final ReceiverSetup setup = StoreFixtures.guide();
  final String schema = TestPostgres.freshSchema("window");
  private final List<PostgresReceiver> receivers = new ArrayList<>();
  private final List<SerialisabilityCheck.Sent> sent =
      Collections.synchronizedList(new ArrayList<>());
  private final List<SerialisabilityCheck.Reconciled> reconciled =
      Collections.synchronizedList(new ArrayList<>());

  /** A receiver following {@code locks}; the first one made reads the view that is checked. */
  PostgresReceiver receiver(LockProtocol locks) {
    PostgresReceiver receiver = TestPostgres.receiver(schema, setup, locks);
    receivers.add(receiver);
    return receiver;
  }

  DeliveryResult deliver(PostgresReceiver receiver, int step, Envelope envelope) {
    DeliveryResult answer = receiver.deliver(step, envelope, Transport.PLAIN);
    sent.add(new SerialisabilityCheck.Sent(step, envelope, answer));
    return answer;
  }

  List<ObjectReconciliation> reconcile(
      PostgresReceiver receiver, int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> answer = receiver.reconcile(step, authority);
    reconciled.add(new SerialisabilityCheck.Reconciled(step, authority, answer));
    return answer;
  }

  /** Every problem the concurrency checks find in what the receivers did; empty when none. */
  List<String> problems() throws Exception {
    ReceiverView stored = receivers.get(0).freshView();
    List<AuditEntry> serial =
        SerialisabilityCheck.inTransactionOrder(
            stored.audit(), PostgresConcurrencyTests.transactions(schema));
    List<String> problems =
        new ArrayList<>(
            SerialisabilityCheck.checkWithReconciliations(
                setup, List.copyOf(sent), List.copyOf(reconciled), serial, stored));
    problems.addAll(Contention.problems(receivers));
    for (PostgresReceiver receiver : receivers) {
      if (receiver.lastUnexpected() != null) {
        problems.add("store error: " + receiver.lastUnexpected());
      }
    }
    return problems;
  }

  @Override
  public void close() {
    receivers.forEach(PostgresReceiver::close);
  }
}
