package io.inboxcheck.suite;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.SkippedCheck;
import io.inboxcheck.concurrent.SettledRun;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.explore.ExplorableReceiver;
import io.inboxcheck.explore.Exploration;
import io.inboxcheck.explore.ExplorationCounterexamples;
import io.inboxcheck.explore.Explorer;
import io.inboxcheck.explore.ReplayedOrders;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Holds one receiver to everything inboxcheck checks, in three parts: the scenario files, the two
 * generated properties (fault sequences, arrival order) with shrinking, and optionally every
 * arrival order of one scenario. Works for any receiver factory: a receiver that can copy and
 * fingerprint itself is explored with state memoisation, any other has each order replayed from a
 * fresh receiver, bounded. Running lives here; {@link CheckSummary} renders and writes the reports.
 *
 * @param receiver the receiver as the person named it, e.g. {@code class:com.example.Inbox}
 * @param receiverName the receiver's name in property names, seeds and counterexample files, from
 *     {@link ReceiverNames#fileSafe} of the whole {@code receiver}
 * @param replayArguments the arguments that choose this receiver on the command line
 * @param receivers makes one receiver per scenario
 * @param config tries, seed, shard and time budget of the properties
 * @param reports the folder of the check's reports; counterexamples go below it
 * @param generation the provider and retention the fault sequences follow
 * @param jobs the receivers of each job the properties' tries run on at once, job 0's being {@code
 *     receivers}; the scenario files, {@code --explore}, the retention horizon and shrinking run on
 *     job 0 alone
 */
public record ReceiverCheck(
    String receiver,
    String receiverName,
    String replayArguments,
    Function<ReceiverSetup, Receiver> receivers,
    RunConfig config,
    Path reports,
    Generation generation,
    Jobs jobs) {

  public ReceiverCheck {
    if (jobs.first() != receivers) {
      throw new IllegalArgumentException("job 0 runs the check's own receivers");
    }
  }

  /** A check of one job. */
  public ReceiverCheck(
      String receiver,
      String receiverName,
      String replayArguments,
      Function<ReceiverSetup, Receiver> receivers,
      RunConfig config,
      Path reports,
      Generation generation) {
    this(
        receiver,
        receiverName,
        replayArguments,
        receivers,
        config,
        reports,
        generation,
        Jobs.one(receivers));
  }

  /** The same check with the properties' tries on {@code newJobs}, job 0's its receivers. */
  public ReceiverCheck withJobs(Jobs newJobs) {
    return new ReceiverCheck(
        receiver,
        receiverName,
        replayArguments,
        newJobs.first(),
        config,
        reports,
        generation,
        newJobs);
  }

  /** A check whose fault sequences are generated as they always were. */
  public ReceiverCheck(
      String receiver,
      String receiverName,
      String replayArguments,
      Function<ReceiverSetup, Receiver> receivers,
      RunConfig config,
      Path reports) {
    this(receiver, receiverName, replayArguments, receivers, config, reports, Generation.DEFAULT);
  }

  /** The model is held to the invariants; every other receiver also to the model's decisions. */
  CheckedRun.Checks checks() {
    return "model".equals(receiver)
        ? CheckedRun.Checks.INVARIANTS
        : CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE;
  }

  Path counterexamples() {
    return reports.resolve("counterexamples");
  }

  /** Every scenario file, with its expectations and the invariants (and conformance). */
  public ScenariosPart scenarios(Path folder, List<Scenario> scenarios) {
    List<ScenarioFailure> failures = new ArrayList<>();
    Set<Observable> shown = shown();
    boolean decidesLater =
        scenarios.stream().anyMatch(scenario -> scenario.settleAfter() != null)
            && DecidedLater.appliesTo(receivers);
    for (Scenario scenario : scenarios) {
      PropertyHarness.ReceiverTypes typed = new PropertyHarness.ReceiverTypes(receivers);
      if (decidesLater && scenario.settleAfter() != null) {
        // Its deliveries queue between the settles the file lists; judged as check judges them.
        SettledRun.Result settled;
        try (Receiver receiver = typed.apply(scenario.setup())) {
          settled = SettledRun.run(scenario, receiver);
        }
        if (!settled.passed()) {
          failures.add(
              new ScenarioFailure(
                  scenario.source(),
                  settled.found().stream().map(SettledRun.Found::line).toList(),
                  replay(typed, scenario.source())));
        }
        continue;
      }
      CheckedRun.Result result = CheckedRun.run(scenario, typed, checks());
      List<String> problems = new ArrayList<>();
      result.violation().ifPresent(violation -> problems.add(violation.describe()));
      ExpectationReport expectations = result.history().expectations();
      // Facts the receiver does not show (decisions, pruned ids) cannot be held against it.
      List<ExpectationReport.Mismatch> mismatches =
          expectations.failures().stream()
              .filter(mismatch -> SkippedCheck.comparable(mismatch, shown))
              .toList();
      if (!mismatches.isEmpty()) {
        problems.add(
            mismatches.size() + " of " + expectations.checked() + " expected facts failed:");
        mismatches.forEach(mismatch -> problems.add("  " + mismatch.describe()));
      }
      if (!problems.isEmpty()) {
        failures.add(
            new ScenarioFailure(scenario.source(), problems, replay(typed, scenario.source())));
      }
    }
    return new ScenariosPart(folder, scenarios.size(), failures, skipped(shown));
  }

  /** The checks this receiver's observation level cannot support, conformance included. */
  List<SkippedCheck> skipped(Set<Observable> shown) {
    Set<Invariant> enabled = EnumSet.copyOf(Invariant.allModelFree());
    if (checks() == CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE) {
      enabled.add(Invariant.CONFORMANCE);
    }
    return SkippedCheck.of(enabled, shown);
  }

  /** What this check's receiver lets the harness observe. */
  Set<Observable> shown() {
    return CheckedRun.shownBy(receivers);
  }

  /** The fault-sequence property, then the order property, each shrinking its failure. */
  public List<PropertyPart> properties() {
    PropertyHarness harness =
        new PropertyHarness(config, counterexamples())
            .replayingWith(replayArguments)
            .generating(generation);
    Property<?> faults =
        ReceiverProperties.faultSequences(
            receiverName, receivers, checks(), Invariant.allModelFree(), generation);
    Property<?> orders = ReceiverProperties.orderIndependence(receiverName, receivers);
    List<PropertyPart> parts = new ArrayList<>();
    parts.add(
        new PropertyPart(
            "fault sequences",
            harness.faultSequences(receiverName, jobs, checks()),
            PropertyRunner.plannedTries(faults, config),
            PropertyRunner.totalTries(faults, config)));
    parts.add(
        new PropertyPart(
            "arrival orders",
            harness.orderIndependence(receiverName, jobs),
            PropertyRunner.plannedTries(orders, config),
            PropertyRunner.totalTries(orders, config)));
    if (DecidedLater.appliesTo(receivers)) {
      Property<?> later = DecidedLater.property(receiverName, receivers, generation);
      parts.add(
          new PropertyPart(
              "deliveries decided later",
              DecidedLater.check(
                  receiverName,
                  jobs,
                  generation,
                  config,
                  counterexamples(),
                  Optional.ofNullable(replayArguments)),
              PropertyRunner.plannedTries(later, config),
              PropertyRunner.totalTries(later, config)));
    }
    return List.copyOf(parts);
  }

  /**
   * With a provider, the retention-horizon check: its last automatic retry brings a changed payload
   * under an id this receiver applied, after the retention it was given.
   */
  public Optional<RetentionHorizon.Outcome> retentionHorizon() {
    return generation
        .schedule()
        .map(
            schedule ->
                RetentionHorizon.check(
                    schedule.profile(),
                    generation.retention(),
                    receivers,
                    checks(),
                    counterexamples()));
  }

  /**
   * Every arrival order of {@code scenario}: explored when the receiver can copy itself, else
   * replayed order by order from fresh receivers, at most {@code maxOrders} of them.
   *
   * @throws IllegalArgumentException when the explorer cannot take the scenario
   * @throws io.inboxcheck.explore.StateLimitExceeded when the search needs too many states
   */
  public ExplorePart explore(Scenario scenario, long maxOrders) {
    PropertyHarness.ReceiverTypes typed = new PropertyHarness.ReceiverTypes(receivers);
    Function<ReceiverSetup, ExplorableReceiver> explorable = explorable(scenario, typed);
    if (explorable != null) {
      Exploration exploration = Explorer.explore(scenario, explorable, Explorer.Options.DEFAULTS);
      List<Path> files = ExplorationCounterexamples.write(exploration, counterexamples());
      Optional<String> found =
          exploration.counterexamples().stream().findFirst().map(Exploration.Counterexample::found);
      return new ExplorePart(
          scenario.source(),
          true,
          exploration.orders(),
          Long.toString(exploration.orders()),
          exploration.violatingOrders().getOrDefault(Exploration.ANY, 0L),
          found,
          files.stream().findFirst(),
          files.stream().findFirst().map(file -> replay(typed, file.toString())));
    }
    ReplayedOrders.Result result = ReplayedOrders.run(scenario, typed, checks(), maxOrders);
    Optional<Path> file = result.first().map(found -> writeOrder(scenario, found));
    return new ExplorePart(
        scenario.source(),
        false,
        result.ordersChecked(),
        result.ordersInAll().toString(),
        result.violatingOrders().values().stream().mapToLong(Long::longValue).sum(),
        result.first().map(found -> found.violation().describe()),
        file,
        file.map(path -> replay(typed, path.toString())));
  }

  private Path writeOrder(Scenario scenario, ReplayedOrders.Found found) {
    Path file =
        Counterexamples.write(
            counterexamples(),
            found.order(),
            "explore-" + scenario.name() + "-" + receiverName + "-" + found.property(),
            new Counterexamples.Failure(
                "every arrival order of " + scenario.source(),
                receiverName,
                found.violation(),
                0,
                null,
                null));
    Counterexamples.writePage(file, found.run(), found.violation());
    return file;
  }

  /** The explorable form of the receiver, or null when it cannot copy itself. */
  private Function<ReceiverSetup, ExplorableReceiver> explorable(
      Scenario scenario, PropertyHarness.ReceiverTypes typed) {
    try (Receiver probe = typed.apply(scenario.setup())) {
      if (probe instanceof ModelReceiver) {
        return ExplorableReceiver::model;
      }
      if (probe instanceof ExplorableReceiver) {
        return setup -> (ExplorableReceiver) receivers.apply(setup);
      }
    }
    return null;
  }

  /** The command that replays {@code file} against this receiver. */
  private String replay(PropertyHarness.ReceiverTypes typed, String file) {
    Class<?> type = typed.last() == null ? ModelReceiver.class : typed.last();
    if (type == ModelReceiver.class) {
      return "java -jar " + ReplayCommands.JAR + " replay " + file;
    }
    return ReplayCommands.of(receiverName, type, Optional.of(replayArguments), Path.of(file))
        .get(0)
        .command();
  }

  /**
   * The scenario files' part: how many ran, which failed, and the checks the receiver's observation
   * level could not support.
   */
  public record ScenariosPart(
      Path folder, int files, List<ScenarioFailure> failures, List<SkippedCheck> skipped) {
    public boolean holds() {
      return failures.isEmpty();
    }
  }

  /** One scenario file the receiver failed: the broken invariant or expectations, and a replay. */
  public record ScenarioFailure(String file, List<String> problems, String replay) {}

  /** One property's part: its outcome, and the tries this shard planned out of the whole run's. */
  public record PropertyPart(String title, PropertyReport outcome, int planned, int total) {}

  /**
   * The arrival-order part.
   *
   * @param scenario the explored file
   * @param explored whether the explorer searched it (else orders were replayed one by one)
   * @param ordersChecked the orders checked
   * @param ordersInAll the scenario's distinct arrival orders, as a decimal number
   * @param violatingOrders the checked orders that broke something
   * @param found what the first violating order broke
   * @param counterexample the file of that order
   * @param replay the command that replays it against this receiver
   */
  public record ExplorePart(
      String scenario,
      boolean explored,
      long ordersChecked,
      String ordersInAll,
      long violatingOrders,
      Optional<String> found,
      Optional<Path> counterexample,
      Optional<String> replay) {

    public boolean holds() {
      return violatingOrders == 0;
    }

    public boolean complete() {
      return ordersInAll.equals(Long.toString(ordersChecked));
    }
  }
}
