package io.inboxcheck.explore;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.InvariantChecker;
import io.inboxcheck.check.Observation;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * One step run against a receiver and checked against every invariant, as the search and the brute
 * force both do it, with the facts it establishes about each delivery.
 */
record CheckedStep(HistoryStep recorded, List<Violation> violations) {

  static CheckedStep run(ScenarioStep step, Receiver receiver, InvariantChecker checker) {
    Observation before = Observation.of(receiver.view());
    // A fresh session: its only memory is the harness's retention note for reports, which no
    // invariant reads.
    HistoryStep recorded = new CheckedRun.Session(receiver).run(step);
    Observation after = Observation.of(receiver.view());
    return new CheckedStep(recorded, checker.check(step, before, recorded, after));
  }

  /** One fact about one delivery: its decision on arrival, or what a reconciliation did to it. */
  record Note(int name, String what) {}

  /**
   * The facts this step establishes, naming deliveries by {@code stepNames}; {@code globalStep} is
   * the step's number in the original file, for reports.
   */
  List<Note> notes(IntUnaryOperator stepNames, int globalStep) {
    List<Note> notes = new ArrayList<>();
    if (recorded.detail() instanceof HistoryStep.Delivered delivered) {
      String decision =
          delivered.decision() == null ? "NO_ACK (not durable)" : delivered.decision().describe();
      notes.add(new Note(stepNames.applyAsInt(recorded.step()), "on arrival: " + decision));
    } else if (recorded.detail() instanceof HistoryStep.Reconciled reconciled) {
      for (ObjectReconciliation object : reconciled.objects()) {
        for (HeldInput input : object.resolved()) {
          notes.add(
              new Note(
                  stepNames.applyAsInt(input.step()),
                  "at step "
                      + globalStep
                      + ": resolved by the authority ("
                      + input.reason()
                      + ")"));
        }
        for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
          notes.add(
              new Note(
                  stepNames.applyAsInt(reevaluation.input().step()),
                  "at step "
                      + globalStep
                      + ": re-evaluated "
                      + reevaluation.decision().describe()));
        }
      }
    }
    return notes;
  }
}
