package io.inboxcheck.scenario;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Replays a scenario against a receiver, step by step, recording a history and checking the
 * scenario's expectations. Running, recording and checking stay separate: this class runs and
 * records; {@link Expectations} checks.
 */
public final class ScenarioRunner {
  private final Function<ReceiverSetup, Receiver> receivers;

  public ScenarioRunner(Function<ReceiverSetup, Receiver> receivers) {
    this.receivers = receivers;
  }

  /** Replays every step and returns the history with its expectation report. */
  public History replay(Scenario scenario) {
    try (Receiver receiver = receivers.apply(scenario.setup())) {
      return replay(scenario, receiver, StepObserver.NONE);
    }
  }

  /** Replays against a given receiver, telling {@code observer} after every step. */
  public static History replay(Scenario scenario, Receiver receiver, StepObserver observer) {
    List<HistoryStep> steps = new ArrayList<>();
    Session session = new Session(receiver);
    for (ScenarioStep step : scenario.steps()) {
      HistoryStep recorded = session.run(step);
      steps.add(recorded);
      observer.afterStep(step, recorded, receiver.view());
    }
    return finish(scenario, receiver, steps);
  }

  /** Builds the history of a finished run and checks the scenario's expectations against it. */
  public static History finish(Scenario scenario, Receiver receiver, List<HistoryStep> steps) {
    return finish(scenario, receiver.name(), steps, receiver.view());
  }

  /**
   * Builds the history of a run whose final facts are {@code view}: for a receiver that threw, the
   * last view it answered.
   */
  public static History finish(
      Scenario scenario, String receiverName, List<HistoryStep> steps, ReceiverView view) {
    ExpectationReport report =
        Expectations.check(
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

  /** Runs one step against the receiver and records what it did. */
  static HistoryStep run(ScenarioStep step, Receiver receiver, Set<String> deliveredIds) {
    int auditBefore = receiver.view().audit().size();
    if (step.time() != null) {
      receiver.advanceClock(step.number(), step.time());
    }
    HistoryStep.Detail detail;
    if (step instanceof ScenarioStep.Deliver deliver) {
      detail = deliver(deliver, receiver, deliveredIds);
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      detail = reconcile(reconcile, receiver);
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

  private static HistoryStep.Delivered deliver(
      ScenarioStep.Deliver deliver, Receiver receiver, Set<String> deliveredIds) {
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

  private static HistoryStep.Reconciled reconcile(
      ScenarioStep.Reconcile reconcile, Receiver receiver) {
    List<ObjectReconciliation> objects =
        receiver.reconcile(reconcile.number(), reconcile.authority());
    return new HistoryStep.Reconciled(objects);
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

  /**
   * One receiver driven step by step, remembering which ids it was handed so that a redelivery
   * after retention can be reported (harness knowledge, SPEC section 5).
   */
  public static final class Session {
    private final Receiver receiver;
    private final Set<String> deliveredIds = new HashSet<>();

    public Session(Receiver receiver) {
      this.receiver = receiver;
    }

    public Receiver receiver() {
      return receiver;
    }

    /** Runs one step and records what it did. */
    public HistoryStep run(ScenarioStep step) {
      return ScenarioRunner.run(step, receiver, deliveredIds);
    }
  }

  /** Called after every step, e.g. to check invariants while the scenario runs. */
  @FunctionalInterface
  public interface StepObserver {
    StepObserver NONE = (step, recorded, view) -> {};

    void afterStep(ScenarioStep step, HistoryStep recorded, ReceiverView view);
  }
}
