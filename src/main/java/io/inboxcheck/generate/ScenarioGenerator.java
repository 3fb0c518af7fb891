package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Generates scenarios the way providers misbehave: a provider's truth per card (increasing versions
 * with gaps, full snapshots) delivered duplicated, late, with reused ids, missing or invalid
 * versions, for unknown cards, with storage faults, clock jumps and authoritative snapshots. Every
 * value is drawn from {@link Choices}, so a scenario shrinks by its choices.
 */
public final class ScenarioGenerator {
  /** Bounds of one generated scenario. */
  public static final int MAX_CARDS = 4;

  public static final int MAX_ACTIONS = 24;
  public static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
  public static final Duration RETENTION = Duration.ofHours(24);

  /** Generates one scenario named {@code name}. */
  public Scenario generate(Choices choices, String name) {
    Draft draft = new Draft(choices);
    int cardCount = choices.integer(1, MAX_CARDS);
    for (int index = 1; index <= cardCount; index++) {
      draft.addInitialCard("card-" + index);
    }
    choices.list(
        1,
        MAX_ACTIONS,
        c -> {
          c.span(
              "step",
              d -> {
                StepKind kind = StepKind.values()[c.weighted(StepKind.weights())];
                draft.act(kind);
                return kind;
              });
          return Boolean.TRUE;
        });
    return draft.toScenario(name);
  }

  /** A scenario being drawn: the provider's truth, what was delivered, and the steps so far. */
  static final class Draft {
    private static final List<String> STAGES = List.of("queued", "building", "ready", "archived");
    private static final List<String> LABELS = List.of("Map", "Chart", "Forge", "Atlas");
    private static final String UNKNOWN_CARD = "card-9";

    private final Choices choices;
    private final Map<String, ProviderTruth> truths = new TreeMap<>();
    private final TreeMap<String, Card> initial = new TreeMap<>();
    private final List<JsonObject> delivered = new ArrayList<>();
    private final List<ScenarioStep> steps = new ArrayList<>();
    private final ProviderTruth unknownTruth;
    private Instant clock = START;
    private int nextEvent = 1;

    Draft(Choices choices) {
      this.choices = choices;
      this.unknownTruth = new ProviderTruth(UNKNOWN_CARD, 0, JsonObject.EMPTY);
    }

    void addInitialCard(String objectId) {
      long version = choices.integer(0, 5);
      JsonObject state = state();
      initial.put(objectId, new Card(version, state, false));
      truths.put(objectId, new ProviderTruth(objectId, version, state));
    }

    void act(StepKind kind) {
      switch (kind) {
        case NEW_EVENT -> deliver(newSnapshot(knownTruth()), false, false);
        case LATE_EVENT -> lateEvent();
        case IDENTICAL_REDELIVERY -> redeliver();
        case LOST_ACK_THEN_REDELIVERY -> {
          JsonObject envelope = newSnapshot(knownTruth());
          deliver(envelope, true, false);
          deliver(envelope, false, false);
        }
        case ID_REUSE_WITH_CHANGED_CONTENT ->
            deliver(Variants.changedContent(choices, pickDelivered(), this), false, false);
        case OTHER_ID_SAME_VERSION_SAME_STATE ->
            deliver(
                Variants.sameVersionSameState(pickDelivered(), nextEventId(), occurredAt()),
                false,
                false);
        case SAME_VERSION_DIFFERENT_STATE -> {
          JsonObject original = pickDelivered();
          deliver(
              Variants.sameVersionOtherState(original, nextEventId(), otherState(original)),
              false,
              false);
        }
        case MISSING_VERSION ->
            deliver(Variants.missingVersion(choices, newSnapshot(knownTruth())), false, false);
        case INVALID_VERSION ->
            deliver(Variants.invalidVersion(choices, newSnapshot(knownTruth())), false, false);
        case UNKNOWN_OBJECT -> deliver(newSnapshot(unknownTruth), false, false);
        case UNSUPPORTED_TYPE ->
            deliver(
                newSnapshot(knownTruth()).with(Envelope.TYPE, new JsonString("card.deleted")),
                false,
                false);
        case MALFORMED_ENVELOPE ->
            deliver(Variants.malformed(choices, newSnapshot(knownTruth())), false, false);
        case STORAGE_FAULT -> storageFault();
        case CLOCK_ADVANCE -> advance();
        case RECONCILIATION -> reconcile();
      }
    }

