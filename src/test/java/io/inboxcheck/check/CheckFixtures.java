package io.inboxcheck.check;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Hand-built scenarios, steps, answers and observations for the unit tests of each check: every
 * test states the one step it judges, what the receiver answered and what it showed before and
 * after, without running a receiver.
 */
final class CheckFixtures {
  static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  static final Duration RETENTION = Duration.ofHours(24);
  static final String CARD = "card-1";

  private CheckFixtures() {}

  static JsonObject state(String label) {
    return JsonObject.of(Map.of("label", new JsonString(label)));
  }

  static Card card(long version, String label) {
    return new Card(version, state(label), false);
  }

  static Card pausedCard(long version, String label) {
    return card(version, label).pause();
  }

  static AuthoritativeCard authoritative(long version, String label) {
    return new AuthoritativeCard(version, state(label));
  }

  /** A well-formed {@code card.snapshot} envelope; a null argument leaves its member out. */
  static Envelope envelope(String eventId, String objectId, Long version, String label) {
    Map<String, JsonValue> members = new LinkedHashMap<>();
    if (eventId != null) {
      members.put(Envelope.EVENT_ID, new JsonString(eventId));
    }
    if (objectId != null) {
      members.put(Envelope.OBJECT_ID, new JsonString(objectId));
    }
    if (version != null) {
      members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    }
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    if (label != null) {
      members.put(Envelope.STATE, state(label));
    }
    return new Envelope(JsonObject.of(members));
  }

  static Envelope envelope(String eventId, long version, String label) {
    return envelope(eventId, CARD, version, label);
  }

  /** The envelope with one member replaced by a raw value. */
  static Envelope with(Envelope envelope, String key, JsonValue value) {
    return new Envelope(((JsonObject) envelope.content()).with(key, value));
  }

  static Instant at(Duration sinceStart) {
    return START.plus(sinceStart);
  }

  static Scenario scenario(Map<String, Card> initial, ScenarioStep... steps) {
    return new Scenario(
        "unit",
        "hand-built",
        "unit",
        RETENTION,
        Scenario.DEFAULT_SUPPORTED_TYPES,
        START,
        new TreeMap<>(initial),
        List.of(steps),
        null);
  }

  static ScenarioStep.Deliver deliver(int number, Envelope envelope, Duration sinceStart) {
    return new ScenarioStep.Deliver(number, envelope, at(sinceStart), Transport.PLAIN, null);
  }

  static ScenarioStep.Deliver deliver(int number, Envelope envelope) {
    return deliver(number, envelope, Duration.ofMinutes(number));
  }

  static ScenarioStep.Deliver faultyDeliver(int number, Envelope envelope) {
    return new ScenarioStep.Deliver(
        number, envelope, at(Duration.ofMinutes(number)), new Transport(false, null, true), null);
  }

  static ScenarioStep.Reconcile reconcile(
      int number, Map<String, AuthoritativeCard> authority, Duration sinceStart) {
    return new ScenarioStep.Reconcile(number, new TreeMap<>(authority), at(sinceStart), null);
  }

  static ScenarioStep.Reconcile reconcile(int number, Map<String, AuthoritativeCard> authority) {
    return reconcile(number, authority, Duration.ofMinutes(number));
  }

  static ScenarioStep.Advance advance(int number, Duration sinceStart) {
    return new ScenarioStep.Advance(number, Duration.ofHours(1), at(sinceStart), null);
  }

  /** A durable answer: ACK with {@code decision}, no storage fault. */
  static HistoryStep.Delivered delivered(Decision decision) {
    return answered(decision, Ack.ACK, false);
  }

  static HistoryStep.Delivered answered(Decision decision, Ack ack, boolean storageFault) {
    return new HistoryStep.Delivered("e", CARD, decision, ack, false, null, storageFault, false);
  }

  static HistoryStep.Reconciled reconciled(ObjectReconciliation... objects) {
    return new HistoryStep.Reconciled(List.of(objects));
  }

