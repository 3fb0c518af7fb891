package io.inboxcheck.cli;

import io.inboxcheck.http.HttpTraffic;
import io.inboxcheck.report.TextTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --suite http} and {@code --suite jobs}: a whole {@code check} of a receiver, as a
 * user runs it, timed in this process.
 */
final class CheckBench {
  private CheckBench() {}

  /**
   * A whole {@code check} of a receiver process, as a user runs it, with the time spent waiting for
   * the receiver's answers told apart from the harness's own: the ratio is the harness's share of
   * the wall time, both measured in this process.
   */
  static int http(String receiver, PrintWriter out, PrintWriter err) {
    Path reports;
    try {
      reports = Files.createTempDirectory("inboxcheck-bench-http");
    } catch (IOException e) {
      err.println("inboxcheck bench: cannot make a scratch folder: " + e.getMessage());
      return ExitCodes.FAILED;
    }
    HttpTraffic.Totals before = HttpTraffic.totals();
    long started = System.nanoTime();
    int exit =
        Main.run(
            new PrintWriter(Writer.nullWriter()),
            err,
            "check",
            "--receiver",
            receiver,
            "--reports",
            reports.toString());
    double wall = (System.nanoTime() - started) / 1e9;
    HttpTraffic.Totals sent = HttpTraffic.totals().since(before);
    if (exit != ExitCodes.OK) {
      err.println("inboxcheck bench: the check itself did not pass (exit " + exit + ")");
      return exit;
    }
    double waiting = sent.waitingNanos() / 1e9;
    TextTable table =
        new TextTable(
            List.of(
                "check, default tries",
                "seconds",
                "requests",
                "deliveries",
                "requests per delivery",
                "waiting for the receiver, s",
                "harness share"));
    table.add(
        List.of(
            receiver,
            String.format(Locale.ROOT, "%.1f", wall),
            String.valueOf(sent.requests()),
            String.valueOf(sent.deliveries()),
            String.format(Locale.ROOT, "%.2f", (double) sent.requests() / sent.deliveries()),
            String.format(Locale.ROOT, "%.1f", waiting),
            String.format(Locale.ROOT, "%.2f", 1 - waiting / wall)));
    out.println(
        String.format(
            Locale.ROOT,
            "Java %s, %d processors",
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    out.println();
    out.print(table.markdown());
    // The steps a check sends: deliveries, clock moves and reconciliations; each is followed by
    // one view (a GET view, unless the receiver sends views in its answers), and a scenario tried
    // starts with a reset.
    long steps =
        sent.deliveries()
            + sent.byKind().getOrDefault("POST /inboxcheck/clock", 0L)
            + sent.byKind().getOrDefault("POST /inboxcheck/reconcile", 0L);
    out.println();
    out.println(
        String.format(
            Locale.ROOT,
            "%d steps sent (deliveries, clock moves, reconciliations): %.2f requests per step",
            steps,
            (double) sent.requests() / steps));
    TextTable kinds = new TextTable(List.of("request", "requests", "per delivery"));
    sent.byKind()
        .forEach(
            (kind, count) ->
                kinds.add(
                    List.of(
                        kind,
                        String.valueOf(count),
                        String.format(Locale.ROOT, "%.2f", (double) count / sent.deliveries()))));
    out.println();
    out.print(kinds.markdown());
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * The same check at {@code --jobs 1}, then at {@code --jobs N}, one after the other in this
   * process: both wall times and their ratio (the baseline is the first run), and whether the two
   * printed and wrote the same, as they must. Exit code: the checks' own when they agree (1 when
   * both found the same failure), else 1.
   */
  static int jobs(String receiver, int jobs, PrintWriter out, PrintWriter err) {
    if (jobs < 2 || jobs > CheckCommand.MAX_JOBS) {
      err.println("inboxcheck bench: --jobs must be from 2 to " + CheckCommand.MAX_JOBS);
      return ExitCodes.REJECTED;
    }
    Run alone;
    Run together;
    try {
      alone = Run.of(receiver, 1, err);
      together = Run.of(receiver, jobs, err);
    } catch (IOException e) {
      err.println("inboxcheck bench: " + e.getMessage());
      return ExitCodes.FAILED;
    }
    boolean same =
        alone.exit() == together.exit()
            && alone.printed().equals(together.printed())
            && alone.summary().equals(together.summary());
    TextTable table =
        new TextTable(
            List.of("check, default tries", "jobs", "exit code", "seconds", "ratio to --jobs 1"));
    table.add(List.of(receiver, "1", "" + alone.exit(), seconds(alone.wall()), "1.00"));
    table.add(
        List.of(
            receiver,
            "" + jobs,
            "" + together.exit(),
            seconds(together.wall()),
            String.format(Locale.ROOT, "%.2f", together.wall() / alone.wall())));
    out.println(
        String.format(
            Locale.ROOT,
            "Java %s, %d processors",
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    out.println();
    out.print(table.markdown());
    out.println();
    out.println(
        same
            ? "Both runs printed the same verdicts, tries and counterexamples."
            : "The runs differ: --jobs " + jobs + " must print what --jobs 1 prints.");
    out.flush();
    if (!same) {
      err.println("inboxcheck bench: --jobs " + jobs + " and --jobs 1 disagree; see above");
      return ExitCodes.FAILED;
    }
    return alone.exit();
  }

  /**
   * One check run: its exit code, wall time, what it printed (its reports folder written as
   * REPORTS) and its summary.json.
   */
  private record Run(int exit, double wall, String printed, String summary) {
    static Run of(String receiver, int jobs, PrintWriter err) throws IOException {
      Path reports = Files.createTempDirectory("inboxcheck-bench-jobs");
      StringWriter printed = new StringWriter();
      long started = System.nanoTime();
      int exit =
          Main.run(
              new PrintWriter(printed),
              err,
              "check",
              "--receiver",
              receiver,
              "--jobs",
              Integer.toString(jobs),
              "--reports",
              reports.toString());
      double wall = (System.nanoTime() - started) / 1e9;
      Path summary = reports.resolve("summary.json");
      return new Run(
          exit,
          wall,
          printed.toString().replace(reports.toString(), "REPORTS"),
          Files.exists(summary) ? Files.readString(summary) : "");
    }
  }

  private static String seconds(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
