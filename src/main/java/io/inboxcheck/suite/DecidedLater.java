package io.inboxcheck.suite;

import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.concurrent.SettledRun;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.generate.SettlePoints;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ScenarioScript;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The property a receiver that acknowledges on acceptance (SPEC section 3.6) is held to besides the
 * others: fault sequences whose deliveries queue between settles drawn from the engine's choices
 * ({@link SettlePoints}), each run by {@link SettledRun}. Its coverage says whether the queue was
 * exercised: settles that found several deliveries pending, and a receiver deciding in another
 * order than the deliveries arrived, each with a floor. A failure is shrunk like any property's,
 * written as a counterexample file with its {@code settle_after}, and told with the replay command.
 */
public final class DecidedLater {
  /** Deliveries a settle must find queued for the case to count as settling a queue. */
  public static final int QUEUE = 2;

  public static final String SETTLED_A_QUEUE = "settle:" + QUEUE + " or more pending";
  public static final String OUT_OF_ARRIVAL_ORDER = "settle:decided out of arrival order";

  private DecidedLater() {}

  /** Whether receivers of this factory declare that they acknowledge on acceptance. */
  public static boolean appliesTo(Function<ReceiverSetup, Receiver> receivers) {
    ReceiverSetup empty =
        new ReceiverSetup(new TreeMap<>(), Set.of(), Duration.ZERO, Instant.EPOCH);
    try (Receiver probe = receivers.apply(empty)) {
      return probe.acknowledgesOnAcceptance();
    }
  }

  /** The property for one receiver factory, over scenarios shaped by {@code generation}. */
  public static Property<Scenario> property(
      String receiverName, Function<ReceiverSetup, Receiver> receivers, Generation generation) {
    ScenarioGenerator generator = new ScenarioGenerator(generation);
    return Property.<Scenario>of(
            "deliveries decided later keep every invariant ("
                + receiverName
                + generation.nameSuffix()
                + ")",
            choices -> SettlePoints.scenario(choices, generator, "counterexample"),
            (scenario, context) -> {
              SettledRun.Result result = run(scenario, receivers);
              context.count("steps", scenario.steps().size());
              context.count("settles", result.settles());
              if (result.mostPendingAtSettle() >= QUEUE) {
                context.label(SETTLED_A_QUEUE);
              }
              if (result.decidedOutOfArrivalOrder()) {
                context.label(OUT_OF_ARRIVAL_ORDER);
              }
              return result.passed()
                  ? Verdict.pass()
                  : Verdict.fail(result.signature(), lines(result));
            })
        .withRenderer(ScenarioScript::render)
        .withTriesMultiplier(ReceiverProperties.FAULT_SEQUENCE_TRIES_MULTIPLIER)
        .requireCoverage(SETTLED_A_QUEUE, RequiredCoverage.COMMON)
        .requireCoverage(OUT_OF_ARRIVAL_ORDER, RequiredCoverage.RARE);
  }

  private static SettledRun.Result run(
      Scenario scenario, Function<ReceiverSetup, Receiver> receivers) {
    try (Receiver receiver = receivers.apply(scenario.setup())) {
      return SettledRun.run(scenario, receiver);
    }
  }

  private static String lines(SettledRun.Result result) {
    return String.join("\n", result.found().stream().map(SettledRun.Found::line).toList());
  }

  /**
   * Runs the property; on a failure, writes the shrunk case as a counterexample file (its settles
   * included) and tells what the receiver did, with the commands that replay it.
   */
  public static PropertyReport check(
      String receiverName,
      Function<ReceiverSetup, Receiver> receivers,
      Generation generation,
      RunConfig config,
      Path folder,
      Optional<String> receiverArguments) {
    return check(receiverName, Jobs.one(receivers), generation, config, folder, receiverArguments);
  }

