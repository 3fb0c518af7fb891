package io.inboxcheck.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The tries of one run on several workers at once, each checking with a property of its own: the
 * same name and generator, a check of its own (in the suite, its own receiver). What it hands on is
 * what one worker running the tries in order hands on, by construction:
 *
 * <ul>
 *   <li>try {@code i} draws from {@link Seeds#caseSeed} of the run seed whichever worker runs it;
 *   <li>workers take the planned tries in index order from one counter, and none takes a try after
 *       the lowest failing one known; every try before that failure was taken earlier and runs to
 *       its end, so the lowest failing try is the failure one worker finds;
 *   <li>results are handed on in index order, up to and including that failure, so the statistics
 *       sum exactly the tries one worker would have run. A try after it that was already running
 *       finishes and is dropped.
 * </ul>
 *
 * <p>The deadline is asked before each try is taken, as one worker asks before each try. Every try
 * taken finishes, so a run the deadline stopped hands on the tries before the first one nobody
 * took. Shrinking is not done here: the caller shrinks the failure on one worker.
 *
 * @param <T> the type of generated value
 */
final class ParallelTries<T> {
  private final List<Property<T>> workers;
  private final int[] planned;
  private final long seed;
  private final RunConfig config;
  private final Consumer<TestCaseResult<T>> inOrder;

  /** The position in {@link #planned} the next worker takes. */
  private final AtomicInteger next = new AtomicInteger();

  /** The lowest position known to fail; no worker takes a position after it. */
  private volatile int lowestFailure = Integer.MAX_VALUE;

  /** Set when a worker threw something the engine does not turn into a verdict. */
  private final AtomicReference<Throwable> thrown = new AtomicReference<>();

  private volatile boolean abandoned;

  /** Results that finished before an earlier one, by position; guarded by {@code this}. */
  private final Map<Integer, TestCaseResult<T>> waiting = new HashMap<>();

  /** How many positions were handed on, in order; guarded by {@code this}. */
  private int handedOn;

  /** The first failure handed on, after which nothing more is; guarded by {@code this}. */
  private TestCaseResult<T> failure;

  private int failureTry;

  /**
   * @param workers one property per worker, all with the same name and generator
   * @param planned the indices of the tries to run, ascending (a shard's share)
   * @param seed the run seed
   * @param config the limits and deadline of the run
   * @param inOrder receives each result in index order, up to and including the first failure
   */
  ParallelTries(
      List<Property<T>> workers,
      int[] planned,
      long seed,
      RunConfig config,
      Consumer<TestCaseResult<T>> inOrder) {
    this.workers = List.copyOf(workers);
    this.planned = planned.clone();
    this.seed = seed;
    this.config = config;
    this.inOrder = inOrder;
  }

  /**
   * How the tries ended.
   *
   * @param failure the lowest failing try's result, if any failed
   * @param failureTry its try index (meaningless without a failure)
   * @param allRun whether every planned try before the failure (or every one) ran
   */
  record Outcome<T>(Optional<TestCaseResult<T>> failure, int failureTry, boolean allRun) {}

  /** Runs the tries on one thread per worker and waits for all of them. */
  Outcome<T> run() {
    List<Thread> threads = new ArrayList<>();
    for (int worker = 0; worker < workers.size(); worker++) {
      Property<T> property = workers.get(worker);
      Thread thread = new Thread(() -> work(property), "inboxcheck-job-" + worker);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
    boolean interrupted = false;
    for (Thread thread : threads) {
      while (thread.isAlive()) {
        try {
          thread.join();
        } catch (InterruptedException e) {
          // Workers stop after the try they are running; a receiver is never left mid-request.
          interrupted = true;
          abandoned = true;
        }
      }
    }
    if (thrown.get() != null) {
      rethrow(thrown.get());
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted while the tries ran");
    }
    synchronized (this) {
      boolean allRun = failure != null || handedOn == planned.length;
      return new Outcome<>(Optional.ofNullable(failure), failureTry, allRun);
    }
  }

  private void work(Property<T> property) {
    try {
      while (!abandoned && !config.deadline().passed()) {
        int position = next.getAndIncrement();
        if (position >= planned.length || position > lowestFailure) {
          return;
        }
        Choices choices =
            Choices.random(Seeds.caseSeed(seed, planned[position]), config.limits().maxChoices());
        finished(position, PropertyRunner.execute(property, choices));
      }
    } catch (Throwable unexpected) {
      thrown.compareAndSet(null, unexpected);
      abandoned = true;
    }
  }

  private synchronized void finished(int position, TestCaseResult<T> result) {
    if (result.failed() && position < lowestFailure) {
      lowestFailure = position;
    }
    waiting.put(position, result);
    while (failure == null && waiting.containsKey(handedOn)) {
      TestCaseResult<T> inTurn = waiting.remove(handedOn);
      inOrder.accept(inTurn);
      if (inTurn.failed()) {
        failure = inTurn;
        failureTry = planned[handedOn];
        waiting.clear();
      }
      handedOn++;
    }
  }

  private static void rethrow(Throwable thrown) {
    if (thrown instanceof Error error) {
      throw error;
    }
    if (thrown instanceof RuntimeException runtime) {
      throw runtime;
    }
    throw new IllegalStateException("a worker failed: " + thrown, thrown);
  }
}
