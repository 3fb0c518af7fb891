package io.inboxcheck.store;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Several {@link PostgresReceiver}s on one schema, each with its own connection, behind one
 * receiver that takes deliveries from several threads at once: what a web server in front of the
 * store does with a connection pool. A delivery borrows an idle connection's receiver and returns
 * it; a delivery that finds none waits, as it would for a pool.
 */
public class SharedPostgresReceiver implements ConcurrentReceiver {
  /** Names of the SQLSTATEs a delivery racing another one can end in. */
  static final Map<String, String> CONTENTION_STATES =
      Map.of(
          "23505", "unique_violation",
          "40001", "serialization_failure",
          "40P01", "deadlock_detected",
          "55P03", "lock_not_available");

  private final List<PostgresReceiver> members = new ArrayList<>();
  private final BlockingQueue<PostgresReceiver> idle;
  private final Map<Integer, String> refusals = new ConcurrentHashMap<>();

  /** The latest clock any connection was moved to; the others take it when borrowed. */
  private volatile Instant clock;

  /** {@code connections} receivers on {@code schema}, calling {@code hook} at each race window. */
  SharedPostgresReceiver(
      ConnectionSource source, String schema, ReceiverSetup setup, RaceHook hook, int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException("at least one connection, got " + connections);
    }
    idle = new ArrayBlockingQueue<>(connections);
    clock = setup.start();
    for (int index = 0; index < connections; index++) {
      PostgresReceiver member = new PostgresReceiver(source, schema, setup, hook);
      members.add(member);
      idle.add(member);
    }
  }

  /** The receivers behind this one, for whoever closes and drops their schema. */
  List<PostgresReceiver> members() {
    return List.copyOf(members);
  }

  @Override
  public String name() {
    return "postgres";
  }

  /**
   * Every connection's receiver keeps its own clock. One connection moves it and prunes; every
   * other takes the new clock, without pruning again, the next time it is borrowed. A delivery in
   * flight keeps the clock it started with: a clock move may race deliveries, and one the pruning
   * made wait is decided after it, at its own receipt time, as a receiver on one clock would.
   */
  @Override
  public void advanceClock(int step, Instant time) {
    clock = time;
    borrowed(
        member -> {
          member.advanceClock(step, time);
          return null;
        });
  }

  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    return borrowed(
        member -> {
          DeliveryResult result = member.deliver(step, envelope, transport);
          if (result.ack() == Ack.NO_ACK) {
            refusals.put(step, describe(member.lastFailureState()));
          }
          return result;
        });
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return borrowed(member -> member.reconcile(step, authority));
  }

  @Override
  public ReceiverView view() {
    return borrowed(PostgresReceiver::freshView);
  }

  @Override
  public Optional<String> whyNotAcknowledged(int step) {
    return Optional.ofNullable(refusals.get(step));
  }

  @Override
  public void close() {
    members.forEach(PostgresReceiver::close);
  }

  private static String describe(String state) {
    if (state == null) {
      return "no database error: a failure inside the store";
    }
    String name = CONTENTION_STATES.get(state);
    return "SQLSTATE " + state + (name == null ? "" : " (" + name + ")");
  }

  private <T> T borrowed(Function<PostgresReceiver, T> work) {
    PostgresReceiver member;
    try {
      member = idle.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a connection", e);
    }
    try {
      member.adoptClock(clock);
      return work.apply(member);
    } finally {
      idle.add(member);
    }
  }
}
