package io.inboxcheck.model;

import io.inboxcheck.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One content recorded under an event id (the first record or a variant) with every decision
 * recorded for it, latest last.
 */
public record RecordedContent(
    JsonValue content, int step, Instant receivedAt, List<Decision> decisions) {
  private static final List<Decision> APPLIED = List.of(Decision.APPLIED);
  private static final List<Decision> STALE = List.of(Decision.STALE);
  private static final List<Decision> SAME_STATE = List.of(Decision.SAME_STATE);

  public RecordedContent {
    // Most contents carry one common decision: they share one list rather than each keeping one.
    decisions =
        decisions.size() == 1 ? shared(decisions.get(0), decisions) : List.copyOf(decisions);
    if (decisions.isEmpty()) {
      throw new IllegalArgumentException("recorded content always carries its decision");
    }
  }

  private static List<Decision> shared(Decision decision, List<Decision> decisions) {
    if (decision == Decision.APPLIED) {
      return APPLIED;
    }
    if (decision == Decision.STALE) {
      return STALE;
    }
    return decision == Decision.SAME_STATE ? SAME_STATE : List.copyOf(decisions);
  }

  public Decision latestDecision() {
    return decisions.get(decisions.size() - 1);
  }

  public RecordedContent withDecision(Decision decision) {
    List<Decision> all = new ArrayList<>(decisions);
    all.add(decision);
    return new RecordedContent(content, step, receivedAt, all);
  }
}
