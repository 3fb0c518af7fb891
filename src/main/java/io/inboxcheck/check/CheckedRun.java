package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.ViewContradiction;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.Expectations;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The one step loop: runs a scenario against a receiver with every invariant checked after every
 * step and, when asked, the reference model run in lockstep for conformance. Stops at the first
 * violation. Each step is run, observed, checked and recorded here, and nowhere else: a scenario
 * file, a property's case, a shrink candidate and a replay without checks ({@link ScenarioRunner})
 * all go through {@link Session#run} and {@link #history}.
 */
public final class CheckedRun {
  /**
   * Makes the reference receiver run in lockstep with the tested one, from the same setup: the
   * model of SPEC, whose history every verdict of conformance rests on.
   */
  private static final Function<ReceiverSetup, Receiver> REFERENCE = ModelReceiver::new;

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
    try (Receiver tested = receivers.apply(scenario.setup());
        Receiver reference = REFERENCE.apply(scenario.setup())) {
      return run(scenario, tested, reference, checks, invariants);
    }
  }

  private static Result run(
      Scenario scenario,
      Receiver tested,
      Receiver reference,
      Checks checks,
      Set<Invariant> invariants) {
    Session testedSession = new Session(tested);
    Session referenceSession = new Session(reference);
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
          violation = Optional.of(contradicted(step, contradiction));
        }
        break;
      } catch (RuntimeException exception) {
        // The receiver did not answer: what it holds now is unknown, so the run ends here.
        thrown = Optional.of(exception);
        if (invariants.contains(Invariant.RECEIVER_ANSWERS)) {
          violation = Optional.of(threw(step, exception));
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
        violation = Conformance.compareRetained(expected, reference.view(), lastView);
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
      testedHistory = history(ran, tested.name(), testedSteps, tested.view());
    } else {
      // Asking a receiver that threw for its view again may throw again: its last answer stands.
      ReceiverView last = lastView != null ? lastView : reference.view();
      testedHistory = history(ran, tested.name(), testedSteps, last);
    }
    return new Result(
        testedHistory,
        history(ran, reference.name(), referenceSteps, reference.view()),
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

  /**
   * The history of a run whose final facts are {@code view} (for a receiver that threw, the last
   * view it answered), with the scenario's expectations checked against it.
   */
  static History history(
      Scenario scenario, String receiverName, List<HistoryStep> steps, ReceiverView view) {
    ExpectationReport report =
        ExpectationCheck.check(
            scenario,
            steps,
            Expectations.finalFacts(view.cards(), view.held(), view.replacements()));
    return new History(
        scenario,
        receiverName,
        steps,
        view.cards(),
        view.held(),
        view.replacements(),
        view.audit(),
        report);
  }

  /** RECEIVER_ANSWERS broken at the step the receiver threw in, with the exception's one line. */
  static Violation threw(ScenarioStep step, RuntimeException thrown) {
    return at(
        step,
        Finding.RECEIVER_THREW,
        Facts.of("answer", "without an exception"),
        Facts.of("exception", oneLine(thrown)));
  }

  /**
   * AUDIT_APPEND_ONLY (VIEW_CONTRADICTS_AUDIT) at the step whose view or answer named an arrival
   * the audit does not list: what named it, the arrival, and the deliveries the audit does list.
   */
  static Violation contradicted(ScenarioStep step, ViewContradiction contradiction) {
    return at(
        step,
        Finding.VIEW_CONTRADICTS_AUDIT,
        Facts.of("view", "names only arrivals its audit lists as deliveries"),
        Facts.of(
            "named by",
            contradiction.naming(),
            "arrival",
            contradiction.arrival(),
            "audit's deliveries",
            contradiction.auditedText()));
  }

  /** The exception's class and the first line of its message, never a stack trace. */
  static String oneLine(Throwable thrown) {
    String message = thrown.getMessage();
    if (message == null || message.isBlank()) {
      return thrown.getClass().getName();
    }
    return thrown.getClass().getName() + ": " + message.strip().lines().findFirst().orElse("");
  }

  private static Violation at(ScenarioStep step, Finding finding, Facts expected, Facts observed) {
    String kind =
        step instanceof ScenarioStep.Deliver
            ? "deliver"
            : step instanceof ScenarioStep.Reconcile ? "reconcile" : "advance";
    return new Violation(finding, step.number(), kind, expected, observed);
  }

  /**
   * One receiver driven step by step: each step is run and recorded with what the receiver shows
   * after it. It remembers which ids the receiver was handed so that a redelivery after retention
   * can be reported (harness knowledge the receiver cannot have, SPEC section 5).
   */
  public static final class Session {
    private final Receiver receiver;
    private final Set<String> deliveredIds = new HashSet<>();

    public Session(Receiver receiver) {
      this.receiver = receiver;
    }

    /** Runs one step and records what it did. */
    public HistoryStep run(ScenarioStep step) {
      int auditBefore = receiver.view().audit().size();
      if (step.time() != null) {
        receiver.advanceClock(step.number(), step.time());
      }
      HistoryStep.Detail detail;
      if (step instanceof ScenarioStep.Deliver deliver) {
        detail = deliver(deliver);
      } else if (step instanceof ScenarioStep.Reconcile reconcile) {
        List<ObjectReconciliation> objects =
            receiver.reconcile(reconcile.number(), reconcile.authority());
        detail = new HistoryStep.Reconciled(objects);
      } else {
        detail = new HistoryStep.Advanced(((ScenarioStep.Advance) step).by());
      }
      ReceiverView view = receiver.view();
      return new HistoryStep(
          step.number(),
          view.clock(),
          detail,
          view.cards(),
          view.held(),
          view.replacements(),
          prunedSince(view, auditBefore));
    }

    private HistoryStep.Delivered deliver(ScenarioStep.Deliver deliver) {
      Optional<String> eventId = deliver.envelope().eventId();
      // Harness knowledge the receiver cannot have: this id was delivered before, yet forgotten.
      boolean retentionExpired =
          eventId.isPresent()
              && deliveredIds.contains(eventId.get())
              && receiver.view().identity(eventId.get()).isEmpty();
      DeliveryResult result =
          receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport());
      if (result.decision() != null) {
        eventId.ifPresent(deliveredIds::add);
      }
      return new HistoryStep.Delivered(
          eventId.orElse(null),
          deliver.envelope().objectId().orElse(null),
          result.decision(),
          result.ack(),
          deliver.transport().ackLost(),
          deliver.transport().attempt(),
          deliver.transport().storageFault(),
          retentionExpired);
    }

    private static List<String> prunedSince(ReceiverView view, int auditBefore) {
      List<AuditEntry> audit = view.audit();
      List<String> pruned = new ArrayList<>();
      for (AuditEntry entry : audit.subList(auditBefore, audit.size())) {
        if (entry instanceof AuditEntry.IdentityPruned identityPruned) {
          pruned.add(identityPruned.eventId());
        }
      }
      return pruned;
    }
  }
}
