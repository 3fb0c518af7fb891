package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The harness's memory of what it sent and what the receiver answered: the cards it may hold, each
 * retained event id's latest decision per content, every content recorded under an id, and the held
 * deliveries not yet resolved. Held deliveries are remembered by event id and content, in arrival
 * order, never by step number, so any receiver's list can be matched against them.
 */
final class SentMemory {
  final Duration retention;
  final Set<String> allowedCards = new HashSet<>();
  final Map<String, IdentityTrack> identities = new HashMap<>();
  final List<HeldKey> expectedHeld = new ArrayList<>();
  final Map<String, Set<JsonValue>> recordedContents = new HashMap<>();
  Instant clock;

  SentMemory(Scenario scenario) {
    this.retention = scenario.retention();
    this.clock = scenario.start();
    this.allowedCards.addAll(scenario.initial().keySet());
  }

  SentMemory(SentMemory other) {
    this.retention = other.retention;
    this.clock = other.clock;
    this.allowedCards.addAll(other.allowedCards);
    other.identities.forEach((id, track) -> identities.put(id, track.copy()));
    this.expectedHeld.addAll(other.expectedHeld);
    other.recordedContents.forEach(
        (id, contents) -> recordedContents.put(id, new HashSet<>(contents)));
  }

  /** A delivery as the harness matches it in a receiver's held list: event id and content. */
  record HeldKey(String eventId, JsonValue content) {
    static HeldKey of(HeldInput input) {
      return new HeldKey(input.eventId().orElse(null), input.envelope().content());
    }
  }

  /** The harness's memory of one event id while it must still be retained. */
  static final class IdentityTrack {
    final Instant firstReceivedAt;
    final Map<JsonValue, Decision> latestDecisions = new HashMap<>();

    IdentityTrack(Instant firstReceivedAt) {
      this.firstReceivedAt = firstReceivedAt;
    }

    IdentityTrack copy() {
      IdentityTrack copy = new IdentityTrack(firstReceivedAt);
      copy.latestDecisions.putAll(latestDecisions);
      return copy;
    }
  }

  /** Whether an id first received at {@code firstReceivedAt} is still retained by the clock. */
  boolean retained(Instant firstReceivedAt) {
    return clock.isBefore(firstReceivedAt.plus(retention));
  }

  /** What the step tells before it is judged: its time, and what a reconciliation listed. */
  void beforeChecks(ScenarioStep step, HistoryStep recorded) {
    if (step.time() != null) {
      clock = step.time();
    }
    if (step instanceof ScenarioStep.Reconcile reconcile
        && recorded.detail() instanceof HistoryStep.Reconciled reconciled) {
      allowedCards.addAll(reconcile.authority().keySet());
      reconciled.objects().forEach(this::rememberReconciliation);
    }
  }

  private void rememberReconciliation(ObjectReconciliation object) {
    for (HeldInput resolved : object.resolved()) {
      expectedHeld.remove(HeldKey.of(resolved));
    }
    for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
      if (reevaluation.decision().kind() != DecisionKind.HELD) {
        expectedHeld.remove(HeldKey.of(reevaluation.input()));
      }
      HeldKey sent = HeldKey.of(reevaluation.input());
      IdentityTrack track = sent.eventId() == null ? null : identities.get(sent.eventId());
      if (track != null) {
        track.latestDecisions.put(sent.content(), reevaluation.decision());
      }
    }
  }

  /** Remembers a durable delivery and its decision, once every check has judged it. */
  void afterDelivery(ScenarioStep.Deliver deliver, Decision decision) {
    JsonValue content = deliver.envelope().content();
    String eventId = deliver.envelope().eventId().orElse(null);
    if (decision.kind() == DecisionKind.HELD) {
      expectedHeld.add(new HeldKey(eventId, content));
    }
    if (eventId == null || decision instanceof Decision.Duplicate) {
      return;
    }
    recordedContents.computeIfAbsent(eventId, id -> new HashSet<>()).add(content);
    IdentityTrack track = identities.get(eventId);
    boolean variant = decision.reason() == HeldReason.ID_CONFLICT;
    if (track == null || (!retained(track.firstReceivedAt) && !variant)) {
      // A first record, or an id the receiver was allowed to forget and now treats as new.
      track = new IdentityTrack(clock);
      identities.put(eventId, track);
    }
    track.latestDecisions.put(content, decision);
  }
}
