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
import java.util.Set;
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
  private final List<PlantedConnections> plants = new ArrayList<>();
  private final List<SerialisabilityCheck.Sent> sent =
      Collections.synchronizedList(new ArrayList<>());
  private final List<SerialisabilityCheck.Reconciled> reconciled =
      Collections.synchronizedList(new ArrayList<>());

  /** A receiver of the store as built; the first one made reads the view that is checked. */
  PostgresReceiver receiver(RaceHook hook) {
    return receiver(hook, Set.of());
  }

  /** A receiver calling {@code hook} at each window, with {@code planted} in the SQL it sends. */
  PostgresReceiver receiver(RaceHook hook, Set<PlantedMistake> planted) {
    PlantedConnections connections = TestPostgres.plantedConnections(schema, setup, planted);
    PostgresReceiver receiver = new PostgresReceiver(connections, schema, setup, hook);
    receivers.add(receiver);
    plants.add(connections);
    return receiver;
  }

  /**
   * The mistakes planted in some receiver that none of its statements carried: a race that never
   * ran its plant would judge the store as built, so the tests require this to be empty.
   */
  Set<PlantedMistake> plantsNeverSent() {
    return PlantedConnections.neverSent(plants);
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

  /**
   * What a race left: the problems the checks found, and whether the second side waited. Fails when
   * a planted mistake never ran, since the race would then have judged the store as built.
   */
  PostgresRaceWindowTests.Verdict verdict(Race.Outcome<?, ?> outcome) throws Exception {
    return verdict(problems(), outcome);
  }

  /** The verdict on {@code problems}, found by the caller's own check, as above. */
  PostgresRaceWindowTests.Verdict verdict(List<String> problems, Race.Outcome<?, ?> outcome) {
    Set<PlantedMistake> neverSent = plantsNeverSent();
    if (!neverSent.isEmpty()) {
      throw new AssertionError("the race never sent its planted mistakes " + neverSent);
    }
    return new PostgresRaceWindowTests.Verdict(problems, outcome.secondWaited());
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
