package io.inboxcheck.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.Violation;

/**
 * Where and why a checked replay stopped: at the first broken invariant (or, for a receiver other
 * than the model, the first step it decided differently). Replay stops there because the property
 * engine's checked run does, and a state past a violation explains nothing; every layout says so,
 * so the history is never mistaken for a complete run.
 *
 * @param violation the first violation, seen after step {@code violation.step()}
 * @param stepsInFile how many steps the scenario file has
 */
public record ReplayStop(Violation violation, int stepsInFile) {

  public int afterStep() {
    return violation.step();
  }

  /** Whether steps after the violation were left unrun. */
  public boolean stepsSkipped() {
    return afterStep() < stepsInFile;
  }

  /** {@code STOPPED after step 7 of 11 (deliver): PAUSED_FROZEN broken: expected …; observed …}. */
  public String line() {
    return "STOPPED after step "
        + afterStep()
        + " of "
        + stepsInFile
        + " ("
        + violation.stepKind()
        + "): "
        + violation.label()
        + " broken: expected "
        + violation.expected().describe()
        + "; observed "
        + violation.observed().describe()
        + ".";
  }

  /** What the reader must not take the rest of the report for. */
  public String consequence() {
    if (!stepsSkipped()) {
      return "It was the file's last step; the state below is the state after it.";
    }
    return "Steps "
        + (afterStep() + 1)
        + " to "
        + stepsInFile
        + " were not run; the state and expectations below stop at step "
        + afterStep()
        + ".";
  }

  /** The {@code stopped} member of the JSON history. */
  ObjectNode toJson() {
    ObjectNode node = JsonTrees.NODES.objectNode();
    node.put("after_step", afterStep());
    node.put("steps_in_file", stepsInFile);
    node.put("message", line());
    ObjectNode broken = node.putObject("violation");
    broken.put("invariant", violation.invariant().name());
    if (violation.finding() != null) {
      broken.put("finding", violation.finding().name());
    }
    broken.put("step", violation.step());
    broken.put("step_kind", violation.stepKind());
    broken.put("expected", violation.expected().describe());
    broken.put("observed", violation.observed().describe());
    return node;
  }
}
