package io.inboxcheck.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The tables {@code bench --suite postgres} prints: every run's rows, then the median of each
 * column over the runs at each concurrency, each ratio measured against the baseline of its own
 * run.
 */
public final class PostgresReport {
  private static final String HEADER =
      "| receivers | deliveries/s | baseline tx/s | ratio | p50 ms | p99 ms"
          + " | baseline p50 ms | baseline p99 ms |";

  private static final String CPU_TITLE =
      "CPU per committed transaction, µs: server is the backends serving the workers, client the"
          + " workers' own threads; CPU ratio is a baseline transaction's total over a delivery's";

  private static final String CPU_HEADER =
      "| receivers | delivery server µs | delivery client µs | baseline server µs"
          + " | baseline client µs | CPU ratio |";

  private static final String CPU_RULE = "|---|---|---|---|---|---|";

  private PostgresReport() {}

  /** Prints {@code runs}, each a list of rows at the same concurrency levels in the same order. */
  public static void print(PrintWriter out, List<List<PostgresThroughput.Row>> runs) {
    for (int run = 0; run < runs.size(); run++) {
      out.printf(Locale.ROOT, "run %d of %d%n", run + 1, runs.size());
      table(out, runs.get(run));
      out.println();
      cpuTable(out, runs.get(run));
      out.println();
    }
    out.printf(Locale.ROOT, "median of %d runs%n", runs.size());
    out.println(HEADER);
    out.println("|---|---|---|---|---|---|---|---|");
    for (int level = 0; level < runs.get(0).size(); level++) {
      List<PostgresThroughput.Row> rows = new ArrayList<>();
      for (List<PostgresThroughput.Row> run : runs) {
        rows.add(run.get(level));
      }
      line(
          out,
          rows.get(0).receivers(),
          median(rows, row -> row.deliveries().perSecond()),
          median(rows, row -> row.baseline().perSecond()),
          median(rows, PostgresThroughput.Row::ratio),
          median(rows, row -> row.deliveries().quantileMillis(0.50)),
          median(rows, row -> row.deliveries().quantileMillis(0.99)),
          median(rows, row -> row.baseline().quantileMillis(0.50)),
          median(rows, row -> row.baseline().quantileMillis(0.99)));
    }
    out.println();
    out.println(CPU_TITLE);
    out.println(CPU_HEADER);
    out.println(CPU_RULE);
    for (int level = 0; level < runs.get(0).size(); level++) {
      List<PostgresThroughput.Row> rows = new ArrayList<>();
      for (List<PostgresThroughput.Row> run : runs) {
        rows.add(run.get(level));
      }
      cpuLine(
          out,
          rows.get(0).receivers(),
          median(rows, row -> row.deliveries().serverMicrosPerTransaction()),
          median(rows, row -> row.deliveries().clientMicrosPerTransaction()),
          median(rows, row -> row.baseline().serverMicrosPerTransaction()),
          median(rows, row -> row.baseline().clientMicrosPerTransaction()),
          median(rows, PostgresThroughput.Row::cpuRatio));
    }
    out.printf(
        Locale.ROOT,
        "load average at the end: %.2f on %d processors%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
    out.flush();
  }

  private static void table(PrintWriter out, List<PostgresThroughput.Row> rows) {
    out.println(HEADER);
    out.println("|---|---|---|---|---|---|---|---|");
    for (PostgresThroughput.Row row : rows) {
      line(
          out,
          row.receivers(),
          row.deliveries().perSecond(),
          row.baseline().perSecond(),
          row.ratio(),
          row.deliveries().quantileMillis(0.50),
          row.deliveries().quantileMillis(0.99),
          row.baseline().quantileMillis(0.50),
          row.baseline().quantileMillis(0.99));
    }
  }

  private static void cpuTable(PrintWriter out, List<PostgresThroughput.Row> rows) {
    out.println(CPU_TITLE);
    out.println(CPU_HEADER);
    out.println(CPU_RULE);
    for (PostgresThroughput.Row row : rows) {
      cpuLine(
          out,
          row.receivers(),
          row.deliveries().serverMicrosPerTransaction(),
          row.deliveries().clientMicrosPerTransaction(),
          row.baseline().serverMicrosPerTransaction(),
          row.baseline().clientMicrosPerTransaction(),
          row.cpuRatio());
    }
  }

  /** A CPU row; a value that could not be measured prints as {@code n/a}. */
  private static void cpuLine(PrintWriter out, int receivers, double... values) {
    StringBuilder line = new StringBuilder("| ").append(receivers).append(' ');
    for (int index = 0; index < values.length; index++) {
      String format = index == values.length - 1 ? "%.2f" : "%,.0f";
      double value = values[index];
      line.append("| ")
          .append(Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, format, value))
          .append(' ');
    }
    out.println(line.append('|'));
  }

  private static void line(PrintWriter out, int receivers, double... values) {
    out.printf(
        Locale.ROOT,
        "| %d | %,.0f | %,.0f | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
        receivers,
        values[0],
        values[1],
        values[2],
        values[3],
        values[4],
        values[5],
        values[6]);
  }

  /**
   * The median of one column; of an even count, the mean of the two middle values. Runs where the
   * column could not be measured (NaN) are left out; NaN when none was measured.
   */
  static double median(
      List<PostgresThroughput.Row> rows, ToDoubleFunction<PostgresThroughput.Row> column) {
    double[] values =
        rows.stream().mapToDouble(column).filter(value -> !Double.isNaN(value)).sorted().toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
