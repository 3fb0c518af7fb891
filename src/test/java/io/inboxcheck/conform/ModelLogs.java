package io.inboxcheck.conform;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The log a receiver that keeps the policy would write for a scenario: the reference model's own
 * audit, as JSON Lines, in the shape conform reads. Which optional lines it carries is chosen, so
 * tests can hold conform to logs that record more or less.
 */
final class ModelLogs {
  /** What a log records besides the deliveries and their decisions. */
  record Shape(boolean snapshots, boolean results, boolean notRecorded, boolean pauses) {
    /** Everything: what an audit export with the authority's snapshots holds. */
    static final Shape FULL = new Shape(true, true, true, true);

    /** The receiver protocol's audit as it is: no snapshots, no unrecorded deliveries. */
    static final Shape AUDIT = new Shape(false, true, false, true);

    /** Decisions only, with the authority's snapshots: a log written by hand. */
    static final Shape DECISIONS = new Shape(true, false, true, false);
  }

  private ModelLogs() {}

  /** The model's history of {@code scenario}. */
  static History history(Scenario scenario) {
    return new ScenarioRunner(ModelReceiver::new).replay(scenario);
  }

  /** One line of a model's log and the scenario step that wrote it. */
  record Line(int step, String text) {}

  /** The log of {@code scenario} as the model would record it, without the settings line. */
  static List<String> lines(Scenario scenario, History history, Shape shape) {
    return numbered(scenario, history, shape).stream().map(Line::text).toList();
  }

  /** The same log, each line with its step. */
  static List<Line> numbered(Scenario scenario, History history, Shape shape) {
    Map<Integer, List<AuditEntry>> entries = new LinkedHashMap<>();
    for (AuditEntry entry : history.audit()) {
      entries.computeIfAbsent(entry.step(), step -> new ArrayList<>()).add(entry);
    }
    List<Line> lines = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      ScenarioStep step = scenario.steps().get(index);
      HistoryStep recorded = history.steps().get(index);
      boolean snapshotWritten = false;
      for (AuditEntry entry : entries.getOrDefault(step.number(), List.of())) {
        boolean authority =
            !(entry instanceof AuditEntry.DeliveryRecorded)
                && !(entry instanceof AuditEntry.IdentityPruned);
        if (authority && !snapshotWritten && shape.snapshots()) {
          String snapshot =
              LogLines.reconcile(recorded.clock(), ((ScenarioStep.Reconcile) step).authority());
          lines.add(new Line(step.number(), snapshot));
          snapshotWritten = true;
        }
        if (authority && !shape.results()) {
          continue;
        }
        lines.add(new Line(step.number(), LogLines.entry(entry, shape.pauses())));
      }
      if (step instanceof ScenarioStep.Deliver deliver
          && recorded.detail() instanceof HistoryStep.Delivered delivered
          && delivered.decision() == null
          && shape.notRecorded()) {
        lines.add(
            new Line(
                step.number(), LogLines.notRecorded(recorded.clock(), deliver.envelope().text())));
      }
    }
    return lines;
  }
}
