package io.inboxcheck.concurrent;

import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends a case to one receiver, K requests at once: K threads, thread {@code i} sending the {@code
 * i}-th request of every round, each round released together by a barrier, so a round's requests
 * race and the next round starts only when all of them were answered. A request is a delivery, a
 * reconciliation or a clock move. Each round is one window of the serial-order search. Recording
 * only: judging is {@link ConcurrencyJudge}'s.
 */
public final class ConcurrentRun {
  private ConcurrentRun() {}

  /** What a run recorded: every delivery and every reconciliation or clock move, by step. */
  public record Recorded(List<Request> requests, List<ControlRequest> controls) {
    public Recorded {
      requests = List.copyOf(requests);
      controls = List.copyOf(controls);
    }

    /** A run of deliveries only. */
    public static Recorded deliveries(List<Request> requests) {
      return new Recorded(requests, List.of());
    }
  }

  /**
   * Every request of the case. A failure of the receiver (e.g. no answer in time) stops every
   * thread and is thrown.
   */
  public static Recorded run(ConcurrentReceiver receiver, List<List<ScenarioStep>> rounds) {
    int concurrency = rounds.stream().mapToInt(List::size).max().orElse(0);
    List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    List<ControlRequest> controls = Collections.synchronizedList(new ArrayList<>());
    if (concurrency == 0) {
      return new Recorded(List.of(), List.of());
    }
    CyclicBarrier together = new CyclicBarrier(concurrency);
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
                      together.await();
                      List<ScenarioStep> steps = rounds.get(round);
                      if (index < steps.size()) {
                        send(receiver, round, steps.get(index), requests, controls);
                      }
                    }
                  } catch (RuntimeException e) {
                    together.reset(); // the others stop instead of waiting for this thread
                    throw e;
                  }
                  return null;
                }));
      }
      awaitAll(done);
    } finally {
      threads.shutdownNow();
    }
    List<Request> ordered = new ArrayList<>(requests);
    ordered.sort(Comparator.comparingInt(Request::step));
    List<ControlRequest> orderedControls = new ArrayList<>(controls);
    orderedControls.sort(Comparator.comparingInt(ControlRequest::step));
    return new Recorded(ordered, orderedControls);
  }

  private static void send(
      ConcurrentReceiver receiver,
      int round,
      ScenarioStep step,
      List<Request> requests,
      List<ControlRequest> controls) {
    long start = System.nanoTime();
    if (step instanceof ScenarioStep.Deliver deliver) {
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
    List<ObjectReconciliation> answer = List.of();
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      answer = receiver.reconcile(step.number(), reconcile.authority());
    } else {
      receiver.advanceClock(step.number(), step.time());
    }
    controls.add(new ControlRequest(round, step, answer, start, System.nanoTime()));
  }

  /** Waits for every thread; rethrows the first real failure, not the others' broken barrier. */
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
        if (cause instanceof BrokenBarrierException) {
          continue;
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
