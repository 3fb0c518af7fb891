package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads and parses a log on a thread of its own, handing the judge batches of parsed lines (or the
 * bad lines among them, in their places) through a bounded queue: memory stays bounded, the order
 * is the log's, and the judge sees every line exactly as if it had read them itself.
 */
final class ParsedLines {
  /** Lines handed over at once. */
  static final int BATCH = 512;

  /** Batches waiting at most: bounds what the reader runs ahead. */
  static final int WAITING = 16;

  /** The reader finished: every line was handed over. */
  private static final Object END = new Object();

  /** The reader failed on the source itself; the judge rethrows it. */
  private record Failure(InputRejected rejected, RuntimeException bug) {}

  private ParsedLines() {}

  static void feed(LogSource source, Conform.Options options, Judge judge)
      throws InputRejected, BadLine {
    BlockingQueue<Object[]> batches = new ArrayBlockingQueue<>(WAITING);
    try (LogSource.Lines lines = source.open()) {
      Thread reader =
          new Thread(
              () -> read(lines, batches, options.parser()), "conform: reading " + source.name());
      reader.setDaemon(true);
      reader.start();
      try {
        judge(batches, options, judge);
      } finally {
        reader.interrupt();
        join(reader);
      }
    }
  }

  private static void judge(BlockingQueue<Object[]> batches, Conform.Options options, Judge judge)
      throws InputRejected, BadLine {
    while (true) {
      Object[] batch = take(batches);
      for (Object item : batch) {
        if (item == null || item == END) {
          return;
        }
        if (item instanceof Failure failure) {
          if (failure.rejected() != null) {
            throw failure.rejected();
          }
          throw failure.bug();
        }
        try {
          if (item instanceof BadLine bad) {
            throw bad;
          }
          judge.accept((LogLine) item);
        } catch (BadLine bad) {
          if (!options.skipBadLines()) {
            throw bad;
          }
          judge.tally().skipped(bad);
        }
      }
    }
  }

  /** The reader's side: every line parsed, or its bad line, in order, then {@link #END}. */
  private static void read(
      LogSource.Lines lines, BlockingQueue<Object[]> batches, LineParser parser) {
    Object[] batch = new Object[BATCH];
    int size = 0;
    Object last = END;
    try {
      while (true) {
        Object item;
        try {
          LineFields fields = lines.next();
          if (fields == null) {
            break;
          }
          item = parser.parse(fields);
        } catch (BadLine bad) {
          item = bad;
        }
        batch[size++] = item;
        if (size == BATCH) {
          batches.put(batch);
          batch = new Object[BATCH];
          size = 0;
        }
      }
    } catch (InputRejected rejected) {
      last = new Failure(rejected, null);
    } catch (RuntimeException bug) {
      last = new Failure(null, bug);
    } catch (InterruptedException stopped) {
      // The judge stopped reading: nothing more is wanted.
      return;
    }
    try {
      if (size == BATCH) {
        batches.put(batch);
        batch = new Object[BATCH];
        size = 0;
      }
      batch[size] = last;
      batches.put(batch);
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
    }
  }

  private static Object[] take(BlockingQueue<Object[]> batches) {
    try {
      return batches.take();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while judging a log", interrupted);
    }
  }

  private static void join(Thread reader) {
    try {
      reader.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
