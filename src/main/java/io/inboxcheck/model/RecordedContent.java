package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One content recorded under an event id (the first record or a variant) with every decision
 * recorded for it, latest last.
 */
@API(status = EXPERIMENTAL)
public record RecordedContent(
    JsonValue content, int step, Instant receivedAt, List<Decision> decisions) {

  public RecordedContent {
    decisions = List.copyOf(decisions);
    if (decisions.isEmpty()) {
      throw new IllegalArgumentException("recorded content always carries its decision");
    }
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
