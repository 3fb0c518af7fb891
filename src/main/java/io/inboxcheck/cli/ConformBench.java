package io.inboxcheck.cli;

import io.inboxcheck.bench.ConformThroughput;
import io.inboxcheck.conform.BadLine;
import io.inboxcheck.json.read.InputRejected;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** {@code bench --suite conform}: writes the log, measures, prints one table. */
final class ConformBench {
  /** The smallest log worth measuring. */
  static final long FEWEST_LINES = 1_000;

  private ConformBench() {}

  static int run(long lines, Path keep, long seed, PrintWriter out, PrintWriter err) {
    if (lines < FEWEST_LINES || lines > Integer.MAX_VALUE) {
      err.println("inboxcheck bench: --lines takes " + FEWEST_LINES + " to " + Integer.MAX_VALUE);
      return ExitCodes.REJECTED;
    }
    Path file = keep;
    try {
      if (file == null) {
        file = Files.createTempFile("inboxcheck-conform-bench", ".jsonl");
      }
      long started = System.nanoTime();
      long written = ConformThroughput.writeLog(file, lines, seed);
      out.printf(
          Locale.ROOT,
          "wrote %,d lines of the PostgreSQL receiver's traffic to %s in %.1f s%n",
          written,
          file,
          (System.nanoTime() - started) / 1e9);
      out.flush();
      print(ConformThroughput.measure(file), out);
      return ExitCodes.OK;
    } catch (InputRejected | BadLine rejected) {
      err.println("inboxcheck bench: " + rejected.getMessage());
      return ExitCodes.REJECTED;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (keep == null && file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          err.println("inboxcheck bench: cannot delete " + file + ": " + e.getMessage());
        }
      }
    }
  }

  private static void print(ConformThroughput.Result result, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "%,d lines, Java %s, %d processors, max heap %,d MB%n%n",
        result.lines(),
        System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(),
        result.maxHeapBytes() >> 20);
    out.println("| measurement | seconds | lines/s | ratio to baseline |");
    out.println("|---|---|---|---|");
    out.printf(
        Locale.ROOT,
        "| baseline: read and parse each line | %.2f | %,.0f | - |%n",
        result.baselineNanos() / 1e9,
        result.baselineLinesPerSecond());
    out.printf(
        Locale.ROOT,
        "| conform: read, parse, judge each line | %.2f | %,.0f | %.3f |%n%n",
        result.conformNanos() / 1e9,
        result.conformLinesPerSecond(),
        result.ratio());
    out.printf(
        Locale.ROOT,
        "the model's own functions (decide, reconcile, apply, move the clock): %.2f s, %.0f ns a"
            + " line, %.0f%% of conform's time%n",
        result.modelNanos() / 1e9,
        result.modelNanosPerLine(),
        100.0 * result.modelNanos() / result.conformNanos());
    out.printf(
        Locale.ROOT,
        "heap while conform ran: at most %,d MB in use, at most %,d MB left after a collection;"
            + " identity records held at the end: %,d%n",
        result.peakHeapBytes() >> 20,
        result.liveHeapBytes() >> 20,
        result.conform().retainedIds());
    out.printf(
        Locale.ROOT,
        "judged: %,d agreeing, %,d divergences, %,d not judged%n",
        result.conform().tally().agreeingCount(),
        result.conform().tally().divergenceCount(),
        result.conform().tally().unjudgedCount());
    out.flush();
  }
}
