package io.inboxcheck.report;

import io.inboxcheck.check.Violation;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A failed property told as a story: the broken invariant with what was expected and observed, the
 * shrunk scenario as a script with what each step changed on the receiver, and the commands that
 * replay it. The facts are gathered by the harness; this record only renders them.
 *
 * @param property the property's name
 * @param receiver the name of the receiver that failed
 * @param seed the run's seed
 * @param reproduce how to rerun with that seed, e.g. {@code -Dinboxcheck.seed=42} in the test suite
 *     or {@code --seed 42} for {@code check}
 * @param found how the failure was found, e.g. {@code try 37} or {@code the stored example}
 * @param shrinkSteps shrink candidates accepted on the way to the shown scenario
 * @param shrinkStopped why shrinking stopped, and how to shrink further when it was not a fixpoint,
 *     e.g. {@code shrinking stopped at a fixpoint (no shrink pass made progress)}
 * @param violation the broken invariant
 * @param observed the failing receiver's history of the shrunk scenario, up to the violation
 * @param reference the reference model's history of the same steps
 * @param replays the commands that replay the counterexample file, first against the receiver that
 *     failed
 */
public record FailureStory(
    String property,
    String receiver,
    long seed,
    String reproduce,
    String found,
    int shrinkSteps,
    String shrinkStopped,
    Violation violation,
    History observed,
    History reference,
    List<Replay> replays) {

  /** One way to replay the counterexample: against whom, and the command line. */
  public record Replay(String against, String command) {}

  public FailureStory {
    replays = List.copyOf(replays);
  }

  public String render() {
    List<String> lines = new ArrayList<>();
    lines.add(
        "Property '"
            + property
            + "' FAILED on "
            + receiver
            + ": "
            + violation.label()
            + " "
            + where());
    lines.add("  invariant: " + violation.invariant().statement());
    lines.add("  expected:  " + violation.expected().describe());
    lines.add("  observed:  " + violation.observed().describe());
    lines.add(
        "  found on "
            + found
            + " with seed "
            + seed
            + " (reproduce with "
            + reproduce
            + "), shrunk to "
            + observed.scenario().steps().size()
            + " steps in "
            + shrinkSteps
            + " shrink steps");
    lines.add("  " + shrinkStopped);
    lines.add("Scenario, and what each step changed on " + receiver + ":");
    lines.add("  " + initial());
    List<List<StepChanges.Change>> changes = StepChanges.of(observed);
    List<ScenarioStep> steps = observed.scenario().steps();
    for (int index = 0; index < observed.steps().size(); index++) {
      HistoryStep step = observed.steps().get(index);
      lines.add("  " + step.step() + ". " + ScenarioScript.describe(steps.get(index)));
      lines.add("       " + outcome(index) + " | " + describe(changes.get(index)));
      if (step.step() == violation.step()) {
        lines.add("       ^ " + violation.invariant() + " broken here");
      }
    }
    if (steps.size() > observed.steps().size()) {
      // The receiver threw in this step: it has no outcome, only the exception.
      ScenarioStep unanswered = steps.get(observed.steps().size());
      lines.add("  " + unanswered.number() + ". " + ScenarioScript.describe(unanswered));
      lines.add("       no answer | " + violation.observed().describe());
      lines.add("       ^ " + violation.invariant() + " broken here");
    }
    for (Replay replay : replays) {
      lines.add("Replay against " + replay.against() + ": " + replay.command());
    }
    return String.join("\n", lines) + "\n";
  }

  private String where() {
    return violation.step() == 0
        ? "broken over the whole run"
        : "broken after step " + violation.step() + " (" + violation.stepKind() + ")";
  }

  private String initial() {
    if (observed.scenario().initial().isEmpty()) {
      return "initial: no cards";
    }
    return "initial: "
        + observed.scenario().initial().entrySet().stream()
            .map(e -> HistoryText.describeCard(e.getKey(), e.getValue()))
            .collect(Collectors.joining(", "));
  }

  /** The receiver's answer to a step, and the model's when it answered otherwise. */
  private String outcome(int index) {
    String tested = answer(observed.steps().get(index));
    if (index >= reference.steps().size()) {
      return tested;
    }
    String model = answer(reference.steps().get(index));
    return tested.equals(model) ? tested : tested + " (model: " + model + ")";
  }

  static String answer(HistoryStep step) {
    if (step.detail() instanceof HistoryStep.Delivered delivered) {
      String decision =
          delivered.decision() == null ? "no decision" : delivered.decision().describe();
      boolean ackWorthSaying = delivered.storageFault() || delivered.ack() == Ack.NO_ACK;
      return ackWorthSaying ? decision + ", " + delivered.ack() : decision;
    }
    if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
      return reconciled.objects().stream()
          .map(FailureStory::answer)
          .collect(Collectors.joining("; "));
    }
    return "clock " + step.clock();
  }

  private static String answer(ObjectReconciliation object) {
    StringBuilder text = new StringBuilder(object.objectId() + " " + object.outcome());
    object
        .resolved()
        .forEach(
            input ->
                text.append(", resolved ")
                    .append(held(input.eventId().orElse(null), input.step())));
    for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
      text.append(", ")
          .append(held(reevaluation.input().eventId().orElse(null), reevaluation.input().step()))
          .append(" -> ")
          .append(reevaluation.decision().describe());
    }
    return text.toString();
  }

  /** The changes of one step, e.g. {@code card-7 v12->v13, +paused card-8, +held e-204 ...}. */
  static String describe(List<StepChanges.Change> changes) {
    if (changes.isEmpty()) {
      return "no change";
    }
    return changes.stream().map(FailureStory::describe).collect(Collectors.joining(", "));
  }

  static String describe(StepChanges.Change change) {
    if (change instanceof StepChanges.CardAdded added) {
      return "+card " + HistoryText.describeCard(added.objectId(), added.card());
    }
    if (change instanceof StepChanges.CardRemoved removed) {
      return "-card " + removed.objectId();
    }
    if (change instanceof StepChanges.VersionChanged version) {
      return version.objectId() + " v" + version.from() + "->v" + version.to();
    }
    if (change instanceof StepChanges.StateChanged state) {
      return state.objectId()
          + " state "
          + state.from().canonicalText()
          + "->"
          + state.to().canonicalText();
    }
    if (change instanceof StepChanges.Paused paused) {
      return "+paused " + paused.objectId();
    }
    if (change instanceof StepChanges.Unpaused unpaused) {
      return "-paused " + unpaused.objectId();
    }
    if (change instanceof StepChanges.HeldTaken taken) {
      return "+held " + held(taken.eventId(), taken.step()) + " " + taken.reason();
    }
    if (change instanceof StepChanges.HeldReleased released) {
      return "-held " + held(released.eventId(), released.step()) + " " + released.reason();
    }
    if (change instanceof StepChanges.HeldReasonChanged reason) {
      return "held "
          + held(reason.eventId(), reason.step())
          + " "
          + reason.from()
          + "->"
          + reason.to();
    }
    if (change instanceof StepChanges.CounterChanged counter) {
      return "replacements " + counter.counter() + " " + counter.from() + "->" + counter.to();
    }
    return "pruned " + ((StepChanges.Pruned) change).eventId();
  }

  private static String held(String eventId, int step) {
    return eventId == null ? "(no id, step " + step + ")" : eventId;
  }
}
