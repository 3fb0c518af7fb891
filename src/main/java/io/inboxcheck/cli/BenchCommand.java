package io.inboxcheck.cli;

import io.inboxcheck.bench.Benchmarks;
import io.inboxcheck.bench.Measurement;
import io.inboxcheck.bench.PostgresReport;
import io.inboxcheck.bench.PostgresThroughput;
import io.inboxcheck.bench.PropertyThroughput;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.report.TextTable;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench}: throughput benchmarks, each reported as a ratio to a baseline in the same run. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = {
      "Measures throughput and prints each workload's rate with its ratio to a baseline"
          + " measured in the same process.",
      "",
      "Suites: properties (generated steps checked per second against a plain replay);"
          + " exploration (the reducer on pre-parsed events and from JSON text, the explorer's"
          + " states per second, brute force against the reduced search on the guide, and every"
          + " order of one card's 12 distinct deliveries with its time, states and heap); postgres"
          + " (the PostgreSQL receiver on an embedded server with 1, 4 and 16 receivers, against a"
          + " minimal transaction at the same concurrency); http (a whole check of a receiver"
          + " process at default tries: wall time, requests per delivery and per step, and the share"
          + " of the time spent in the harness rather than waiting for the receiver); jobs (the"
          + " same check at --jobs 1, then at --jobs N in the same process: both wall times, their"
          + " ratio, and whether both printed the same); conform (a"
          + " JSON Lines log of the PostgreSQL receiver's traffic checked by conform, against"
          + " reading and parsing the same file alone; lines/s and heap).",
      "",
      "Run it on an otherwise idle machine; see docs/performance.md."
    })
final class BenchCommand implements Callable<Integer> {
  /** The benchmark suites. */
  enum Suite {
    properties,
    exploration,
    postgres,
    http,
    jobs,
    conform
  }

  @Spec CommandSpec spec;

  @Option(
      names = "--suite",
      defaultValue = "properties",
      description = "properties (default), exploration, postgres, http, jobs or conform.")
  Suite suite;

  @Option(
      names = "--receivers",
      defaultValue = "1,4,16",
      split = ",",
      description = "postgres: receivers (threads, one connection each) per run; default 1,4,16.")
  List<Integer> receivers;

  @Option(
      names = "--runs",
      defaultValue = "3",
      description =
          "postgres: runs, each on a fresh server with its own baseline; every run and the median"
              + " of each column are printed (default: ${DEFAULT-VALUE}).")
  int runs;

  @Option(
      names = "--seconds",
      defaultValue = "5",
      description = "properties: measured seconds per workload (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--warmup",
      defaultValue = "3",
      description = "properties: warm-up seconds per workload (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "properties: seed of the generated scenarios (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--scenarios",
      defaultValue = "scenarios",
      description =
          "exploration: folder holding B62-15-events.json, explore-16-deliveries.json and"
              + " explore-one-card-12-distinct.json.")
  Path scenarios;

  @Option(
      names = "--cards",
      defaultValue = "100000",
      description = "exploration: cards (default: ${DEFAULT-VALUE}).")
  int cards;

  @Option(
      names = "--deliveries",
      defaultValue = "500000",
      description =
          "exploration: deliveries per reducer run, five per card by default (default: ${DEFAULT-VALUE}).")
  int deliveries;

  @Option(
      names = "--repeats",
      defaultValue = "5",
      description =
          "exploration: runs per measurement; the best and the median are reported (default: ${DEFAULT-VALUE}).")
  int repeats;

  @Option(
      names = "--brute-force-orders",
      defaultValue = "100000",
      description =
          "exploration: orders of the guide brute force runs before its time is extrapolated to"
              + " all 1,814,400 (default: ${DEFAULT-VALUE}; 0 runs them all).")
  long bruteForceOrders;

  @Option(
      names = "--receiver",
      paramLabel = "RECEIVER",
      defaultValue = "exec:python3 examples/python-receiver/receiver.py",
      description =
          "http and jobs: the receiver the check runs against (default: ${DEFAULT-VALUE}).")
  String receiver;

  @Option(
      names = "--jobs",
      paramLabel = "N",
      defaultValue = "2",
      description =
          "jobs: the check's --jobs in the run measured against --jobs 1 (default:"
              + " ${DEFAULT-VALUE}).")
  int jobs;

  @Option(
      names = "--lines",
      defaultValue = "10000000",
      description = "conform: lines of the generated log (default: ${DEFAULT-VALUE}).")
  long lines;

  @Option(
      names = "--log",
      paramLabel = "FILE",
      description =
          "conform: where the generated log is written and kept (default: a temporary file,"
              + " deleted afterwards).")
  Path log;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    return switch (suite) {
      case properties -> properties(out, err);
      case exploration -> exploration(out, err);
      case postgres -> postgres(out, err);
      case http -> CheckBench.http(receiver, out, err);
      case jobs -> CheckBench.jobs(receiver, jobs, out, err);
      case conform -> ConformBench.run(lines, log, seed, out, err);
    };
  }

