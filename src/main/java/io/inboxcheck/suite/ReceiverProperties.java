package io.inboxcheck.suite;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.engine.ExceptionSignatures;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.generate.OrderCase;
import io.inboxcheck.generate.OrderCaseGenerator;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ScenarioScript;
import io.inboxcheck.scenario.Scenario;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The properties every receiver is held to: the invariants after every step of generated fault
 * sequences, and order independence. Each property is built for one receiver factory.
 */
public final class ReceiverProperties {
  /** Generated scenarios per property: a few hundred in the default run, more when thorough. */
  public static final double FAULT_SEQUENCE_TRIES_MULTIPLIER = 5;

  private ReceiverProperties() {}

  /** Every SPEC section 7 invariant after every step of a generated fault sequence. */
  public static Property<Scenario> faultSequences(
      String receiverName, Function<ReceiverSetup, Receiver> receivers, CheckedRun.Checks checks) {
    return faultSequences(receiverName, receivers, checks, Invariant.allModelFree());
  }

  /**
   * The fault-sequence property reporting only the {@code invariants} given; with fewer than all
   * model-free invariants its name says which, so its seed and stored examples are its own.
   */
  public static Property<Scenario> faultSequences(
      String receiverName,
      Function<ReceiverSetup, Receiver> receivers,
      CheckedRun.Checks checks,
      Set<Invariant> invariants) {
    return faultSequences(receiverName, receivers, checks, invariants, Generation.DEFAULT);
  }

  /**
   * The fault-sequence property over scenarios shaped by {@code generation}: a provider's
   * redelivery timing and a retention, each named in the property's name when not the default.
   */
  public static Property<Scenario> faultSequences(
      String receiverName,
      Function<ReceiverSetup, Receiver> receivers,
      CheckedRun.Checks checks,
      Set<Invariant> invariants,
      Generation generation) {
    String name =
        "fault sequences keep every invariant ("
            + receiverName
            + ", "
            + checksName(checks)
            + selectionName(invariants)
            + generation.nameSuffix()
            + ")";
    ScenarioGenerator generator = new ScenarioGenerator(generation);
    Set<Observable> shown = CheckedRun.shownBy(receivers);
    // Generation coverage is about the scenarios; a receiver that shows no decisions is labelled
    // by what the reference model decided over the same steps.
    boolean decisions = shown.contains(Observable.DECISION);
    Property<Scenario> property =
        Property.<Scenario>of(
                name,
                choices -> generator.generate(choices, "counterexample"),
                (scenario, context) -> {
                  CheckedRun.Result result =
                      CheckedRun.run(scenario, receivers, checks, invariants);
                  Labels.of(
                          decisions ? result.history() : result.referenceHistory(),
                          result.exercised())
                      .forEach(context::label);
                  Labels.ofSpelling(scenario).forEach(context::label);
                  generation
                      .schedule()
                      .ifPresent(s -> Labels.ofProvider(scenario, s).forEach(context::label));
                  EdgeLabels.ofScenario(scenario).forEach(context::label);
                  ValueLabels.ofScenario(scenario).forEach(context::label);
                  TwinLabels.ofScenario(scenario).forEach(context::label);
                  EdgeLabels.ofHistory(result.referenceHistory()).forEach(context::label);
                  context.count("steps", result.history().steps().size());
                  result
                      .exercised()
                      .forEach(
                          (invariant, count) -> context.count("exercised:" + invariant, count));
                  return verdict(result);
                })
            .withRenderer(ScenarioScript::render)
            .withTriesMultiplier(FAULT_SEQUENCE_TRIES_MULTIPLIER);
    for (Map.Entry<String, Double> required :
        RequiredCoverage.forFaultSequences(shown, generation).entrySet()) {
      property = property.requireCoverage(required.getKey(), required.getValue());
    }
    return property;
  }

  /**
   * ORDER_INDEPENDENT: the same deliveries in two arrival orders end in the same cards, those the
   * provider's truth or a covering authority predicts.
   */
  public static Property<OrderCase> orderIndependence(
      String receiverName, Function<ReceiverSetup, Receiver> receivers) {
    return orderIndependence(receiverName, receivers, Invariant.allModelFree());
  }

  /**
   * The order-independence property reporting only the {@code invariants} given: the per-step ones
   * while each order runs, and the whole-run comparison only when ORDER_INDEPENDENT is among them.
   */
  public static Property<OrderCase> orderIndependence(
      String receiverName, Function<ReceiverSetup, Receiver> receivers, Set<Invariant> invariants) {
    String name =
        "arrival order does not change the final cards ("
            + receiverName
            + selectionName(invariants)
            + ")";
    OrderCaseGenerator generator = new OrderCaseGenerator();
    Property<OrderCase> property =
        Property.<OrderCase>of(
                name,
                (Choices choices) -> generator.generate(choices),
                (orderCase, context) ->
                    OrderIndependence.check(orderCase, receivers, context, invariants))
            .withRenderer(OrderCase::describe)
            .withTriesMultiplier(2);
    for (Map.Entry<String, Double> required : RequiredCoverage.forArrivalOrders().entrySet()) {
      property = property.requireCoverage(required.getKey(), required.getValue());
    }
    return property;
  }

  /**
   * The verdict on one checked run. A receiver's exception keeps its class and first frame in the
   * signature, so shrinking keeps that exception rather than slipping to another one.
   */
  static Verdict verdict(CheckedRun.Result result) {
    if (result.violation().isEmpty()) {
      return Verdict.pass();
    }
    Violation violation = result.violation().get();
    String signature = violation.signature();
    if (violation.invariant() == Invariant.RECEIVER_ANSWERS && result.thrown().isPresent()) {
      signature += ": " + ExceptionSignatures.signature(result.thrown().get());
    }
    Set<String> alsoBroken = new TreeSet<>();
    result.alsoBroken().forEach(other -> alsoBroken.add(other.signature()));
    return new Verdict.Fail(signature, violation.describe(), alsoBroken);
  }

  /** Empty for every model-free invariant, else {@code , only A, B}. */
  static String selectionName(Set<Invariant> invariants) {
    if (invariants.equals(Invariant.allModelFree())) {
      return "";
    }
    return ", only "
        + String.join(", ", invariants.stream().sorted().map(Invariant::name).toList());
  }

  static String checksName(CheckedRun.Checks checks) {
    return checks == CheckedRun.Checks.INVARIANTS ? "invariants" : "invariants and conformance";
  }

  /** The invariant a property is about, for reports. */
  static Invariant[] invariantsOf(String propertyName) {
    return propertyName.startsWith("arrival order")
        ? new Invariant[] {Invariant.ORDER_INDEPENDENT}
        : Invariant.values();
  }
}
