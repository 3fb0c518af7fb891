package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code conform}'s command line: a log read in each form, and bad input rejected with one line
 * naming the file, the line and the field, exit code 2, nothing judged (or, with {@code
 * --skip-bad-lines}, counted and listed).
 */
class ConformCommandTests {
  static final String ENVELOPE_1 =
      "{\\\"event_id\\\":\\\"e-1\\\",\\\"object_id\\\":\\\"card-7\\\",\\\"object_version\\\":12,"
          + "\\\"type\\\":\\\"card.snapshot\\\",\\\"state\\\":{\\\"stage\\\":\\\"ready\\\"}}";
  static final String ENVELOPE_2 =
      "{\\\"event_id\\\":\\\"e-2\\\",\\\"object_id\\\":\\\"card-7\\\",\\\"object_version\\\":11,"
          + "\\\"type\\\":\\\"card.snapshot\\\",\\\"state\\\":{\\\"stage\\\":\\\"queued\\\"}}";

  @TempDir Path folder;

  private static String delivery(String at, String envelope, String decision) {
    return "{\"kind\":\"delivery\",\"at\":\""
        + at
        + "\",\"envelope\":\""
        + envelope
        + "\",\"decision\":{\"decision\":\""
        + decision
        + "\",\"reason\":null,\"restates\":null}}";
  }

  private Path log(String name, String... lines) throws Exception {
    return Files.write(folder.resolve(name), List.of(lines));
  }

  private Path initial() throws Exception {
    return Files.writeString(
        folder.resolve("initial.json"),
        "{\"cards\": {\"card-7\": {\"version\": 10, \"state\": {\"stage\": \"queued\"}}}}");
  }

  private CommandRun conform(String... arguments) {
    String[] all = new String[arguments.length + 3];
    all[0] = "conform";
    System.arraycopy(arguments, 0, all, 1, arguments.length);
    all[arguments.length + 1] = "--reports";
    all[arguments.length + 2] = folder.resolve("reports").toString();
    return CommandRun.of(all);
  }

  @Test
  void aLogThatKeepsThePolicyExitsZeroAndOneThatDoesNotExitsOne() throws Exception {
    Path good =
        log(
            "good.jsonl",
            delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"),
            delivery("2024-01-01T08:00:01Z", ENVELOPE_2, "STALE"));
    Path bad =
        log(
            "bad.jsonl",
            delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"),
            delivery("2024-01-01T08:00:01Z", ENVELOPE_2, "APPLIED"));

    CommandRun keeps = conform(good.toString(), "--initial", initial().toString());
    CommandRun breaks = conform(bad.toString(), "--initial", initial().toString());

    assertThat(keeps.exitCode()).as(keeps.out() + keeps.err()).isZero();
    assertThat(keeps.out()).contains("judged and agreeing: 2", "divergences: 0");
    assertThat(breaks.exitCode()).as(breaks.out() + breaks.err()).isEqualTo(1);
    assertThat(breaks.out())
        .contains(
            "divergences: 1", "VERSION_MONOTONIC", "first divergence as a scenario of 1 step");
    assertThat(Files.exists(folder.resolve("reports/summary.json"))).isTrue();
  }

