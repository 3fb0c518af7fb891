package io.inboxcheck.check;

import io.inboxcheck.scenario.ScenarioStep;

/**
 * A receiver's exception as a finding: RECEIVER_ANSWERS broken at the step it threw in, with the
 * exception's one line (class and message, no stack trace) as what was observed.
 */
final class ReceiverThrew {
  private ReceiverThrew() {}

  static Violation violation(ScenarioStep step, RuntimeException thrown) {
    return new Violation(
        Finding.RECEIVER_THREW,
        step.number(),
        kind(step),
        Facts.of("answer", "without an exception"),
        Facts.of("exception", oneLine(thrown)));
  }

  /** The exception's class and the first line of its message. */
  static String oneLine(Throwable thrown) {
    String message = thrown.getMessage();
    if (message == null || message.isBlank()) {
      return thrown.getClass().getName();
    }
    return thrown.getClass().getName() + ": " + message.strip().lines().findFirst().orElse("");
  }

  private static String kind(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver) {
      return "deliver";
    }
    return step instanceof ScenarioStep.Reconcile ? "reconcile" : "advance";
  }
}
