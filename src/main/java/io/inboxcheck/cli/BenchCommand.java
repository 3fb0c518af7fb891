package io.inboxcheck.cli;

import io.inboxcheck.bench.Measurement;
import io.inboxcheck.bench.PropertyThroughput;
import java.io.PrintWriter;
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
      "Measures throughput single-threaded and prints each workload's rate and its ratio to a",
      "baseline measured in the same process. Suites: properties."
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--suite", defaultValue = "properties", description = "properties (default).")
  String suite;

  @Option(names = "--seconds", defaultValue = "5", description = "Measured seconds per workload.")
  int seconds;

  @Option(names = "--warmup", defaultValue = "3", description = "Warm-up seconds per workload.")
  int warmup;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the generated scenarios.")
  long seed;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (!"properties".equals(suite)) {
      spec.commandLine()
          .getErr()
          .println("inboxcheck bench: unknown suite \"" + suite + "\"; available: properties");
      return ExitCodes.REJECTED;
    }
    if (seconds < 1 || warmup < 0) {
      spec.commandLine()
          .getErr()
          .println("inboxcheck bench: --seconds must be at least 1 and --warmup at least 0");
      return ExitCodes.REJECTED;
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
}
