package io.inboxcheck.concurrent;

import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends a case to one receiver, K requests at once: K threads, thread {@code i} sending the {@code
 * i}-th request of every round, each round released together by a barrier, so a round's requests
 * race and the next round starts only when all of them were answered and the receiver's view was
 * read; a request with a lag waits that long after the release. A request is a delivery, a
 * reconciliation or a clock move. Each round is one window of the serial-order search. Recording
 * only: judging is {@link ConcurrencyJudge}'s.
 *
 * <p>A reconciliation or clock move and the first delivery of its round are held at one point
 * ({@link RaceHold}), so the two are in flight together by construction, not by the scheduler's
 * luck.
 */
public final class ConcurrentRun {
  private ConcurrentRun() {}

  /**
   * What a run recorded: every delivery and every reconciliation or clock move, by step, and the
   * view the receiver showed after each round, in round order (empty when none was read).
   */
  public record Recorded(
      List<Request> requests, List<ControlRequest> controls, List<ReceiverView> views) {
    public Recorded {
      requests = List.copyOf(requests);
      controls = List.copyOf(controls);
      views = List.copyOf(views);
    }

    /** A run of deliveries only, with no view between rounds. */
    public static Recorded deliveries(List<Request> requests) {
      return new Recorded(requests, List.of(), List.of());
    }

    /** The view read last, after the final round: what the receiver ends with. */
    public ReceiverView finalView() {
      return views.get(views.size() - 1);
    }

    /** The view read after round {@code round} (from 0), if one was. */
    public Optional<ReceiverView> viewAfter(int round) {
      return round < views.size() ? Optional.of(views.get(round)) : Optional.empty();
    }
  }

  /**
   * Every request of the case, each after its lag, and the receiver's view after each round (after
   * the last one even when there was no round). A failure of the receiver (e.g. no answer in time)
   * stops every thread and is thrown.
   */
  public static Recorded run(
      ConcurrentReceiver receiver, List<List<ScenarioStep>> rounds, List<List<Duration>> lags) {
    int concurrency = rounds.stream().mapToInt(List::size).max().orElse(0);
    List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    List<ControlRequest> controls = Collections.synchronizedList(new ArrayList<>());
    boolean[] sending = {false};
    List<ReceiverView> views = new ArrayList<>();
    List<RaceHold> holds = rounds.stream().map(RaceHold::of).toList();
    if (concurrency == 0) {
      return new Recorded(List.of(), List.of(), List.of(RecordedView.of(receiver.view())));
    }
    // When every thread is back at the barrier, a round is answered and the next not yet sent:
    // the barrier's action reads the view of the round just done, before it releases the next.
    // A failure anywhere terminates the barrier for good, so no thread waits for one that stopped,
    // however far it had got.
    AtomicReference<Throwable> viewFailure = new AtomicReference<>();
    Phaser together =
        new Phaser(concurrency) {
          @Override
          protected boolean onAdvance(int phase, int parties) {
            try {
              if (sending[0]) {
                views.add(RecordedView.of(receiver.view()));
              }
              sending[0] = true;
              return false;
            } catch (RuntimeException | Error e) {
              viewFailure.compareAndSet(null, e);
              return true;
            }
          }
        };
    ExecutorService threads = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int worker = 0; worker < concurrency; worker++) {
        int index = worker;
        done.add(
            threads.submit(
                () -> {
                  try {
                    for (int round = 0; round < rounds.size(); round++) {
                      if (together.arriveAndAwaitAdvance() < 0) {
                        return null; // another thread failed, or reading the view did
                      }
                      List<ScenarioStep> steps = rounds.get(round);
                      if (index < steps.size()) {
                        wait(lags.get(round).get(index));
                        send(
                            receiver,
                            round,
                            steps.get(index),
                            holds.get(round),
                            requests,
                            controls);
                      }
                    }
                  } catch (RuntimeException | Error e) {
                    together.forceTermination(); // the others stop instead of waiting for this
                    throw e;
                  }
                  return null;
                }));
      }
      awaitAll(done);
      rethrow(viewFailure.get());
      views.add(RecordedView.of(receiver.view())); // the last round's: no barrier follows it
    } finally {
      threads.shutdownNow();
    }
    List<Request> ordered = new ArrayList<>(requests);
    ordered.sort(Comparator.comparingInt(Request::step));
    List<ControlRequest> orderedControls = new ArrayList<>(controls);
    orderedControls.sort(Comparator.comparingInt(ControlRequest::step));
    return new Recorded(ordered, orderedControls, views);
  }

  private static void wait(Duration lag) {
    if (!lag.isZero()) {
      LockSupport.parkNanos(lag.toNanos());
    }
  }

  private static void send(
      ConcurrentReceiver receiver,
      int round,
      ScenarioStep step,
      RaceHold hold,
      List<Request> requests,
      List<ControlRequest> controls) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      long start = System.nanoTime();
      hold.deliveryStarted(step.number());
      Transport transport = deliver.transport() == null ? Transport.PLAIN : deliver.transport();
      DeliveryResult answer = receiver.deliver(step.number(), deliver.envelope(), transport);
      long finish = System.nanoTime();
      requests.add(
          new Request(
              round,
              step.number(),
              deliver.envelope(),
              answer,
              start,
              finish,
              receiver.whyNotAcknowledged(step.number())));
      return;
    }
    hold.beforeControlStarts();
    long start = System.nanoTime();
    hold.controlStarted();
    List<ObjectReconciliation> answer = List.of();
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      answer = receiver.reconcile(step.number(), reconcile.authority());
    } else {
      receiver.advanceClock(step.number(), step.time());
    }
    controls.add(new ControlRequest(round, step, answer, start, System.nanoTime()));
  }

  /** Throws what reading a view between rounds threw, if it threw. */
  private static void rethrow(Throwable failure) {
    if (failure instanceof Error error) {
      throw error;
    }
    if (failure != null) {
      throw (RuntimeException) failure;
    }
  }

  /**
   * Waits for every thread; rethrows the first failure as it was thrown (an {@link Error} too, such
   * as a test's {@link AssertionError}).
   */
  private static void awaitAll(List<Future<?>> done) {
    RuntimeException failure = null;
    for (Future<?> future : done) {
      try {
        future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while requests were in flight", e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Error error) {
          throw error;
        }
        if (failure == null) {
          failure =
              cause instanceof RuntimeException runtime
                  ? runtime
                  : new IllegalStateException(cause.getMessage(), cause);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
