package io.inboxcheck.report;

import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A scenario as a short script, one step per line, for failure messages: {@code 2. deliver e-202
 * card-7 v13 {"label":"Forge","stage":"ready"}}. A delivery spelled otherwise than its canonical
 * text also shows the text as delivered, since a receiver that compares text breaks exactly there.
 */
public final class ScenarioScript {
  private ScenarioScript() {}

  public static String render(Scenario scenario) {
    List<String> lines = new ArrayList<>();
    lines.add(
        "initial: "
            + (scenario.initial().isEmpty()
                ? "no cards"
                : scenario.initial().entrySet().stream()
                    .map(e -> HistoryText.describeCard(e.getKey(), e.getValue()))
                    .collect(Collectors.joining(", "))));
    for (ScenarioStep step : scenario.steps()) {
      // Settles are shown only where the case chose them (a receiver deciding later, SPEC 3.6).
      boolean settles = scenario.settleAfter() != null && scenario.settlesAfter(step.number());
      lines.add(step.number() + ". " + describe(step) + (settles ? "; then settle" : ""));
    }
    return String.join("\n", lines);
  }

  static String describe(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      Envelope envelope = deliver.envelope();
      String id = envelope.eventId().orElse("(no event_id)");
      String object = envelope.objectId().orElse("(no object_id)");
      String type =
          envelope.type().filter(t -> !t.equals("card.snapshot")).map(t -> " type=" + t).orElse("");
      String state = envelope.state().map(Object::toString).orElse("(state not an object)");
      return "deliver "
          + id
          + " "
          + object
          + " "
          + HistoryText.describeVersion(envelope.version())
          + type
          + " "
          + state
          + (deliver.transport().ackLost() ? " [ack lost]" : "")
          + retry(deliver.transport().attempt())
          + (deliver.transport().storageFault() ? " [storage fault]" : "")
          + (deliver.receivedAt() == null ? "" : " at " + deliver.receivedAt())
          + LargeBodies.described(envelope.text())
              .map(body -> ", delivered " + LargeBodies.words(body))
              .or(
                  () ->
                      DeliveredText.whereSpelledOtherwise(envelope).map(t -> ", delivered as " + t))
              .orElse("");
    }
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      return "reconcile "
          + reconcile.authority().entrySet().stream()
              .map(e -> HistoryText.describeCard(e.getKey(), e.getValue().asCard()))
              .collect(Collectors.joining(", "));
    }
    return "advance " + ((ScenarioStep.Advance) step).by();
  }

  /** A provider's retry, by its attempt number; a first attempt says nothing. */
  private static String retry(Integer attempt) {
    return attempt != null && attempt > 1 ? " [attempt " + attempt + "]" : "";
  }
}
