package io.inboxcheck.concurrent;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
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
 * Sends a batch to one receiver, K requests at once: K threads, thread {@code i} sending the {@code
 * i}-th delivery of every round, each round released together by a barrier, so a round's requests
 * race and the next round starts only when all of them were answered. Each round is one window of
 * the serial-order search. Recording only: judging is {@link ConcurrencyJudge}'s.
 */
public final class ConcurrentRun {
  private ConcurrentRun() {}

  /** The transport of the {@code index}-th request of round {@code round}. */
  public interface Transports {
    Transport of(int round, int index);
  }

  /**
   * Every request of the batch, by step; step {@code round * K + i + 1}. A failure of the receiver
   * (e.g. no answer in time) stops every thread and is thrown.
   */
  public static List<Request> run(ConcurrentReceiver receiver, List<List<Envelope>> rounds) {
    return run(receiver, rounds, (round, index) -> Transport.PLAIN);
  }

  /**
   * As {@link #run(ConcurrentReceiver, List)}, each request with the transport {@code transports}
   * gives.
   */
  public static List<Request> run(
      ConcurrentReceiver receiver, List<List<Envelope>> rounds, Transports transports) {
    int concurrency = rounds.get(0).size();
    List<Request> requests = Collections.synchronizedList(new ArrayList<>());
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
                      requests.add(send(receiver, round, index, rounds, concurrency, transports));
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
    return ordered;
  }

  private static Request send(
      ConcurrentReceiver receiver,
      int round,
      int index,
      List<List<Envelope>> rounds,
      int concurrency,
      Transports transports) {
    Envelope envelope = rounds.get(round).get(index);
    int step = round * concurrency + index + 1;
    long start = System.nanoTime();
    DeliveryResult answer = receiver.deliver(step, envelope, transports.of(round, index));
    long finish = System.nanoTime();
    return new Request(
        round, step, envelope, answer, start, finish, receiver.whyNotAcknowledged(step));
  }

  /** Waits for every thread; rethrows the first real failure, not the others' broken barrier. */
  private static void awaitAll(List<Future<?>> done) {
    RuntimeException failure = null;
    for (Future<?> future : done) {
      try {
        future.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while deliveries were in flight", e);
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
