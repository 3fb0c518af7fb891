package io.inboxcheck.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One named race, played in one order every time: the first transaction runs until it is held at
 * its window; the second runs until it has committed or waits for a lock the first holds, which the
 * server reports ({@code pg_blocking_pids}); then the first goes on. No step depends on how long
 * anything takes, so the verdict of the check that follows is the same on every run.
 */
final class Race {
  /** How long a race may take before the test says it hung: a guard, never a verdict. */
  private static final long HUNG_SECONDS = 60;

  private Race() {}

  /**
   * What each side returned and whether the second waited for the first: with the store's own locks
   * it must, whenever the two share a name.
   */
  record Outcome<A, B>(A first, B second, boolean secondWaited) {}

  static <A, B> Outcome<A, B> run(
      String schema, HeldWindow held, Callable<A> first, Callable<B> second) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (Connection observer = TestPostgres.connections(schema).open()) {
      Future<A> firstDone = threads.submit(first);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HUNG_SECONDS);
      while (!held.arrived()) {
        if (firstDone.isDone()) {
          throw new AssertionError(
              "the first transaction ended before its window: " + result(firstDone));
        }
        pause(deadline, "the first transaction to reach its window");
      }
      Future<B> secondDone = threads.submit(second);
      while (!secondDone.isDone() && !waitsFor(observer, held.backend())) {
        pause(deadline, "the second transaction to commit or to wait for the first");
      }
      boolean waited = !secondDone.isDone();
      held.release();
      return new Outcome<>(
          firstDone.get(HUNG_SECONDS, TimeUnit.SECONDS),
          secondDone.get(HUNG_SECONDS, TimeUnit.SECONDS),
          waited);
    } finally {
      held.release();
      threads.shutdownNow();
    }
  }

  /** Whether some session waits for a lock that the session {@code backend} holds. */
  private static boolean waitsFor(Connection observer, int backend) throws SQLException {
    return Sql.queryTrue(
        observer,
        "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid)))",
        backend);
  }

  /** A short pause between two looks at a condition; the condition decides, not the pause. */
  private static void pause(long deadline, String what) {
    if (System.nanoTime() > deadline) {
      throw new AssertionError("waited " + HUNG_SECONDS + "s for " + what);
    }
    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
  }

  private static String result(Future<?> done) throws InterruptedException {
    try {
      return String.valueOf(done.get());
    } catch (ExecutionException e) {
      return String.valueOf(e.getCause());
    }
  }
}
