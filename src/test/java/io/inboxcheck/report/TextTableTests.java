package io.inboxcheck.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTests {

  private static TextTable table() {
    TextTable table = new TextTable(List.of("step", "event", "decision"));
    table.add(
        List.of(
            "1",
            "e-201 card-7 v12\n{\"event_id\":\"e-201\",\"object_id\":\"card-7\",\"object_version\":12}",
            "APPLIED"));
    table.add(List.of("2", "e-201 card-7 v12", "DUPLICATE (restates APPLIED)"));
    return table;
  }

  @Test
  void longCellsWrapInsideTheirColumnAndNoLineExceedsTheWidth() {
    String text = table().wrapped(60, 10).orElseThrow();

    assertThat(text.lines()).allMatch(line -> line.length() <= 60);
    // The compact JSON breaks after a comma, between members, not inside one.
    assertThat(text).contains("{\"event_id\":\"e-201\",").contains("\"object_version\":12}");
    // Rows of several lines get a rule between them, so each row can be followed.
    assertThat(text.lines().filter(line -> line.startsWith("---- | ---")).count()).isEqualTo(2);
  }

  @Test
  void aTableThatFitsWrapsNothingAndStacksOnlyTheLinesACellHolds() {
    String text = table().wrapped(500, 10).orElseThrow();

    // header, rule, row 1 (two lines of its own), rule, row 2
    assertThat(text.lines()).hasSize(6);
    assertThat(text.lines()).anyMatch(line -> line.endsWith("| DUPLICATE (restates APPLIED)"));
  }

  @Test
  void columnsTooNarrowToReadGiveNoTable() {
    assertThat(table().wrapped(40, 20)).isEmpty();
  }

  @Test
  void markdownStacksACellsLinesWithBreaks() {
    assertThat(table().markdown()).contains("| e-201 card-7 v12<br>{\"event_id\"");
  }

  @Test
  void wrapCutsAWordOnlyWhenHardBreaksAreAllowed() {
    String word = "x".repeat(30);

    assertThat(Wrap.lines("short " + word, 20)).allMatch(line -> line.length() <= 20);
    assertThat(Wrap.lines("short " + word, 20, false)).containsExactly("short", word);
  }
}
