package io.inboxcheck.harness;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.generate.OrderCase;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs receiver properties through the engine and, on failure, writes the shrunk scenario as a
 * counterexample file. Running (engine), recording (files) and checking (invariants) stay apart.
 */
public final class PropertyHarness {
  private final RunConfig config;
  private final Path counterexampleFolder;

  public PropertyHarness(RunConfig config, Path counterexampleFolder) {
    this.config = config;
    this.counterexampleFolder = counterexampleFolder;
  }

  /** The fault-sequence property for one receiver. */
  public PropertyOutcome faultSequences(
      String receiverName, Function<ReceiverSetup, Receiver> receivers, CheckedRun.Checks checks) {
    Property<Scenario> property =
        ReceiverProperties.faultSequences(receiverName, receivers, checks);
    PropertyResult<Scenario> result = PropertyRunner.run(property, config);
    if (result.failure().isEmpty() || result.failure().get().shrunkValue() == null) {
      return new PropertyOutcome(result, receiverName, Optional.empty(), Optional.empty(), 0);
    }
    PropertyResult.Failure<Scenario> failure = result.failure().get();
    Scenario shrunk = failure.shrunkValue();
    Violation violation = Counterexamples.violationOf(shrunk, receivers, checks);
    Path file =
        Counterexamples.write(
            counterexampleFolder,
            shrunk,
            receiverName + "-" + violation.invariant() + "-" + result.seed(),
            new Counterexamples.Failure(
                property.name(), receiverName, violation, result.seed(), failure.shrunkChoices()));
    return new PropertyOutcome(
        result, receiverName, Optional.of(violation), Optional.of(file), shrunk.steps().size());
  }

  /** The order-independence property for one receiver. */
  public PropertyOutcome orderIndependence(
      String receiverName, Function<ReceiverSetup, Receiver> receivers) {
    Property<OrderCase> property = ReceiverProperties.orderIndependence(receiverName, receivers);
    PropertyResult<OrderCase> result = PropertyRunner.run(property, config);
    if (result.failure().isEmpty() || result.failure().get().shrunkValue() == null) {
      return new PropertyOutcome(result, receiverName, Optional.empty(), Optional.empty(), 0);
    }
    PropertyResult.Failure<OrderCase> failure = result.failure().get();
    OrderCase shrunk = failure.shrunkValue();
    Violation violation =
        new Violation(
            io.inboxcheck.check.Invariant.ORDER_INDEPENDENT,
            0,
            "run",
            "the same final cards in both orders",
            failure.message());
    Path file =
        Counterexamples.write(
            counterexampleFolder,
            shrunk.reordered(),
            receiverName + "-ORDER_INDEPENDENT-" + result.seed(),
            new Counterexamples.Failure(
                property.name(), receiverName, violation, result.seed(), failure.shrunkChoices()));
    return new PropertyOutcome(
        result,
        receiverName,
        Optional.of(violation),
        Optional.of(file),
        shrunk.reordered().steps().size());
  }
}