    private void lateEvent() {
      List<ProviderTruth.Snapshot> late = new ArrayList<>();
      truths.values().forEach(truth -> late.addAll(truth.undelivered()));
      if (late.isEmpty()) {
        // Nothing is in flight: the provider produces two snapshots and the newer overtakes.
        ProviderTruth truth = knownTruth();
        JsonObject older = newSnapshot(truth);
        deliver(newSnapshot(truth), false, false);
        deliver(older, false, false);
        return;
      }
      ProviderTruth.Snapshot snapshot = choices.pick(late);
      truths.values().forEach(truth -> truth.undelivered().remove(snapshot));
      deliver(envelope(snapshot), false, false);
    }

    private void redeliver() {
      if (delivered.isEmpty()) {
        deliver(newSnapshot(knownTruth()), false, false);
        return;
      }
      JsonObject original = pickDelivered();
      if (choices.bool(50)) {
        // The same event as another serializer writes it: a duplicate, never a conflict.
        Respelling.NumberSpelling spelling =
            choices.pick(List.of(Respelling.NumberSpelling.values()));
        deliverText(original, Respelling.spell(original, spelling));
        return;
      }
      deliver(original, false, false);
    }

    private void deliverText(JsonObject envelope, String text) {
      tick();
      steps.add(
          new ScenarioStep.Deliver(
              steps.size() + 1, new Envelope(envelope, text), clock, Transport.PLAIN, null));
      delivered.add(envelope);
    }

    private void storageFault() {
      JsonObject envelope =
          choices.bool(30) && !delivered.isEmpty() ? pickDelivered() : newSnapshot(knownTruth());
      deliver(envelope, false, true);
      if (choices.bool(70)) {
        deliver(envelope, false, false);
      }
    }

    private void advance() {
      Duration by = choices.bool(35) ? Duration.ofHours(25) : Duration.ofHours(1);
      clock = clock.plus(by);
      steps.add(new ScenarioStep.Advance(steps.size() + 1, by, clock, null));
    }

    private void reconcile() {
      TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
      for (ProviderTruth truth : truths.values()) {
        if (choices.bool(60)) {
          authority.put(truth.objectId(), authorityFor(truth));
        }
      }
      if (choices.bool(25)) {
        authority.put(UNKNOWN_CARD, authorityFor(unknownTruth));
        truths.putIfAbsent(UNKNOWN_CARD, unknownTruth);
      }
      if (authority.isEmpty()) {
        ProviderTruth truth = knownTruth();
        authority.put(truth.objectId(), authorityFor(truth));
      }
      tick();
      steps.add(new ScenarioStep.Reconcile(steps.size() + 1, authority, clock, null));
    }

    private AuthoritativeCard authorityFor(ProviderTruth truth) {
      List<JsonObject> sentForCard = deliveredFor(truth.objectId());
      if (!sentForCard.isEmpty() && choices.bool(30)) {
        // The authority disagrees with a delivered event at its own version: a held one must
        // then be judged a conflict on re-evaluation, pausing the card again.
        // The latest delivery is the likeliest to be held behind a pause.
        JsonObject disputed = sentForCard.get(sentForCard.size() - 1);
        long version = ((ObjectVersion.Valid) new Envelope(disputed).version()).value();
        return new AuthoritativeCard(version, otherState(disputed));
      }
      // Usually the provider's latest; sometimes a stale snapshot from earlier in its history.
      int index =
          choices.bool(20)
              ? choices.integer(0, truth.historyLength() - 1)
              : truth.historyLength() - 1;
      return new AuthoritativeCard(truth.versionAt(index), truth.stateAt(index));
    }

    private void deliver(JsonObject envelope, boolean ackLost, boolean storageFault) {
      tick();
      Transport transport = new Transport(ackLost, storageFault ? 1 : null, storageFault);
      steps.add(
          new ScenarioStep.Deliver(
              steps.size() + 1, new Envelope(envelope), clock, transport, null));
      if (!storageFault) {
        delivered.add(envelope);
      }
    }

    private void tick() {
      clock = clock.plusSeconds(choices.integer(0, 2));
    }

