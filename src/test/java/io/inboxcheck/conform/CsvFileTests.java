package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV logs as database exports write them: records spanning lines, doubled quotes, CRLF and empty
 * lines; a broken record is one line naming the file and the line it starts on, and the records
 * after it are still read.
 */
class CsvFileTests {
  @TempDir Path folder;

  private Path csv(String text) throws Exception {
    return Files.writeString(folder.resolve("export.csv"), text);
  }

  /** Each record's start line and its decision and reason cells, or the problem of a bad one. */
  private static List<String> read(Path file) throws InputRejected {
    List<String> seen = new ArrayList<>();
    try (LogSource.Lines lines = new CsvFile(file, Map.of()).open()) {
      while (true) {
        try {
          LineFields fields = lines.next();
          if (fields == null) {
            return seen;
          }
          seen.add(
              fields.position().describe()
                  + ": "
                  + fields.text("decision")
                  + " "
                  + fields.text("reason"));
        } catch (BadLine bad) {
          seen.add(bad.getMessage());
        }
      }
    }
  }

  @Test
  void recordsSpanningLinesKeepTheLineTheyStartOn() throws Exception {
    Path file =
        csv(
            "decision,reason\r\n"
                + "\"HELD\r\nover two lines\",\"say \"\"why\"\"\"\r\n"
                + "\r\n"
                + "\n"
                + "APPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: HELD\r\nover two lines say \"why\"", file + " line 6: APPLIED null");
  }

  @Test
  void textAfterAClosingQuoteIsTheRecordsLineAndTheNextRecordIsStillRead() throws Exception {
    Path file = csv("decision,reason\n\"HELD\"x,MALFORMED\nAPPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: text after a closing quote; quote the whole field",
            file + " line 3: APPLIED null");
  }

  @Test
  void aQuoteNeverClosedIsTheLineWhereItsRecordStarts() throws Exception {
    Path file = csv("decision,reason\nAPPLIED,\n\nHELD,\"MALFORMED\nAPPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: APPLIED null", file + " line 4: a quoted field is never closed");
  }

  @Test
  void aRecordPastTheInputBoundIsRefusedAndTheNextIsRead() throws Exception {
    long bound = JsonLimits.DEFAULT.maxInputBytes();
    Path file =
        csv(
            "decision,reason\nHELD,"
                + "x".repeat((int) bound / 2)
                + ","
                + "y".repeat((int) bound / 2)
                + "\nAPPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: a record longer than " + bound + " characters",
            file + " line 3: APPLIED null");
  }

  @Test
  void oneFieldPastTheBoundIsRefusedWithoutHoldingIt() throws Exception {
    long bound = JsonLimits.DEFAULT.maxInputBytes();
    Path file = csv("decision,reason\n\"" + "x".repeat((int) bound + 10) + "\"\nAPPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: a record longer than " + bound + " characters",
            file + " line 3: APPLIED null");
  }

  @Test
  void aRecordOfMillionsOfEmptyFieldsIsRefused() throws Exception {
    Path file = csv("decision,reason\nHELD" + ",".repeat(2_000_000) + "\nAPPLIED,\n");

    assertThat(read(file))
        .containsExactly(
            file + " line 2: a record of more than 10000 fields", file + " line 3: APPLIED null");
  }

  @Test
  void anEmptyFileIsRefusedAsHavingNoHeader() throws Exception {
    Path file = csv("");

    assertThatThrownBy(() -> read(file))
        .isInstanceOf(InputRejected.class)
        .hasMessage(file + ": line 1: empty; expected a header row naming columns");
  }

  @Test
  void aBrokenHeaderIsRefusedAsTheHeader() throws Exception {
    Path file = csv("\"decision,reason\n");

    assertThatThrownBy(() -> read(file))
        .isInstanceOf(InputRejected.class)
        .hasMessage(file + ": line 1 (the header): a quoted field is never closed");
  }
}
