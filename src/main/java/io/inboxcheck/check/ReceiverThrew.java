package io.inboxcheck.check;

import io.inboxcheck.receiver.ViewContradiction;
import io.inboxcheck.scenario.ScenarioStep;

/**
 * A receiver's exception as a finding: RECEIVER_ANSWERS broken at the step it threw in, with the
 * exception's one line (class and message, no stack trace) as what was observed; or, when what it
 * showed contradicts its audit, that finding with what named which arrival.
 */
final class ReceiverThrew {
  private ReceiverThrew() {}

  static Violation violation(ScenarioStep step, RuntimeException thrown) {
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

  /** The exception's class and the first line of its message. */
  static String oneLine(Throwable thrown) {
    String message = thrown.getMessage();
    if (message == null || message.isBlank()) {
      return thrown.getClass().getName();
    }
    return thrown.getClass().getName() + ": " + message.strip().lines().findFirst().orElse("");
  }

  private static Violation at(ScenarioStep step, Finding finding, Facts expected, Facts observed) {
    return new Violation(finding, step.number(), kind(step), expected, observed);
  }

  private static String kind(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver) {
      return "deliver";
    }
    return step instanceof ScenarioStep.Reconcile ? "reconcile" : "advance";
  }
}
