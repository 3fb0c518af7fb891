package io.inboxcheck.cli;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.json.InputRejected;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ComparisonHtml;
import io.inboxcheck.report.HistoryHtml;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.report.HistoryText;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code replay FILE...}: replays scenarios and prints each history. */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Replays scenario files against a receiver and prints the step-by-step history.",
      "Exit codes: 0 every expectation holds, 1 an expectation failed, 2 the input was rejected."
    })
final class ReplayCommand implements Callable<Integer> {

  /** Output formats of a history. */
  enum Format {
    table,
    markdown,
    json,
    html
  }

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files (SPEC section 9).")
  List<Path> files;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = {
        "table (default), markdown, json (SPEC section 10) or html (one self-contained page,",
        "so one FILE; against a receiver other than the model, the page sets it beside the model)."
      })
  Format format;

  @Option(
      names = "--receiver",
      defaultValue = "model",
      description = {
        "The receiver to replay against: model (default), postgres (PostgreSQL, embedded unless",
        "--jdbc-url is given), or class:NAME for a Receiver on the class path. Every receiver but",
        "the model is checked against the model's invariants and, step by step, its decisions."
      })
  String receiver;

  @Option(
      names = "--jdbc-url",
      defaultValue = "${env:INBOXCHECK_JDBC_URL}",
      description = {
        "postgres only: an existing PostgreSQL server (env INBOXCHECK_JDBC_URL); each scenario",
        "runs in a fresh schema that is dropped afterwards. Default: an embedded server."
      })
  String jdbcUrl;

  @Option(
      names = "--db-user",
      defaultValue = "${env:INBOXCHECK_DB_USER}",
      description = "postgres with --jdbc-url: the user (env INBOXCHECK_DB_USER).")
  String databaseUser;

  @Option(
      names = "--db-password",
      defaultValue = "${env:INBOXCHECK_DB_PASSWORD}",
      description = "postgres with --jdbc-url: the password (env INBOXCHECK_DB_PASSWORD).")
  String databasePassword;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (format == Format.html && files.size() != 1) {
      err.println("inboxcheck replay: --format html writes one page: give exactly one FILE");
      return ExitCodes.REJECTED;
    }
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, Receiver> receivers =
        ReceiverChoice.parse(
            receiver,
            new ReceiverChoice.DatabaseOptions(jdbcUrl, databaseUser, databasePassword),
            problem);
    if (receivers == null) {
      err.println("inboxcheck replay: " + problem);
      return ExitCodes.REJECTED;
    }
    try {
      return replayAll(receivers, out, err);
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        close(closeable);
      }
    }
  }

  static void close(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot release the receiver's resources", e);
    }
  }

  private int replayAll(
      Function<ReceiverSetup, Receiver> receivers, PrintWriter out, PrintWriter err) {
    // The model checked against itself would be a check that cannot fail; other receivers are
    // held to the model's decisions as well as to the invariants.
    CheckedRun.Checks checks =
        "model".equals(receiver)
            ? CheckedRun.Checks.INVARIANTS
            : CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE;
    ScenarioReader reader = new ScenarioReader();
    int exit = ExitCodes.OK;
    for (Path file : files) {
      Scenario scenario;
      try {
        scenario = reader.read(file);
      } catch (InputRejected rejected) {
        err.println(rejected.getMessage());
        exit = Math.max(exit, ExitCodes.REJECTED);
        continue;
      }
      CheckedRun.Result result = CheckedRun.run(scenario, receivers, checks);
      History history = result.history();
      out.print(render(result));
      out.flush();
      if (result.violation().isPresent()) {
        err.println(file + ": " + result.violation().get().describe());
        err.flush();
        exit = Math.max(exit, ExitCodes.FAILED);
      }
      if (!history.expectationsHold()) {
        printDifference(err, file, history.expectations());
        exit = Math.max(exit, ExitCodes.FAILED);
      }
    }
    return exit;
  }

  private String render(CheckedRun.Result result) {
    History history = result.history();
    return switch (format) {
      case html ->
          "model".equals(receiver) ? HistoryHtml.render(history) : ComparisonHtml.render(result);
      case json -> HistoryJson.render(history);
      case markdown -> HistoryText.render(history, HistoryText.Layout.MARKDOWN);
      case table -> HistoryText.render(history, HistoryText.Layout.TABLE);
    };
  }

  private static void printDifference(PrintWriter err, Path file, ExpectationReport report) {
    err.println(
        file
            + ": "
            + report.failures().size()
            + " of "
            + report.checked()
            + " expected facts failed:");
    for (ExpectationReport.Mismatch mismatch : report.failures()) {
      err.println("  " + mismatch.describe());
    }
    err.flush();
  }
}
