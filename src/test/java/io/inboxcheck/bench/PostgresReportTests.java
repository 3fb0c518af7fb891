package io.inboxcheck.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresReportTests {
  private static PostgresThroughput.Row row(long deliveries, long baseline) {
    return new PostgresThroughput.Row(
        1,
        new PostgresThroughput.Result(deliveries, 1_000_000_000L, new long[] {1}),
        new PostgresThroughput.Result(baseline, 1_000_000_000L, new long[] {1}));
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
}