  @Test
  void withoutTheCardsAtTheStartAFirstSightingIsNotJudgedAndSaysWhy() throws Exception {
    Path good = log("good.jsonl", delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"));

    CommandRun run = conform(good.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("not judged: 1 (CARD_NOT_IN_LOG 1)", "card-7 before this line is not wholly in");
  }

  @Test
  void aCsvExportIsReadThroughItsColumnMapping() throws Exception {
    Path csv =
        Files.writeString(
            folder.resolve("export.csv"),
            "ts,body,outcome,why\n"
                + "2024-01-01 08:00:00+00,\""
                + ENVELOPE_1.replace("\\\"", "\"\"")
                + "\",APPLIED,\n"
                + "2024-01-01 08:00:01+00,\""
                + ENVELOPE_2.replace("\\\"", "\"\"")
                + "\",STALE,\n");

    CommandRun run =
        conform(
            csv.toString(),
            "--columns",
            "event=body,received_at=ts,decision=outcome,reason=why",
            "--initial",
            initial().toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("judged and agreeing: 2");
  }

  @Test
  void aLineThatIsNotJsonIsRejectedWithItsLineAndNothingJudged() throws Exception {
    Path log =
        log(
            "broken.jsonl",
            delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"),
            "{\"kind\": \"delivery\", \"at\": ");

    CommandRun run = conform(log.toString());

    assertRejected(run, log + " line 2: not valid JSON");
  }

  @Test
  void anUnknownDecisionWordIsRejectedNamingTheField() throws Exception {
    Path log = log("word.jsonl", delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLY"));

    CommandRun run = conform(log.toString());

    assertRejected(
        run, log + " line 1, $.decision: unknown decision word \"APPLY\"; expected APPLIED,");
  }

  @Test
  void aTimeGoingBackwardsIsRejectedNamingTheLine() throws Exception {
    Path log =
        log(
            "time.jsonl",
            delivery("2024-01-01T08:00:05Z", ENVELOPE_1, "APPLIED"),
            delivery("2024-01-01T08:00:01Z", ENVELOPE_2, "STALE"));

    CommandRun run = conform(log.toString());

    assertRejected(
        run,
        log
            + " line 2, $.at: time goes backwards: 2024-01-01T08:00:01Z is before"
            + " 2024-01-01T08:00:05Z of line 1");
  }

  @Test
  void aMissingColumnIsRejectedNamingTheField() throws Exception {
    Path csv =
        Files.writeString(
            folder.resolve("nocolumn.csv"),
            "body,outcome\n\"" + ENVELOPE_1.replace("\\\"", "\"\"") + "\",APPLIED\n");

    CommandRun run = conform(csv.toString(), "--columns", "event=body,decision=outcome");

    assertRejected(
        run, csv + " line 2, field received_at (no column holds it; map one with --columns");
  }

  @Test
  void aMappingToAColumnThatDoesNotExistIsRejected() throws Exception {
    Path csv = Files.writeString(folder.resolve("header.csv"), "body,outcome\n");

    CommandRun run = conform(csv.toString(), "--columns", "received_at=when");

    assertRejected(run, "--columns received_at=when: no column \"when\"; the columns are body,");
  }

  @Test
  void skippingBadLinesCountsAndListsThemAndJudgesTheRest() throws Exception {
    Path log =
        log(
            "skipped.jsonl",
            delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"),
            "not json at all",
            delivery("2024-01-01T08:00:01Z", ENVELOPE_2, "GONE"),
            delivery("2024-01-01T08:00:02Z", ENVELOPE_2, "STALE"));

    CommandRun run = conform(log.toString(), "--skip-bad-lines", "--initial", initial().toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains(
            "bad lines skipped: 2",
            log + " line 2: not valid JSON",
            log + " line 3, $.decision: unknown decision word \"GONE\"",
            "judged and agreeing: 2");
  }

  @Test
  void theInputFormsAreNotMixedAndTheDatabaseOptionsAreChecked() {
    assertRejected(conform(), "give log files, or --jdbc-url with --query or --receiver-store");
    assertRejected(
        conform("--jdbc-url", "jdbc:postgresql://localhost/none"),
        "with --jdbc-url give --query SQL or --receiver-store postgres, one of them");
    assertRejected(
        conform("--jdbc-url", "jdbc:postgresql://localhost/none", "--receiver-store", "mysql"),
        "unknown --receiver-store \"mysql\"; available: postgres");
    assertRejected(
        conform(
            "--jdbc-url",
            "jdbc:postgresql://localhost/none",
            "--receiver-store",
            "postgres",
            "--db-schema",
            "x; drop"),
        "--db-schema takes a plain lower-case name");
  }

  @Test
  void aBadInitialFileIsRejectedWithItsPointer() throws Exception {
    Path log = log("good.jsonl", delivery("2024-01-01T08:00:00Z", ENVELOPE_1, "APPLIED"));
    Path initial =
        Files.writeString(
            folder.resolve("initial.json"), "{\"cards\": {\"card-7\": {\"version\": -1}}}");

    assertRejected(
        conform(log.toString(), "--initial", initial.toString()),
        initial + ": /cards/card-7/version: expected an integer from 0 to");
  }

  @Test
  void aLineThatIsNotUtf8IsRejectedAtItsOwnLine() throws Exception {
    // Far more than a read buffer of good lines first, so a reader that fails a buffer ahead of
    // the line would name the wrong one.
    List<String> lines = new java.util.ArrayList<>();
    for (int second = 0; second < 3000; second++) {
      lines.add(
          delivery(
              String.format("2024-01-01T08:%02d:%02dZ", second / 60, second % 60),
              ENVELOPE_1,
              "APPLIED"));
    }
    String bad = delivery("2024-01-01T09:00:00Z", ENVELOPE_2, "STALE");
    int column = bad.indexOf("queued");
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    for (String line : lines) {
      bytes.write((line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    byte[] broken = bad.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    broken[column] = (byte) 0xFF;
    bytes.write(broken);
    bytes.write('\n');
    Path log = Files.write(folder.resolve("latin1.jsonl"), bytes.toByteArray());

    CommandRun run = conform(log.toString());

    assertRejected(run, log + " line 3001: not valid UTF-8 at column " + (column + 1));
    assertThat(run.err()).doesNotContain("Input length");
  }

  @Test
  void anEnvelopeOfMoreThan64KibIsReadAndTheBoundIsAnOption() throws Exception {
    String large =
        "{\\\"event_id\\\":\\\"e-1\\\",\\\"object_id\\\":\\\"card-7\\\","
            + "\\\"object_version\\\":12,\\\"type\\\":\\\"card.snapshot\\\","
            + "\\\"state\\\":{\\\"stage\\\":\\\"ready\\\""
            // Four strings of 50,000 characters: each within SPEC 1.5's string bound, the whole
            // envelope well past 64 KiB and within its body bound.
            + ",\\\"notes\\\":\\\"%1$s\\\",\\\"more\\\":\\\"%1$s\\\"".formatted("x".repeat(50_000))
            + ",\\\"again\\\":\\\"%1$s\\\",\\\"last\\\":\\\"%1$s\\\"".formatted("x".repeat(50_000))
            + "}}";
    int envelopeChars = large.replace("\\\"", "\"").length();
    Path log = log("large.jsonl", delivery("2024-01-01T08:00:00Z", large, "APPLIED"));

    CommandRun read = conform(log.toString(), "--initial", initial().toString());
    CommandRun bounded =
        conform(log.toString(), "--initial", initial().toString(), "--max-envelope-size", "65536");

    assertThat(read.exitCode()).as(read.out() + read.err()).isZero();
    assertThat(read.out()).contains("judged and agreeing: 1");
    assertRejected(
        bounded,
        log + " line 1, $.envelope: " + envelopeChars + " characters, over the bound of 65536");
    assertThat(bounded.err()).contains("--max-envelope-size");
  }

  @Test
  void anAuthorityLineWithoutRegressedIsNotJudgedAsNotRegressed() throws Exception {
    String reconcile =
        "{\"kind\":\"reconcile\",\"at\":\"2024-01-01T08:00:01Z\",\"authority\":"
            + "{\"card-7\":{\"version\":5,\"state\":{\"stage\":\"old\"}}}}";
    String card = "{\"version\":5,\"state\":{\"stage\":\"old\"},\"paused\":false}";
    String authority =
        "{\"kind\":\"authority\",\"at\":\"2024-01-01T08:00:01Z\",\"object_id\":\"card-7\","
            + "\"outcome\":\"REPLACED\",%s\"before\":{\"version\":10,\"state\":"
            + "{\"stage\":\"queued\"},\"paused\":false},\"after\":"
            + card
            + "}";
    Path silent = log("silent.jsonl", reconcile, authority.formatted(""));
    Path wrong = log("wrong.jsonl", reconcile, authority.formatted("\"regressed\":false,"));

    CommandRun unknown = conform(silent.toString(), "--initial", initial().toString());
    CommandRun judged = conform(wrong.toString(), "--initial", initial().toString());

    assertThat(unknown.exitCode()).as(unknown.out() + unknown.err()).isZero();
    assertThat(unknown.out()).contains("judged and agreeing: 1", "divergences: 0");
    assertThat(judged.exitCode()).as(judged.out() + judged.err()).isEqualTo(1);
    assertThat(judged.out()).contains("divergences: 1", "(regressed)");
  }

  private static void assertRejected(CommandRun run, String line) {
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.err().lines().toList()).hasSize(1);
    assertThat(run.err()).contains(line).doesNotContain("Exception");
    assertThat(run.out()).isEmpty();
  }
}