  private Integer postgres(PrintWriter out, PrintWriter err) {
    if (receivers.isEmpty() || receivers.stream().anyMatch(count -> count < 1 || count > 64)) {
      err.println("inboxcheck bench: --receivers takes counts from 1 to 64, e.g. 1,4,16");
      return ExitCodes.REJECTED;
    }
    if (seconds < 1 || warmup < 0 || runs < 1) {
      err.println(
          "inboxcheck bench: --seconds and --runs must be at least 1 and --warmup at least 0");
      return ExitCodes.REJECTED;
    }
    List<List<PostgresThroughput.Row>> measured = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      measured.add(
          PostgresThroughput.measure(
              receivers, Duration.ofSeconds(warmup), Duration.ofSeconds(seconds)));
    }
    PostgresReport.print(out, measured);
    out.flush();
    return ExitCodes.OK;
  }

  private Integer properties(PrintWriter out, PrintWriter err) {
    if (seconds < 1 || warmup < 0) {
      err.println("inboxcheck bench: --seconds must be at least 1 and --warmup at least 0");
      return ExitCodes.REJECTED;
    }
    List<Measurement> results =
        PropertyThroughput.measure(seed, warmup * 1_000_000_000L, seconds * 1_000_000_000L);
    out.println("| workload (single thread) | steps | seconds | steps/s | ratio to baseline |");
    out.println("|---|---|---|---|---|");
    for (Measurement result : results) {
      out.printf(
          Locale.ROOT,
          "| %s | %d | %.2f | %,.0f | %.2f |%n",
          result.workload(),
          result.units(),
          result.elapsedNanos() / 1e9,
          result.unitsPerSecond(),
          result.ratioToBaseline());
    }
    out.flush();
    return ExitCodes.OK;
  }

  private Integer exploration(PrintWriter out, PrintWriter err) {
    if (cards < 1 || repeats < 1 || deliveries < 1 || deliveries > Benchmarks.MOST_DELIVERIES) {
      err.println(
          String.format(
              Locale.ROOT,
              "inboxcheck bench: --cards and --repeats must be at least 1 and --deliveries from 1"
                  + " to %,d",
              Benchmarks.MOST_DELIVERIES));
      return ExitCodes.REJECTED;
    }
    Benchmarks.Results results;
    try {
      ScenarioReader reader = new ScenarioReader();
      results =
          Benchmarks.run(
              new Benchmarks.Config(
                  cards,
                  deliveries,
                  repeats,
                  reader.read(scenarios.resolve("B62-15-events.json")),
                  reader.read(scenarios.resolve("explore-16-deliveries.json")),
                  reader.read(scenarios.resolve("explore-one-card-12-distinct.json")),
                  bruteForceOrders <= 0 ? Long.MAX_VALUE : bruteForceOrders));
    } catch (InputRejected rejected) {
      err.println(rejected.getMessage());
      return ExitCodes.REJECTED;
    }
    TextTable table =
        new TextTable(List.of("measurement", "best", "median", "unit", "ratio to baseline"));
    for (Benchmarks.Measurement measurement : results.measurements()) {
      table.add(
          List.of(
              measurement.name(),
              number(measurement.best()),
              number(measurement.median()),
              measurement.unit(),
              measurement.ratio() == 0
                  ? "-"
                  : String.format(Locale.ROOT, "%.3f", measurement.ratio())));
    }
    out.println(
        String.format(
            Locale.ROOT,
            "%d cards, %d deliveries per run, %d runs each, Java %s, %d processors",
            cards,
            deliveries,
            repeats,
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors()));
    out.println();
    out.print(table.markdown());
    Benchmarks.Comparison comparison = results.comparison();
    TextTable versus =
        new TextTable(
            List.of(
                "guide, all orders checked", "orders", "seconds", "distinct states", "speed-up"));
    versus.add(
        List.of(
            comparison.bruteForceExtrapolated()
                ? "brute force (" + comparison.bruteForceOrdersRun() + " orders run, extrapolated)"
                : "brute force (every order run)",
            String.valueOf(comparison.orders()),
            String.format(Locale.ROOT, "%.1f", comparison.bruteForceSecondsForAll()),
            "-",
            "1"));
    versus.add(
        searchRow(
            "MEMO (one search)", comparison, comparison.memoSeconds(), comparison.memoStates()));
    versus.add(
        searchRow(
            "FULL (independent groups)",
            comparison,
            comparison.fullSeconds(),
            comparison.fullStates()));
    out.println();
    out.print(versus.markdown());
    out.println();
    out.print(oneCardTable(results.oneCard()).markdown());
    out.flush();
    return ExitCodes.OK;
  }

  /** The one-card exploration: what users wait for when they explore a card's every order. */
  private static TextTable oneCardTable(Benchmarks.OneCard oneCard) {
    TextTable table =
        new TextTable(
            List.of(
                "explore-one-card-12-distinct, every order",
                "orders",
                "seconds",
                "distinct states",
                "states/s",
                "peak heap MiB",
                "speed-up"));
    table.add(
        List.of(
            "brute force (" + oneCard.bruteForceOrdersRun() + " orders run, extrapolated)",
            String.valueOf(oneCard.orders()),
            String.format(Locale.ROOT, "%.0f", oneCard.bruteForceSecondsForAll()),
            "-",
            "-",
            "-",
            "1"));
    table.add(
        List.of(
            "FULL (the explorer's default)",
            String.valueOf(oneCard.orders()),
            String.format(Locale.ROOT, "%.1f", oneCard.seconds()),
            String.valueOf(oneCard.states()),
            number(oneCard.statesPerSecond()),
            String.valueOf(oneCard.peakHeapBytes() >> 20),
            String.format(
                Locale.ROOT, "%.0f", oneCard.bruteForceSecondsForAll() / oneCard.seconds())));
    return table;
  }

  /** One reduced search's row: its time, states and speed-up over brute force on all orders. */
  private static List<String> searchRow(
      String search, Benchmarks.Comparison comparison, double seconds, long states) {
    return List.of(
        search,
        String.valueOf(comparison.orders()),
        String.format(Locale.ROOT, "%.3f", seconds),
        String.valueOf(states),
        String.format(Locale.ROOT, "%.0f", comparison.bruteForceSecondsForAll() / seconds));
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }
}
