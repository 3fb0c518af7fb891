package io.inboxcheck.concurrent;

import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;

/**
 * A reconciliation or a clock move of a concurrent run, sent at once with its round's deliveries:
 * what was sent, what the receiver answered (the reconciliation's objects; empty for a clock move)
 * and when the harness sent it and had the answer ({@link System#nanoTime}).
 *
 * @param sent a {@link ScenarioStep.Reconcile} or a {@link ScenarioStep.Advance}
 */
public record ControlRequest(
    int round,
    ScenarioStep sent,
    List<ObjectReconciliation> answer,
    long startNanos,
    long finishNanos) {

  public ControlRequest {
    if (sent instanceof ScenarioStep.Deliver) {
      throw new IllegalArgumentException("a delivery is a Request, not a control request");
    }
    answer = List.copyOf(answer);
  }

  public int step() {
    return sent.number();
  }

  /** Both were in flight at one moment: each started before the other finished. */
  public boolean overlaps(Request request) {
    return startNanos < request.finishNanos() && request.startNanos() < finishNanos;
  }

  /** What it was, in a few words: {@code reconcile card-2} or {@code clock to 2024-...}. */
  public String describe() {
    return sent instanceof ScenarioStep.Reconcile reconcile
        ? "reconcile " + String.join(", ", reconcile.authority().keySet())
        : "clock to " + sent.time();
  }
}
