package io.inboxcheck.bench;

import io.inboxcheck.conform.BadLine;
import io.inboxcheck.conform.Conform;
import io.inboxcheck.conform.JsonLinesFile;
import io.inboxcheck.conform.Judge;
import io.inboxcheck.conform.LogSource;
import io.inboxcheck.conform.LogStart;
import io.inboxcheck.conform.Timing;
import io.inboxcheck.json.read.InputRejected;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Conform's throughput on a log of the PostgreSQL receiver's traffic ({@link ConformTraffic}),
 * against a baseline run in the same process on the same file: reading and parsing every line
 * alone. Reports lines per second for both and their ratio, the share of conform's time the model's
 * own functions took, and the heap while conform ran: the most in use (garbage included) and the
 * most left in use right after a collection (what conform held).
 */
public final class ConformThroughput {
  /** Heap is sampled this often while conform runs. */
  static final long HEAP_SAMPLE_MILLIS = 20;

  private ConformThroughput() {}

  /**
   * What one measurement found.
   *
   * @param lines lines in the log
   * @param baselineNanos reading and parsing every line, nothing else
   * @param conformNanos reading, parsing and judging every line
   * @param modelNanos the part of {@code conformNanos} the model's own functions took
   * @param peakHeapBytes the most heap in use while conform ran, garbage included
   * @param liveHeapBytes the most heap left in use right after a collection while conform ran
   * @param maxHeapBytes the heap's limit
   */
  public record Result(
      long lines,
      long baselineNanos,
      long conformNanos,
      long modelNanos,
      long peakHeapBytes,
      long liveHeapBytes,
      long maxHeapBytes,
      Conform.Result conform) {

    public double baselineLinesPerSecond() {
      return lines * 1e9 / baselineNanos;
    }

    public double conformLinesPerSecond() {
      return lines * 1e9 / conformNanos;
    }

    public double ratio() {
      return conformLinesPerSecond() / baselineLinesPerSecond();
    }

    public double modelNanosPerLine() {
      return modelNanos / (double) lines;
    }
  }

  /** Writes the log, {@code lines} long, to {@code file}; returns how many lines it holds. */
  public static long writeLog(Path file, long lines, long seed) {
    return ConformTraffic.write(file, lines, seed);
  }

  /** Measures the baseline, then conform, on {@code file}. */
  public static Result measure(Path file) throws InputRejected, BadLine {
    LogSource log = new JsonLinesFile(file);
    long[] lines = {0};
    long started = System.nanoTime();
    try (LogSource.Lines read = log.open()) {
      while (read.next() != null) {
        lines[0]++;
      }
    }
    long baseline = System.nanoTime() - started;
    Conform.Options options =
        new Conform.Options(
            LogStart.UNKNOWN,
            new Judge.Settings(ConformTraffic.RETENTION, ConformTraffic.TYPES, false),
            false);
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    AtomicLong peak = new AtomicLong();
    AtomicLong live = new AtomicLong();
    Thread sampler = sampler(memory, peak, live);
    Timing timing = new Timing();
    started = System.nanoTime();
    Conform.Result result;
    try {
      result = Conform.run(log, options, timing);
    } finally {
      sampler.interrupt();
    }
    long conform = System.nanoTime() - started;
    return new Result(
        lines[0],
        baseline,
        conform,
        timing.modelNanos(),
        peak.get(),
        live.get(),
        memory.getHeapMemoryUsage().getMax(),
        result);
  }

  private static Thread sampler(MemoryMXBean memory, AtomicLong peak, AtomicLong live) {
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                live.accumulateAndGet(afterCollections(), Math::max);
                try {
                  Thread.sleep(HEAP_SAMPLE_MILLIS);
                } catch (InterruptedException stop) {
                  return;
                }
              }
            },
            "conform heap sampler");
    sampler.setDaemon(true);
    sampler.start();
    return sampler;
  }

  /** The heap in use right after the last collection of each heap pool, summed. */
  private static long afterCollections() {
    long used = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage collected = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
      if (collected != null) {
        used += collected.getUsed();
      }
    }
    return used;
  }
}