  /** As above, the tries on every job at once and the failure shrunk on job 0. */
  public static PropertyReport check(
      String receiverName,
      Jobs jobs,
      Generation generation,
      RunConfig config,
      Path folder,
      Optional<String> receiverArguments) {
    Function<ReceiverSetup, Receiver> receivers = jobs.first();
    Property<Scenario> property = property(receiverName, receivers, generation);
    PropertyResult<Scenario> result =
        jobs.run(property, job -> property(receiverName, job, generation), config);
    if (result.failure().isEmpty() || result.failure().get().shrunkValue() == null) {
      return PropertyReport.withoutFailure(result, receiverName);
    }
    PropertyResult.Failure<Scenario> failure = result.failure().get();
    Scenario shrunk = failure.shrunkValue();
    PropertyHarness.ReceiverTypes types = new PropertyHarness.ReceiverTypes(receivers);
    SettledRun.Result rerun = run(shrunk, types);
    // Where a worker's order is the scheduler's, a rerun may pass: the shrinker's run is the one
    // told then, from the message it kept.
    List<String> found =
        rerun.passed()
            ? List.of(failure.message().split("\n"))
            : rerun.found().stream().map(SettledRun.Found::line).toList();
    Violation violation = violation(rerun, found.get(0));
    Path file =
        Counterexamples.writeShrunk(folder, shrunk, property, result, receiverName, violation);
    List<String> lines = new ArrayList<>();
    lines.add(
        "Property '"
            + property.name()
            + "' FAILED on "
            + receiverName
            + ": "
            + violation.invariant()
            + " broken "
            + where(rerun));
    lines.add("  invariant: " + violation.invariant().statement());
    found.forEach(line -> lines.add("  " + line));
    lines.add(
        "  found on try "
            + (failure.tryIndex() + 1)
            + " with seed "
            + result.seed()
            + " (reproduce with --seed "
            + result.seed()
            + "), shrunk to "
            + shrunk.steps().size()
            + " steps in "
            + failure.shrinkStepsAccepted()
            + " shrink steps");
    lines.add("  " + failure.shrinkStop().sentence());
    lines.add("Scenario, settled where it says (and after its last step):");
    ScenarioScript.render(shrunk).lines().forEach(line -> lines.add("  " + line));
    ReplayCommands.of(
            receiverName,
            types.last(),
            receiverArguments.or(
                () -> Optional.ofNullable(types.lastChoice()).map(ReplayCommands::receiverOption)),
            file)
        .forEach(
            replay -> lines.add("Replay against " + replay.against() + ": " + replay.command()));
    return new PropertyReport(
        result,
        receiverName,
        Optional.of(violation),
        Optional.of(file),
        shrunk.steps().size(),
        Optional.empty(),
        Optional.of(String.join("\n", lines) + "\n"));
  }

  private static String where(SettledRun.Result result) {
    if (result.found().isEmpty()) {
      return "in the shrinker's run (a rerun passed; the scheduler chose otherwise)";
    }
    SettledRun.Found first = result.found().get(0);
    return (first.settled() ? "at the settle after step " : "after step ") + first.step();
  }

  /** The invariant a settled run's first problem breaks, as the reports name it. */
  private static Violation violation(SettledRun.Result result, String line) {
    SettledRun.Problem problem =
        result.found().isEmpty()
            ? SettledRun.Problem.NOT_THE_MODELS
            : result.found().get(0).problem();
    Invariant invariant =
        switch (problem) {
          case LOST, DECIDED_TWICE, NOT_SETTLED -> Invariant.NOTHING_LOST;
          case AUDIT_CHANGED -> Invariant.AUDIT_APPEND_ONLY;
          case RECEIVER_FAILED -> Invariant.RECEIVER_ANSWERS;
          case REFUSED, NOT_THE_MODELS, INVARIANT -> Invariant.CONFORMANCE;
        };
    int step = result.found().isEmpty() ? 0 : result.found().get(0).step();
    return Violation.of(
        invariant,
        step,
        "settle",
        Facts.of("a receiver deciding later", "keeps " + problem.expectation()),
        Facts.of("found", line));
  }
}
