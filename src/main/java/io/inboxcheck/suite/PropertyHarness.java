package io.inboxcheck.suite;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.generate.OrderCase;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.ReplayableReceiver;
import io.inboxcheck.report.FailureStory;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs receiver properties through the engine and, on failure, writes the shrunk scenario as a
 * counterexample file and tells its story. Running (engine), recording (files) and checking
 * (invariants) stay apart.
 */
public final class PropertyHarness {
  private final RunConfig config;
  private final Path counterexampleFolder;
  private final Optional<String> receiverArguments;
  private final Generation generation;

  public PropertyHarness(RunConfig config, Path counterexampleFolder) {
    this(config, counterexampleFolder, Optional.empty(), Generation.DEFAULT);
  }

  private PropertyHarness(
      RunConfig config,
      Path counterexampleFolder,
      Optional<String> receiverArguments,
      Generation generation) {
    this.config = config;
    this.counterexampleFolder = counterexampleFolder;
    this.receiverArguments = receiverArguments;
    this.generation = generation;
  }

  /**
   * A harness whose replay commands choose the receiver with {@code arguments}, as the person gave
   * them (e.g. {@code --receiver postgres}), instead of naming the class that failed: a receiver
   * the command line builds from a specification (a URL, a command) has no class to name.
   */
  public PropertyHarness replayingWith(String arguments) {
    return new PropertyHarness(config, counterexampleFolder, Optional.of(arguments), generation);
  }

  /** A harness whose fault sequences follow {@code newGeneration}: a provider, a retention. */
  public PropertyHarness generating(Generation newGeneration) {
    return new PropertyHarness(config, counterexampleFolder, receiverArguments, newGeneration);
  }

  /** The fault-sequence property for one receiver. */
  public PropertyReport faultSequences(
      String receiverName, Function<ReceiverSetup, Receiver> receivers, CheckedRun.Checks checks) {
    return faultSequences(receiverName, Jobs.one(receivers), checks);
  }

  /** The fault-sequence property, its tries on every job at once, shrunk on job 0. */
  public PropertyReport faultSequences(String receiverName, Jobs jobs, CheckedRun.Checks checks) {
    Function<ReceiverSetup, Receiver> receivers = jobs.first();
    Function<Function<ReceiverSetup, Receiver>, Property<Scenario>> forJob =
        job ->
            ReceiverProperties.faultSequences(
                receiverName, job, checks, Invariant.allModelFree(), generation);
    Property<Scenario> property = forJob.apply(receivers);
    PropertyResult<Scenario> result = jobs.run(property, forJob, config);
    if (result.failure().isEmpty() || result.failure().get().shrunkValue() == null) {
      return PropertyReport.withoutFailure(result, receiverName);
    }
    Scenario shrunk = result.failure().get().shrunkValue();
    ReceiverTypes types = new ReceiverTypes(receivers);
    CheckedRun.Result run = Counterexamples.rerun(shrunk, types, checks);
    return failed(property, result, receiverName, types, shrunk, run, run.violation().get());
  }

  /** The order-independence property for one receiver. */
  public PropertyReport orderIndependence(
      String receiverName, Function<ReceiverSetup, Receiver> receivers) {
    return orderIndependence(receiverName, Jobs.one(receivers));
  }

  /** The order-independence property, its tries on every job at once, shrunk on job 0. */
  public PropertyReport orderIndependence(String receiverName, Jobs jobs) {
    Function<ReceiverSetup, Receiver> receivers = jobs.first();
    Property<OrderCase> property = ReceiverProperties.orderIndependence(receiverName, receivers);
    PropertyResult<OrderCase> result =
        jobs.run(property, job -> ReceiverProperties.orderIndependence(receiverName, job), config);
    if (result.failure().isEmpty() || result.failure().get().shrunkValue() == null) {
      return PropertyReport.withoutFailure(result, receiverName);
    }
    PropertyResult.Failure<OrderCase> failure = result.failure().get();
    OrderCase shrunk = failure.shrunkValue();
    ReceiverTypes types = new ReceiverTypes(receivers);
    // A step invariant may break before the orders can be compared: report that one, with the
    // order that broke it, rather than calling every failure of this property ORDER_INDEPENDENT.
    for (Scenario order : List.of(shrunk.original(), shrunk.reordered())) {
      CheckedRun.Result run = CheckedRun.run(order, types, CheckedRun.Checks.INVARIANTS);
      if (run.violation().isPresent()) {
        return failed(property, result, receiverName, types, order, run, run.violation().get());
      }
    }
    Violation violation =
        Violation.of(
            Invariant.ORDER_INDEPENDENT,
            0,
            "run",
            Facts.of("final cards", "the same in both orders"),
            Facts.of("difference", failure.message()));
    Scenario reordered = shrunk.reordered();
    CheckedRun.Result run = CheckedRun.run(reordered, types, CheckedRun.Checks.INVARIANTS);
    return failed(property, result, receiverName, types, reordered, run, violation);
  }

  /**
   * Writes {@code failing} as the counterexample file and tells the story of its failure from the
   * checked {@code run} of it.
   */
  private PropertyReport failed(
      Property<?> property,
      PropertyResult<?> result,
      String receiverName,
      ReceiverTypes types,
      Scenario failing,
      CheckedRun.Result run,
      Violation violation) {
    PropertyResult.Failure<?> failure = result.failure().orElseThrow();
    Path file =
        Counterexamples.writeShrunk(
            counterexampleFolder, failing, property, result, receiverName, violation);
    Counterexamples.writePage(file, run, violation);
    FailureStory story =
        new FailureStory(
            property.name(),
            receiverName,
            result.seed(),
            receiverArguments.isPresent()
                ? "--seed " + result.seed() + ProviderSettings.options(generation)
                : "-Dinboxcheck.seed=" + result.seed() + ProviderSettings.properties(generation),
            failure.fromDatabase() ? "the stored example" : "try " + (failure.tryIndex() + 1),
            failure.shrinkStepsAccepted(),
            failure.shrinkStop().sentence(),
            violation,
            run.history(),
            run.referenceHistory(),
            ReplayCommands.of(
                receiverName,
                types.last(),
                receiverArguments.or(
                    () ->
                        Optional.ofNullable(types.lastChoice())
                            .map(ReplayCommands::receiverOption)),
                file));
    return new PropertyReport(
        result,
        receiverName,
        Optional.of(violation),
        Optional.of(file),
        failing.steps().size(),
        Optional.of(story));
  }

  /**
   * A receiver factory that remembers the class it last made, so a failure can name the receiver
   * class that {@code replay --receiver class:NAME} should load, or the {@code --receiver} value a
   * {@link ReplayableReceiver} (e.g. one over HTTP) gives.
   */
  static final class ReceiverTypes implements Function<ReceiverSetup, Receiver> {
    private final Function<ReceiverSetup, Receiver> receivers;
    private Class<?> last;
    private String lastChoice;

    ReceiverTypes(Function<ReceiverSetup, Receiver> receivers) {
      this.receivers = receivers;
    }

    @Override
    public Receiver apply(ReceiverSetup setup) {
      Receiver receiver = receivers.apply(setup);
      // A contract receiver is replayed by its own class, which the command line wraps again.
      last =
          receiver instanceof ContractAdapter adapter
              ? adapter.receiver().getClass()
              : receiver.getClass();
      lastChoice =
          receiver instanceof ReplayableReceiver replayable ? replayable.receiverChoice() : null;
      return receiver;
    }

    String lastChoice() {
      return lastChoice;
    }

    Class<?> last() {
      return last;
    }
  }
}
