package io.inboxcheck.cli;

import io.inboxcheck.explore.ExplorableReceiver;
import io.inboxcheck.explore.Exploration;
import io.inboxcheck.explore.ExplorationCounterexamples;
import io.inboxcheck.explore.ExplorationJson;
import io.inboxcheck.explore.ExplorationText;
import io.inboxcheck.explore.Explorer;
import io.inboxcheck.explore.Reduction;
import io.inboxcheck.explore.StateLimitExceeded;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
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

/** {@code explore FILE}: checks every arrival order of a scenario's deliveries. */
@Command(
    name = "explore",
    mixinStandardHelpOptions = true,
    description =
        "Runs every arrival order of the scenario's deliveries (identical deliveries are one"
            + " class; reconcile and advance steps keep their places; delivery slots keep the file's"
            + " times), checks every invariant after every step and the whole-run properties, and"
            + " reports the distribution of outcomes over orders. A violating order is written as a"
            + " scenario file. Exit codes: 0 everything holds in every order, 1 a property broke"
            + " (counterexample files written), 2 the input was rejected or the search exceeded"
            + " --max-states (nothing concluded).")
final class ExploreCommand implements Callable<Integer> {

  /** Output formats of an exploration. */
  enum Format {
    table,
    markdown,
    json
  }

  @Spec CommandSpec spec;

  @Parameters(arity = "1", paramLabel = "FILE", description = "A scenario file (SPEC section 9).")
  Path file;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table (default), markdown or json.")
  Format format;

  @Option(
      names = "--max-states",
      paramLabel = "N",
      description = "Stop after N distinct states (default: ${DEFAULT-VALUE}).")
  long maxStates = Explorer.DEFAULT_MAX_STATES;

  @Option(
      names = "--reduction",
      defaultValue = "FULL",
      description =
          "FULL (default): memoised states and independent card groups searched apart; MEMO:"
              + " memoised states only; NONE: every order on its own path (slow).")
  Reduction reduction;

  @Option(
      names = "--receiver",
      defaultValue = "model",
      description =
          "model (default), or class:NAME for an ExplorableReceiver on the class path with a"
              + " public constructor taking a ReceiverSetup.")
  String receiver;

  @Option(
      names = "--counterexamples",
      paramLabel = "DIR",
      defaultValue = "reports/counterexamples",
      description = "Where violating orders are written (default: ${DEFAULT-VALUE}).")
  Path counterexamples;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Scenario scenario;
    try {
      scenario = new ScenarioReader().read(file);
    } catch (InputRejected rejected) {
      err.println(rejected.getMessage());
      return ExitCodes.REJECTED;
    }
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, ExplorableReceiver> receivers = receivers(scenario, problem);
    if (receivers == null) {
      err.println("inboxcheck explore: " + problem);
      return ExitCodes.REJECTED;
    }
    Exploration exploration;
    try {
      exploration =
          Explorer.explore(scenario, receivers, new Explorer.Options(reduction, maxStates));
    } catch (IllegalArgumentException | StateLimitExceeded rejected) {
      err.println("inboxcheck explore: " + file + ": " + rejected.getMessage());
      return ExitCodes.REJECTED;
    }
    List<Path> files = ExplorationCounterexamples.write(exploration, counterexamples);
    out.print(
        switch (format) {
          case json -> ExplorationJson.render(exploration, files);
          case markdown ->
              ExplorationText.render(exploration, ExplorationText.Layout.MARKDOWN, files);
          case table -> ExplorationText.render(exploration, ExplorationText.Layout.TABLE, files);
        });
    out.flush();
    if (exploration.holds()) {
      return ExitCodes.OK;
    }
    for (int index = 0; index < files.size(); index++) {
      Exploration.Counterexample example = exploration.counterexamples().get(index);
      err.println(file + ": " + example.found());
      err.println(
          "  order written to "
              + files.get(index)
              + "; replay it with: replay --receiver "
              + receiver
              + " "
              + files.get(index));
    }
    err.flush();
    return ExitCodes.FAILED;
  }

  private Function<ReceiverSetup, ExplorableReceiver> receivers(
      Scenario scenario, StringBuilder problem) {
    if ("model".equals(receiver)) {
      return ExplorableReceiver::model;
    }
    Function<ReceiverSetup, Receiver> any = ReceiverChoice.parse(receiver, problem);
    if (any == null) {
      return null;
    }
    boolean explorable;
    try (Receiver probe = any.apply(scenario.setup())) {
      explorable = probe instanceof ExplorableReceiver;
    }
    if (!explorable) {
      // A factory that started something for the probe (postgres starts a server) stops it here.
      if (any instanceof AutoCloseable factory) {
        ReplayCommand.close(factory);
      }
      problem
          .append(receiver)
          .append(" does not implement ")
          .append(ExplorableReceiver.class.getName())
          .append(", which explore needs to copy and compare states");
      return null;
    }
    return setup -> (ExplorableReceiver) any.apply(setup);
  }
}
