package io.inboxcheck.cli;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.concurrent.SettledRun;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.Counted;
import io.inboxcheck.report.ReplayStop;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.suite.DecidedLater;
import io.inboxcheck.suite.ScenarioFolder;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code replay PATH...}: replays scenario files, or every one in folders, and prints each history.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description =
        "Replays scenario files against a receiver and prints the step-by-step history. Exit"
            + " codes: 0 every expectation holds, 1 an expectation failed, 2 the input was rejected.")
final class ReplayCommand implements Callable<Integer> {

  /** Output formats of a history. */
  enum Format {
    table,
    markdown,
    json,
    jsonl,
    html
  }

  /** Text output is this wide when neither --width nor a terminal's COLUMNS says otherwise. */
  static final int DEFAULT_WIDTH = 100;

  /** Narrower than this, a history's labels and columns leave no room for what they label. */
  static final int NARROWEST_WIDTH = 40;

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description =
          "Scenario files (SPEC section 9), or folders of them: every *.json under a folder,"
              + " subfolders included, in path order; the JSON Schemas there (*.schema.json) are"
              + " skipped. A schema named as a file is rejected: it describes scenarios, it is not one.")
  List<Path> paths;

  @Option(
      names = "--format",
      defaultValue = "table",
      description =
          "table (default), markdown, json, jsonl or html. json is the history of SPEC section 10"
              + " for one file, and {\"histories\": [...]} (one document) for several; jsonl prints one"
              + " history per line. A replay that stops at a broken invariant says so in every format (a"
              + " STOPPED line; a \"stopped\" member in JSON). html is one self-contained page, so one"
              + " file; against a receiver other than the model it sets the receiver beside the model.")
  Format format;

  @Option(
      names = "--width",
      paramLabel = "N",
      description =
          "Text line width (default: COLUMNS when printing to a terminal, else 100; at least 40)."
              + " table: every line fits; long cells wrap in their column, or each step becomes a block"
              + " of labelled lines when the columns cannot all stay readable. markdown: the steps are a"
              + " table only if it fits, else one list per step; lines break at spaces or after commas,"
              + " never inside a word, so only a heading or a word longer than N overruns it. Ignored by"
              + " json and jsonl.")
  Integer width;

  @Option(
      names = "--receiver",
      defaultValue = "model",
      description =
          "The receiver to replay against: exec:COMMAND (yours, in any language: starts it,"
              + " checks it over HTTP and stops it; e.g. exec:\"python3 receiver.py\"), http:URL (yours,"
              + " already running; e.g. http://127.0.0.1:8080; see docs/receiver-protocol.md),"
              + " class:NAME for a Receiver on the class path, postgres (PostgreSQL, embedded unless"
              + " --jdbc-url is given) or model (the default). Every receiver but the model is checked"
              + " against the model's invariants and, step by step, its decisions.")
  String receiver;

  @Mixin ReceiverAccessMixin access;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Path> files = new ArrayList<>();
    int exit = scenarioFiles(files, err);
    if (format == Format.html && files.size() != 1) {
      err.println(
          "inboxcheck replay: --format html writes one page: give exactly one scenario file,"
              + " not "
              + files.size());
      return ExitCodes.REJECTED;
    }
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, Receiver> receivers = access.receivers(receiver, problem);
    if (receivers == null) {
      err.println("inboxcheck replay: " + problem);
      return ExitCodes.REJECTED;
    }
    if (width != null && width < NARROWEST_WIDTH) {
      err.println(
          "inboxcheck replay: --width must be at least " + NARROWEST_WIDTH + ", got " + width);
      return ExitCodes.REJECTED;
    }
    try {
      return Math.max(exit, replayAll(files, receivers, out, err));
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        close(closeable);
      }
    }
  }

  /**
   * Adds the scenario files the paths name to {@code files}, a folder's in path order, and returns
   * REJECTED when a folder holds none (after saying so), else OK.
   */
  private int scenarioFiles(List<Path> files, PrintWriter err) {
    int exit = ExitCodes.OK;
    for (Path path : paths) {
      if (!Files.isDirectory(path)) {
        files.add(path);
        continue;
      }
      List<Path> under = ScenarioFolder.files(path);
      if (under.isEmpty()) {
        err.println(path + ": no scenario files (*.json) in this folder or below it");
        exit = ExitCodes.REJECTED;
      }
      files.addAll(under);
    }
    return exit;
  }

  static void close(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      throw new IllegalStateException("cannot release the receiver's resources", e);
    }
  }

  private int replayAll(
      List<Path> files,
      Function<ReceiverSetup, Receiver> receivers,
      PrintWriter out,
      PrintWriter err) {
    // The model checked against itself would be a check that cannot fail; other receivers are
    // held to the model's decisions as well as to the invariants.
    CheckedRun.Checks checks =
        "model".equals(receiver)
            ? CheckedRun.Checks.INVARIANTS
            : CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE;
    ScenarioReader reader = new ScenarioReader();
    ReplayOutput output =
        new ReplayOutput(format, lineWidth(), files.size(), !"model".equals(receiver), out);
    int exit = ExitCodes.OK;
    ReplayTally tally = new ReplayTally();
    for (Path file : files) {
      Scenario scenario;
      try {
        scenario = reader.read(file);
      } catch (InputRejected rejected) {
        err.println(rejected.getMessage());
        tally.rejected(file);
        exit = Math.max(exit, ExitCodes.REJECTED);
        continue;
      }
      if (scenario.settleAfter() != null && DecidedLater.appliesTo(receivers)) {
        boolean failed = replaySettled(file, scenario, receivers, out, err);
        tally.settled(file, scenario.steps().size(), failed);
        exit = failed ? Math.max(exit, ExitCodes.FAILED) : exit;
        continue;
      }
      CheckedRun.Result result = CheckedRun.run(scenario, receivers, checks);
      History history = result.history();
      Optional<ReplayStop> stop =
          result.violation().map(violation -> new ReplayStop(violation, scenario.steps().size()));
      output.print(result, stop);
      if (stop.isPresent()) {
        err.println(file + ": " + stop.get().violation().describe());
        err.flush();
        exit = Math.max(exit, ExitCodes.FAILED);
      }
      if (!history.expectationsHold()) {
        printDifference(err, file, history.expectations());
        exit = Math.max(exit, ExitCodes.FAILED);
      }
      tally.replayed(file, history, stop.isPresent() || !history.expectationsHold());
    }
    output.finish();
    if (files.size() > 1) {
      // JSON stays one document on stdout; the line that sums it up goes beside it.
      PrintWriter summary = format == Format.table || format == Format.markdown ? out : err;
      summary.println(tally.line());
      summary.flush();
    }
    return exit;
  }

  /**
   * Replays a file that lists its settles against a receiver that decides later (SPEC section 3.6):
   * deliveries queue between the settles, and the run is judged as {@code check} judges it. The
   * steps' expectations assume decisions at once and are not checked here. True when it failed.
   */
  private static boolean replaySettled(
      Path file,
      Scenario scenario,
      Function<ReceiverSetup, Receiver> receivers,
      PrintWriter out,
      PrintWriter err) {
    SettledRun.Result result;
    try (Receiver receiver = receivers.apply(scenario.setup())) {
      result = SettledRun.run(scenario, receiver);
    }
    if (result.passed()) {
      out.println(
          file
              + ": "
              + Counted.of(scenario.steps().size(), "step")
              + ", "
              + Counted.of(result.settles(), "settle")
              + " (at most "
              + result.mostPendingAtSettle()
              + " pending): every acknowledged delivery decided once, as the model decides"
              + " in the audit's order");
      out.flush();
      return false;
    }
    result.found().forEach(found -> err.println(file + ": " + found.line()));
    err.flush();
    return true;
  }

  /** --width, else the terminal's COLUMNS when stdout is a terminal, else the default. */
  private int lineWidth() {
    if (width != null) {
      return width;
    }
    String columns = System.getenv("COLUMNS");
    if (System.console() != null && columns != null && columns.matches("\\d{2,4}")) {
      return Math.max(NARROWEST_WIDTH, Integer.parseInt(columns));
    }
    return DEFAULT_WIDTH;
  }

  private static void printDifference(PrintWriter err, Path file, ExpectationReport report) {
    err.println(
        file
            + ": "
            + report.failures().size()
            + " of "
            + Counted.of(report.checked(), "expected fact")
            + " failed:");
    for (ExpectationReport.Mismatch mismatch : report.failures()) {
      err.println("  " + mismatch.describe());
    }
    err.flush();
  }
}
