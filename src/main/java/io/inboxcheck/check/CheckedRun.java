package io.inboxcheck.check;

import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.ViewContradiction;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioRunner;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Runs a scenario against a receiver with every invariant checked after every step and, when asked,
 * the reference model run in lockstep for conformance. Stops at the first violation.
 */
public final class CheckedRun {
  private CheckedRun() {}

  /** Which checks run. */
  public enum Checks {
    /** Model-free invariants only: what a receiver with another policy can still rely on. */
    INVARIANTS,
    /** Invariants, then conformance to the reference model at every step. */
    INVARIANTS_AND_CONFORMANCE
  }

  /**
   * The outcome of a checked run.
   *
   * @param history the tested receiver's history up to the last step run
   * @param referenceHistory the reference model's history over the same steps
   * @param violation the first broken invariant, if any
   * @param exercised how often each invariant was checked where it could have failed
   * @param skipped the checks the receiver's observation level could not support
   * @param alsoBroken the other invariants broken at the same step as {@code violation}
   * @param thrown what the receiver threw, ending the run; its violation is RECEIVER_ANSWERS when
   *     that invariant is checked, or for a {@link ViewContradiction} AUDIT_APPEND_ONLY
   *     (VIEW_CONTRADICTS_AUDIT)
   */
  public record Result(
      History history,
      History referenceHistory,
      Optional<Violation> violation,
      Map<Invariant, Long> exercised,
      List<SkippedCheck> skipped,
      List<Violation> alsoBroken,
      Optional<RuntimeException> thrown) {}

  /** Runs {@code scenario} with every model-free invariant and, when asked, conformance. */
  public static Result run(
      Scenario scenario, Function<ReceiverSetup, Receiver> receivers, Checks checks) {
    return run(scenario, receivers, checks, Invariant.allModelFree());
  }

  /**
   * Runs {@code scenario} reporting only the {@code invariants} given (conformance is still chosen
   * by {@code checks}); used to show what each invariant catches on its own.
   */
  public static Result run(
      Scenario scenario,
      Function<ReceiverSetup, Receiver> receivers,
      Checks checks,
      Set<Invariant> invariants) {
    // The tested receiver serves this scenario only: closing it here keeps a run over many files
    // from holding one receiver's connections (or process) per file.
    try (Receiver tested = receivers.apply(scenario.setup())) {
      return run(scenario, tested, checks, invariants);
    }
  }

  private static Result run(
      Scenario scenario, Receiver tested, Checks checks, Set<Invariant> invariants) {
    Receiver reference = new ModelReceiver(scenario.setup());
    ScenarioRunner.Session testedSession = new ScenarioRunner.Session(tested);
    ScenarioRunner.Session referenceSession = new ScenarioRunner.Session(reference);
    Set<Observable> shown = tested.shows();
    InvariantChecker checker = new InvariantChecker(scenario, invariants, shown);
    List<HistoryStep> testedSteps = new ArrayList<>();
    List<HistoryStep> referenceSteps = new ArrayList<>();
    Optional<Violation> violation = Optional.empty();
    Optional<RuntimeException> thrown = Optional.empty();
    List<Violation> alsoBroken = List.of();
    Observation before = null;
    ReceiverView lastView = null;
    for (ScenarioStep step : scenario.steps()) {
      HistoryStep recorded;
      Observation after;
      try {
        if (before == null) {
          lastView = tested.view();
          before = Observation.of(lastView);
        }
        recorded = testedSession.run(step);
        lastView = tested.view();
        after = Observation.of(lastView);
      } catch (ViewContradiction contradiction) {
        // What the receiver shows contradicts its audit: there is no view to check after this.
        thrown = Optional.of(contradiction);
        if (invariants.contains(Invariant.AUDIT_APPEND_ONLY)) {
          violation = Optional.of(ReceiverThrew.contradicted(step, contradiction));
        }
        break;
      } catch (RuntimeException exception) {
        // The receiver did not answer: what it holds now is unknown, so the run ends here.
        thrown = Optional.of(exception);
        if (invariants.contains(Invariant.RECEIVER_ANSWERS)) {
          violation = Optional.of(ReceiverThrew.violation(step, exception));
        }
        break;
      }
      HistoryStep expected = referenceSession.run(step);
      testedSteps.add(recorded);
      referenceSteps.add(expected);
      List<Violation> broken = checker.check(step, before, recorded, after);
      violation = broken.stream().findFirst();
      alsoBroken = broken.size() > 1 ? broken.subList(1, broken.size()) : List.of();
      if (violation.isEmpty() && checks == Checks.INVARIANTS_AND_CONFORMANCE) {
        violation = Conformance.compare(recorded, expected, shown);
      }
      if (violation.isEmpty()
          && checks == Checks.INVARIANTS_AND_CONFORMANCE
          && shown.contains(Observable.IDENTITIES)) {
        violation = RetainedIdentities.compare(expected, reference.view(), lastView);
      }
      if (violation.isEmpty()
          && checks == Checks.INVARIANTS_AND_CONFORMANCE
          && shown.contains(Observable.AUDIT)) {
        // The audit entry by entry, as check --crash compares it: one receiver, one verdict.
        violation = Conformance.compareAudit(expected, reference.view().audit(), lastView.audit());
      }
      if (violation.isPresent()) {
        break;
      }
      before = after;
    }
    Scenario ran = scenario;
    // A step the receiver threw in stays in the scenario, without a history step of its own.
    int ranSteps = testedSteps.size() + (thrown.isPresent() ? 1 : 0);
    if (ranSteps < scenario.steps().size()) {
      ran = truncated(scenario, ranSteps);
    }
    Map<Invariant, Long> exercised = checker.exercised();
    Set<Invariant> enabled = EnumSet.noneOf(Invariant.class);
    enabled.addAll(invariants);
    if (invariants.contains(Invariant.RECEIVER_ANSWERS)) {
      exercised.put(Invariant.RECEIVER_ANSWERS, (long) ranSteps);
    }
    if (checks == Checks.INVARIANTS_AND_CONFORMANCE) {
      exercised.put(Invariant.CONFORMANCE, (long) testedSteps.size());
      enabled.add(Invariant.CONFORMANCE);
    }
    History testedHistory;
    if (thrown.isEmpty()) {
      testedHistory = ScenarioRunner.finish(ran, tested, testedSteps);
    } else {
      // Asking a receiver that threw for its view again may throw again: its last answer stands.
      ReceiverView last = lastView != null ? lastView : reference.view();
      testedHistory = ScenarioRunner.finish(ran, tested.name(), testedSteps, last);
    }
    return new Result(
        testedHistory,
        ScenarioRunner.finish(ran, reference, referenceSteps),
        violation,
        exercised,
        SkippedCheck.of(enabled, shown),
        alsoBroken,
        thrown);
  }

  /**
   * What the receivers {@code receivers} makes let the harness observe, asked of one made for an
   * empty setup and closed at once.
   */
  public static Set<Observable> shownBy(Function<ReceiverSetup, ? extends Receiver> receivers) {
    ReceiverSetup empty =
        new ReceiverSetup(new TreeMap<>(), Set.of(), Duration.ZERO, Instant.EPOCH);
    try (Receiver probe = receivers.apply(empty)) {
      return probe.shows();
    }
  }

  private static Scenario truncated(Scenario scenario, int steps) {
    return scenario.withSteps(scenario.steps().subList(0, steps), null);
  }
}