    private ProviderTruth knownTruth() {
      return choices.pick(new ArrayList<>(truths.values()));
    }

    /**
     * A new snapshot from the provider's truth, with a version gap. Sometimes the provider made one
     * more snapshot just before it, which stays in flight and can arrive late.
     */
    private JsonObject newSnapshot(ProviderTruth truth) {
      if (truth != unknownTruth && choices.bool(15)) {
        long skippedVersion = truth.latestVersion() + choices.integer(1, 3);
        truth.add(
            new ProviderTruth.Snapshot(
                truth.objectId(), nextEventId(), skippedVersion, state(), occurredAt()),
            false);
      }
      return nextSnapshot(truth);
    }

    /** The provider's next snapshot of a card, delivered now: a higher version, a gap of 1-3. */
    private JsonObject nextSnapshot(ProviderTruth truth) {
      long version = truth.latestVersion() + choices.integer(1, 3);
      ProviderTruth.Snapshot snapshot =
          new ProviderTruth.Snapshot(
              truth.objectId(), nextEventId(), version, state(), occurredAt());
      truth.add(snapshot, true);
      return envelope(snapshot);
    }

    static JsonObject envelope(ProviderTruth.Snapshot snapshot) {
      TreeMap<String, JsonValue> members = new TreeMap<>();
      members.put(Envelope.EVENT_ID, new JsonString(snapshot.eventId()));
      members.put(Envelope.OBJECT_ID, new JsonString(snapshot.objectId()));
      members.put(Envelope.OBJECT_VERSION, JsonNumber.of(snapshot.version()));
      members.put(Envelope.OCCURRED_AT, new JsonString(snapshot.occurredAt()));
      members.put(Envelope.TYPE, new JsonString("card.snapshot"));
      members.put(Envelope.STATE, snapshot.state());
      return new JsonObject(members);
    }

    /** A valid, new snapshot for a random known card, as an envelope; for conflict-free runs. */
    JsonObject freshEnvelope() {
      return nextSnapshot(knownTruth());
    }

    TreeMap<String, Card> initialCards() {
      return new TreeMap<>(initial);
    }

    /** Delivered envelopes naming {@code objectId} with a valid version. */
    private List<JsonObject> deliveredFor(String objectId) {
      List<JsonObject> sent = new ArrayList<>();
      for (JsonObject envelope : delivered) {
        Envelope parsed = new Envelope(envelope);
        if (parsed.objectId().filter(objectId::equals).isPresent()
            && parsed.version() instanceof ObjectVersion.Valid) {
          sent.add(envelope);
        }
      }
      return sent;
    }

    JsonObject pickDelivered() {
      if (delivered.isEmpty()) {
        JsonObject envelope = newSnapshot(knownTruth());
        deliver(envelope, false, false);
        return envelope;
      }
      return choices.pick(delivered);
    }

    String nextEventId() {
      return "e-" + nextEvent++;
    }

    /** occurred_at is drawn independently of versions: providers' timestamps order nothing. */
    String occurredAt() {
      return START.plusSeconds(choices.integer(0, 10)).toString();
    }

    List<String> knownCardIds() {
      return new ArrayList<>(truths.keySet());
    }

    JsonObject state() {
      TreeMap<String, JsonValue> members = new TreeMap<>();
      members.put("stage", new JsonString(choices.pick(STAGES)));
      members.put("label", new JsonString(choices.pick(LABELS)));
      if (choices.bool(30)) {
        // An optional field makes a merge, instead of a whole-state replacement, visible.
        members.put("owner", new JsonString(choices.pick(List.of("ana", "bo"))));
      }
      return new JsonObject(members);
    }

    JsonObject otherState(JsonObject envelope) {
      JsonValue current = envelope.get(Envelope.STATE).orElse(JsonObject.EMPTY);
      JsonObject state = state();
      if (state.equals(current)) {
        state = state.with("label", new JsonString("Other"));
      }
      return state;
    }

    Scenario toScenario(String name) {
      return new Scenario(
          name,
          "generated scenario",
          name,
          RETENTION,
          Scenario.DEFAULT_SUPPORTED_TYPES,
          START,
          initial,
          steps,
          null);
    }
  }
}
