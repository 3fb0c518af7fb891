package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Decision;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Everything one step's checks read: the step, what the receiver answered, its observed state
 * before and after, what it shows, and the harness's memory as it was before the step.
 */
record StepContext(
    ScenarioStep step,
    HistoryStep recorded,
    Observation before,
    Observation after,
    Set<Observable> shown,
    SentMemory memory) {

  Violation violation(Finding finding, Facts expected, Facts observed) {
    return new Violation(finding, step.number(), recorded.detail().kind(), expected, observed);
  }

  List<String> changedCards() {
    return Observation.changedCards(before, after);
  }

  /** The delivery this step made, when it is one. */
  Optional<ScenarioStep.Deliver> delivery() {
    return step instanceof ScenarioStep.Deliver deliver ? Optional.of(deliver) : Optional.empty();
  }

  /** The receiver's answer to this step's delivery, when it is one. */
  Optional<HistoryStep.Delivered> delivered() {
    return recorded.detail() instanceof HistoryStep.Delivered delivered
        ? Optional.of(delivered)
        : Optional.empty();
  }

  /** The recorded decision of this step's delivery; null when none or not shown. */
  Decision decision() {
    return delivered().map(HistoryStep.Delivered::decision).orElse(null);
  }

  /**
   * Whether this step is a delivery the receiver made durable: acknowledged, no storage fault, and
   * (when the receiver shows decisions) a decision recorded.
   */
  boolean durableDelivery() {
    Optional<HistoryStep.Delivered> delivered = delivered();
    if (delivered.isEmpty()) {
      return false;
    }
    boolean decided = delivered.get().decision() != null || !shown.contains(Observable.DECISION);
    return delivered.get().ack() == Ack.ACK && decided && !delivered.get().storageFault();
  }

  /** Whether this step is a delivery that was not made durable (see {@link #durableDelivery}). */
  boolean undurableDelivery() {
    return delivered().isPresent() && !durableDelivery();
  }

  boolean quiet() {
    return recorded.detail() instanceof HistoryStep.Advanced;
  }

  /** The harness's track of this delivery's id, when the id must still be retained. */
  private SentMemory.IdentityTrack retainedTrack() {
    if (!durableDelivery()) {
      return null;
    }
    String eventId = delivery().orElseThrow().envelope().eventId().orElse(null);
    SentMemory.IdentityTrack track = eventId == null ? null : memory.identities.get(eventId);
    return track == null || !memory.retained(track.firstReceivedAt) ? null : track;
  }

  /** The decision recorded for this delivery's content under its retained id, or null. */
  Decision recordedDecision() {
    SentMemory.IdentityTrack track = retainedTrack();
    JsonValue content = delivery().map(d -> d.envelope().content()).orElse(null);
    return track == null ? null : track.latestDecisions.get(content);
  }

  /** Whether this delivery is a changed content under an id that must still be retained. */
  boolean retainedVariant() {
    return retainedTrack() != null && recordedDecision() == null;
  }
}
