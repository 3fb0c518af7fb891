package io.inboxcheck.harness;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
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
import java.util.List;
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
    Counterexamples.writePage(file, shrunk, receivers, checks, violation);
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
    // A step invariant may break before the orders can be compared: report that one, with the
    // order that broke it, rather than calling every failure of this property ORDER_INDEPENDENT.
    Scenario failing = shrunk.reordered();
    Violation violation =
        new Violation(
            Invariant.ORDER_INDEPENDENT,
            0,
            "run",
            "the same final cards in both orders",
            failure.message());
    for (Scenario order : List.of(shrunk.original(), shrunk.reordered())) {
      Optional<Violation> stepViolation =
          CheckedRun.run(order, receivers, CheckedRun.Checks.INVARIANTS).violation();
      if (stepViolation.isPresent()) {
        violation = stepViolation.get();
        failing = order;
        break;
      }
    }
    Path file =
        Counterexamples.write(
            counterexampleFolder,
            failing,
            receiverName + "-" + violation.invariant() + "-" + result.seed(),
            new Counterexamples.Failure(
                property.name(), receiverName, violation, result.seed(), failure.shrunkChoices()));
    Counterexamples.writePage(file, failing, receivers, CheckedRun.Checks.INVARIANTS, violation);
    return new PropertyOutcome(
        result, receiverName, Optional.of(violation), Optional.of(file), failing.steps().size());
  }
}