  static HistoryStep.Advanced advanced() {
    return new HistoryStep.Advanced(Duration.ofHours(1));
  }

  static HistoryStep recorded(ScenarioStep step, HistoryStep.Detail detail) {
    return new HistoryStep(
        step.number(),
        step.time(),
        detail,
        new TreeMap<>(),
        List.of(),
        ReplacementCounters.ZERO,
        List.of());
  }

  static HeldInput held(int step, Envelope envelope, HeldReason reason) {
    return new HeldInput(step, envelope, reason);
  }

  static RecordedContent recordedContent(Envelope envelope, int step, Instant receivedAt) {
    return new RecordedContent(envelope.content(), step, receivedAt, List.of(Decision.APPLIED));
  }

  static AuditEntry.DeliveryRecorded auditOf(int step, Envelope envelope, Decision decision) {
    return new AuditEntry.DeliveryRecorded(step, START, envelope, decision, false, List.of());
  }

  static ObjectReconciliation reconciliation(
      String objectId,
      Card before,
      Card after,
      List<HeldInput> resolved,
      List<ObjectReconciliation.Reevaluation> reevaluated) {
    return new ObjectReconciliation(
        objectId,
        io.inboxcheck.model.ReconcileOutcome.REPLACED,
        false,
        before,
        after,
        resolved,
        reevaluated,
        List.of());
  }

  static View view() {
    return new View();
  }

  /** A receiver's observed state, built up one part at a time. */
  static final class View {
    private final TreeMap<String, Card> cards = new TreeMap<>();
    private final Map<String, RecordedContent> firstRecords = new LinkedHashMap<>();
    private final List<HeldInput> held = new ArrayList<>();
    private final List<AuditEntry> audit = new ArrayList<>();
    private ReplacementCounters replacements = ReplacementCounters.ZERO;

    View card(String id, Card card) {
      cards.put(id, card);
      return this;
    }

    View card(Card card) {
      return card(CARD, card);
    }

    View firstRecord(String eventId, RecordedContent content) {
      firstRecords.put(eventId, content);
      return this;
    }

    View held(HeldInput input) {
      held.add(input);
      return this;
    }

    View audit(AuditEntry entry) {
      audit.add(entry);
      return this;
    }

    View replacements(long event, long authoritative) {
      replacements = new ReplacementCounters(event, authoritative);
      return this;
    }

    Observation build() {
      return new Observation(cards, firstRecords, held, audit, replacements);
    }
  }

  /**
   * One step to judge, with the harness's memory of the steps before it. {@link #context} moves the
   * memory's clock to the step as the checker does.
   */
  static StepContext context(
      SentMemory memory,
      ScenarioStep step,
      HistoryStep.Detail answer,
      Observation before,
      Observation after) {
    return context(memory, step, answer, before, after, Observable.RICHEST_LEVEL);
  }

  static StepContext context(
      SentMemory memory,
      ScenarioStep step,
      HistoryStep.Detail answer,
      Observation before,
      Observation after,
      Set<Observable> shown) {
    HistoryStep recorded = recorded(step, answer);
    memory.beforeChecks(step, recorded);
    return new StepContext(step, recorded, before, after, shown, memory);
  }

  /** A context with a fresh memory of a scenario whose only initial card is {@code initial}. */
  static StepContext context(
      Card initial,
      ScenarioStep step,
      HistoryStep.Detail answer,
      Observation before,
      Observation after) {
    return context(memory(initial), step, answer, before, after);
  }

  static SentMemory memory(Card initial) {
    return new SentMemory(scenario(Map.of(CARD, initial)));
  }

  /** A memory that has seen {@code deliver} decided {@code decision} (durably). */
  static SentMemory memoryAfter(Card initial, ScenarioStep.Deliver deliver, Decision decision) {
    SentMemory memory = memory(initial);
    memory.beforeChecks(deliver, recorded(deliver, delivered(decision)));
    memory.afterDelivery(deliver, decision);
    return memory;
  }
}
