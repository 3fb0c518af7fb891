package io.inboxcheck.bench;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The tables {@code bench --suite postgres} prints: every run's rows, then the median of each
 * column over the runs at each concurrency, each ratio measured against the baseline of its own
 * run. Each comes as two tables, the rates and latencies, then the CPU each side used.
 */
public final class PostgresReport {
  /** A column: its heading, how its value is printed, and the value of a row. */
  private record Column(
      String heading, String format, ToDoubleFunction<PostgresThroughput.Row> value) {}

  /** A table: an optional line above it, and its columns after the receivers. */
  private record Table(String title, List<Column> columns) {}

  private static final Table RATES =
      new Table(
          null,
          List.of(
              new Column("deliveries/s", "%,.0f", row -> row.deliveries().perSecond()),
              new Column("baseline tx/s", "%,.0f", row -> row.baseline().perSecond()),
              new Column("ratio", "%.2f", PostgresThroughput.Row::ratio),
              new Column("p50 ms", "%.2f", row -> row.deliveries().quantileMillis(0.50)),
              new Column("p99 ms", "%.2f", row -> row.deliveries().quantileMillis(0.99)),
              new Column("baseline p50 ms", "%.2f", row -> row.baseline().quantileMillis(0.50)),
              new Column("baseline p99 ms", "%.2f", row -> row.baseline().quantileMillis(0.99))));

  private static final ToDoubleFunction<PostgresThroughput.Result> SERVER =
      PostgresThroughput.Result::serverMicrosPerTransaction;

  private static final ToDoubleFunction<PostgresThroughput.Result> CLIENT =
      PostgresThroughput.Result::clientMicrosPerTransaction;

  private static final Table CPU =
      new Table(
          "CPU per committed transaction, µs: server is the backends serving the workers, client"
              + " the workers' own threads; CPU ratio is a baseline transaction's total over a"
              + " delivery's",
          List.of(
              microseconds("delivery server µs", PostgresThroughput.Row::deliveries, SERVER),
              microseconds("delivery client µs", PostgresThroughput.Row::deliveries, CLIENT),
              microseconds("baseline server µs", PostgresThroughput.Row::baseline, SERVER),
              microseconds("baseline client µs", PostgresThroughput.Row::baseline, CLIENT),
              new Column("CPU ratio", "%.2f", PostgresThroughput.Row::cpuRatio)));

  private PostgresReport() {}

  /** A column of CPU per transaction, in whole microseconds, of one side of a row. */
  private static Column microseconds(
      String heading,
      Function<PostgresThroughput.Row, PostgresThroughput.Result> side,
      ToDoubleFunction<PostgresThroughput.Result> cpu) {
    return new Column(heading, "%,.0f", row -> cpu.applyAsDouble(side.apply(row)));
  }

  /** Prints {@code runs}, each a list of rows at the same concurrency levels in the same order. */
  public static void print(PrintWriter out, List<List<PostgresThroughput.Row>> runs) {
    for (int run = 0; run < runs.size(); run++) {
      out.printf(Locale.ROOT, "run %d of %d%n", run + 1, runs.size());
      // A run's own rows, each a median of one.
      List<List<PostgresThroughput.Row>> rows = new ArrayList<>();
      runs.get(run).forEach(row -> rows.add(List.of(row)));
      print(out, RATES, rows);
      out.println();
      print(out, CPU, rows);
      out.println();
    }
    List<List<PostgresThroughput.Row>> levels = new ArrayList<>();
    for (int level = 0; level < runs.get(0).size(); level++) {
      List<PostgresThroughput.Row> rows = new ArrayList<>();
      for (List<PostgresThroughput.Row> run : runs) {
        rows.add(run.get(level));
      }
      levels.add(rows);
    }
    out.printf(Locale.ROOT, "median of %d runs%n", runs.size());
    print(out, RATES, levels);
    out.println();
    print(out, CPU, levels);
    out.printf(
        Locale.ROOT,
        "load average at the end: %.2f on %d processors%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
        Runtime.getRuntime().availableProcessors());
    out.flush();
  }

  /**
   * One line per level, each column the median of its rows; a value that could not be measured
   * prints as {@code n/a}.
   */
  private static void print(
      PrintWriter out, Table table, List<List<PostgresThroughput.Row>> levels) {
    if (table.title() != null) {
      out.println(table.title());
    }
    StringBuilder header = new StringBuilder("| receivers |");
    StringBuilder rule = new StringBuilder("|---|");
    for (Column column : table.columns()) {
      header.append(' ').append(column.heading()).append(" |");
      rule.append("---|");
    }
    out.println(header);
    out.println(rule);
    for (List<PostgresThroughput.Row> rows : levels) {
      StringBuilder line = new StringBuilder("| ").append(rows.get(0).receivers()).append(" |");
      for (Column column : table.columns()) {
        double value = median(rows, column.value());
        line.append(' ')
            .append(
                Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, column.format(), value))
            .append(" |");
      }
      out.println(line);
    }
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
