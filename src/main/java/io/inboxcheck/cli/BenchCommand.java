package io.inboxcheck.cli;

import io.inboxcheck.bench.Measurement;
import io.inboxcheck.bench.PostgresThroughput;
import io.inboxcheck.bench.PropertyThroughput;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
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
      "Measures throughput and prints each workload's rate and its ratio to a baseline measured",
      "in the same run. Suites: properties (single-threaded), postgres (the PostgreSQL receiver",
      "on an embedded server with 1, 4 and 16 receivers, against a minimal transaction)."
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--suite",
      defaultValue = "properties",
      description = "properties (default) or postgres.")
  String suite;

  @Option(
      names = "--receivers",
      defaultValue = "1,4,16",
      split = ",",
      description = "postgres: receivers (threads, one connection each) per run; default 1,4,16.")
  List<Integer> receivers;

  @Option(names = "--seconds", defaultValue = "5", description = "Measured seconds per workload.")
  int seconds;

  @Option(names = "--warmup", defaultValue = "3", description = "Warm-up seconds per workload.")
  int warmup;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the generated scenarios.")
  long seed;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (!"properties".equals(suite) && !"postgres".equals(suite)) {
      spec.commandLine()
          .getErr()
          .println(
              "inboxcheck bench: unknown suite \"" + suite + "\"; available: properties, postgres");
      return ExitCodes.REJECTED;
    }
    if (seconds < 1 || warmup < 0) {
      spec.commandLine()
          .getErr()
          .println("inboxcheck bench: --seconds must be at least 1 and --warmup at least 0");
      return ExitCodes.REJECTED;
    }
    if ("postgres".equals(suite)) {
      return postgres(out);
    }
    List<Measurement> results =
        PropertyThroughput.measure(seed, warmup * 1_000_000_000L, seconds * 1_000_000_000L);
    out.println("| workload (single thread) | steps | seconds | steps/s | ratio to baseline |");
    out.println("|---|---|---|---|---|");
    for (Measurement result : results) {
      out.printf(
          "| %s | %d | %.2f | %,.0f | %.2f |%n",
          result.workload(),
          result.units(),
          result.elapsedNanos() / 1e9,
          result.unitsPerSecond(),
          result.ratioToBaseline());
    }
    return ExitCodes.OK;
  }

  private Integer postgres(PrintWriter out) {
    if (receivers.isEmpty() || receivers.stream().anyMatch(count -> count < 1 || count > 64)) {
      spec.commandLine()
          .getErr()
          .println("inboxcheck bench: --receivers takes counts from 1 to 64, e.g. 1,4,16");
      return ExitCodes.REJECTED;
    }
    List<PostgresThroughput.Row> rows =
        PostgresThroughput.measure(
            receivers, Duration.ofSeconds(warmup), Duration.ofSeconds(seconds));
    out.println(
        "| receivers | deliveries/s | baseline tx/s | ratio | p50 ms | p99 ms"
            + " | baseline p50 ms | baseline p99 ms |");
    out.println("|---|---|---|---|---|---|---|---|");
    for (PostgresThroughput.Row row : rows) {
      out.printf(
          "| %d | %,.0f | %,.0f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
          row.receivers(),
          row.deliveries().perSecond(),
          row.baseline().perSecond(),
          row.ratio(),
          row.deliveries().quantileMillis(0.50),
          row.deliveries().quantileMillis(0.99),
          row.baseline().quantileMillis(0.50),
          row.baseline().quantileMillis(0.99));
    }
    return ExitCodes.OK;
  }
}
