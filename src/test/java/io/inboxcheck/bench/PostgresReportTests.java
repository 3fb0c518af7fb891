package io.inboxcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresReportTests {
  private static final long SECOND = 1_000_000_000L;

  private static PostgresThroughput.Row row(long deliveries, long baseline) {
    return row(
        deliveries, baseline, PostgresThroughput.Cpu.UNKNOWN, PostgresThroughput.Cpu.UNKNOWN);
  }

  private static PostgresThroughput.Row row(
      long deliveries,
      long baseline,
      PostgresThroughput.Cpu deliveryCpu,
      PostgresThroughput.Cpu baselineCpu) {
    return new PostgresThroughput.Row(
        1,
        new PostgresThroughput.Result(deliveries, SECOND, new long[] {1}, deliveryCpu),
        new PostgresThroughput.Result(baseline, SECOND, new long[] {1}, baselineCpu));
  }

  @Test
  void theMedianRatioIsTheMiddleOfTheRunsOwnRatiosNotTheRatioOfMedians() {
    List<PostgresThroughput.Row> runs = List.of(row(50, 100), row(90, 100), row(10, 200));

    assertThat(PostgresReport.median(runs, PostgresThroughput.Row::ratio)).isEqualTo(0.5);
    assertThat(PostgresReport.median(runs, row -> row.deliveries().perSecond())).isEqualTo(50);
  }

  @Test
  void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    List<PostgresThroughput.Row> runs = List.of(row(40, 100), row(60, 100));

    assertThat(PostgresReport.median(runs, PostgresThroughput.Row::ratio)).isEqualTo(0.5);
  }

  @Test
  void cpuIsPerCommittedTransactionAndItsRatioComparesBothSidesTotals() {
    // 1,000 deliveries used 0.3 s of server and 0.1 s of client CPU: 300 + 100 µs each; 2,000
    // baseline transactions used 0.24 s and 0.16 s: 120 + 80 µs each.
    PostgresThroughput.Row row =
        row(
            1_000,
            2_000,
            new PostgresThroughput.Cpu(300_000_000L, 100_000_000L),
            new PostgresThroughput.Cpu(240_000_000L, 160_000_000L));

    assertThat(row.deliveries().serverMicrosPerTransaction()).isEqualTo(300.0);
    assertThat(row.deliveries().clientMicrosPerTransaction()).isEqualTo(100.0);
    assertThat(row.baseline().serverMicrosPerTransaction()).isEqualTo(120.0);
    assertThat(row.cpuRatio()).isEqualTo(0.5);
  }

  @Test
  void cpuThatCouldNotBeReadIsPrintedAsUnknownAndLeftOutOfTheMedian() {
    PostgresThroughput.Cpu measured = new PostgresThroughput.Cpu(200_000_000L, 100_000_000L);
    PostgresThroughput.Cpu serverUnknown = new PostgresThroughput.Cpu(-1, 100_000_000L);
    List<PostgresThroughput.Row> runs =
        List.of(
            row(1_000, 1_000, measured, measured),
            row(1_000, 1_000, serverUnknown, measured),
            row(1_000, 1_000, measured, measured));
    StringWriter text = new StringWriter();

    PostgresReport.print(new PrintWriter(text), List.of(runs.subList(1, 2), runs.subList(0, 1)));

    assertThat(text.toString())
        .contains("| receivers | delivery server µs | delivery client µs | baseline server µs")
        .contains("| 1 | n/a | 100 | 200 | 100 | n/a |")
        .contains("| 1 | 200 | 100 | 200 | 100 | 1.00 |");
    assertThat(PostgresReport.median(runs, row -> row.deliveries().serverMicrosPerTransaction()))
        .isEqualTo(200.0);
    assertThat(PostgresReport.median(runs.subList(1, 2), PostgresThroughput.Row::cpuRatio)).isNaN();
  }
}
