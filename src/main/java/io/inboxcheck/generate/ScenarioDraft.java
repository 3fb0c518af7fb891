package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
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
import java.util.TreeMap;

/**
 * A scenario being drawn: what the {@link Provider} made reaches the receiver duplicated, late,
 * altered or not at all, between clock moves and authoritative snapshots; this keeps what was
 * delivered and the steps so far.
 */
final class ScenarioDraft {
  private final Choices choices;
  private final Swarm swarm;
  private final Provider provider;
  private final TreeMap<String, Card> initial = new TreeMap<>();
  private final List<JsonObject> delivered = new ArrayList<>();
  private final List<ScenarioStep> steps = new ArrayList<>();

  private final FirstDeliveries firstDeliveries = new FirstDeliveries();
  private JsonObject lastVariant;
  private Instant clock = ScenarioGenerator.START;

  ScenarioDraft(Choices choices) {
    this(choices, Swarm.PLAIN);
  }

  ScenarioDraft(Choices choices, Swarm swarm) {
    this.choices = choices;
    this.swarm = swarm;
    this.provider = new Provider(choices, swarm);
  }

  void addInitialCard(String objectId) {
    long version = provider.initialVersion();
    JsonObject state = provider.state();
    initial.put(objectId, new Card(version, state, false));
    provider.addCard(objectId, version, state);
  }

  void act(StepKind kind) {
    switch (kind) {
      case NEW_EVENT -> deliver(provider.newSnapshot(provider.knownTruth()), false, false);
      case LATE_EVENT -> lateEvent();
      case IDENTICAL_REDELIVERY -> redeliver();
      case LOST_ACK_THEN_REDELIVERY -> {
        JsonObject envelope = provider.newSnapshot(provider.knownTruth());
        deliver(envelope, true, false);
        deliver(envelope, false, false);
      }
      case ID_REUSE_WITH_CHANGED_CONTENT -> reuseId();
      case OTHER_ID_SAME_VERSION_SAME_STATE ->
          deliver(
              Variants.sameVersionSameState(
                  pickDelivered(), provider.nextEventId(), provider.occurredAt()),
              false,
              false);
      case SAME_VERSION_DIFFERENT_STATE -> {
        JsonObject original = pickDelivered();
        deliver(
            Variants.sameVersionOtherState(
                original, provider.nextEventId(), provider.otherState(original)),
            false,
            false);
      }
      case MISSING_VERSION -> deliver(Variants.missingVersion(choices, fresh()), false, false);
      case INVALID_VERSION -> deliver(Variants.invalidVersion(choices, fresh()), false, false);
      case UNKNOWN_OBJECT -> deliver(provider.newSnapshot(provider.unknownTruth()), false, false);
      case UNSUPPORTED_TYPE ->
          deliver(fresh().with(Envelope.TYPE, new JsonString("card.deleted")), false, false);
      case MALFORMED_ENVELOPE -> deliver(Variants.malformed(choices, fresh()), false, false);
      case STORAGE_FAULT -> storageFault();
      case CLOCK_ADVANCE -> advance();
      case RECONCILIATION -> reconcile();
    }
  }

  /** A new snapshot, possibly with a late one in flight, for a random known card. */
  private JsonObject fresh() {
    return provider.newSnapshot(provider.knownTruth());
  }

  private void lateEvent() {
    List<ProviderTruth.Snapshot> late = new ArrayList<>();
    provider.truths().forEach(truth -> late.addAll(truth.undelivered()));
    if (late.isEmpty()) {
      // Nothing is in flight: the provider produces two snapshots and the newer overtakes.
      ProviderTruth truth = provider.knownTruth();
      JsonObject older = provider.newSnapshot(truth);
      deliver(provider.newSnapshot(truth), false, false);
      deliver(older, false, false);
      return;
    }
    ProviderTruth.Snapshot snapshot = choices.pick(late);
    provider.truths().forEach(truth -> truth.undelivered().remove(snapshot));
    deliver(Provider.envelope(snapshot), false, false);
  }

  /**
   * A reused id with changed content: often the last reused id again, sometimes a burst of changes,
   * so one id collects several variants.
   */
  private void reuseId() {
    JsonObject original = lastVariant != null && choices.bool(75) ? lastVariant : pickDelivered();
    int burst = choices.bool(25) ? choices.integer(2, 3) : 1;
    for (int variant = 0; variant < burst; variant++) {
      lastVariant =
          Variants.changedContent(choices, variant == 0 ? original : lastVariant, provider);
      deliver(lastVariant, false, false);
    }
  }

  private void redeliver() {
    if (delivered.isEmpty()) {
      deliver(fresh(), false, false);
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
    sent(envelope);
  }

  private void storageFault() {
    JsonObject envelope = choices.bool(30) && !delivered.isEmpty() ? pickDelivered() : fresh();
    deliver(envelope, false, true);
    if (choices.bool(70)) {
      deliver(envelope, false, false);
    }
  }

  private void advance() {
    boolean aimed = swarm.retentionEdges() && !firstDeliveries.isEmpty();
    if (choices.bool(aimed ? 75 : 0)) {
      FirstDeliveries.First first = firstDeliveries.pick(choices);
      Instant edge =
          EdgeValues.retentionEdge(choices, first.receivedAt(), ScenarioGenerator.RETENTION);
      if (edge.isAfter(clock)) {
        moveClockTo(edge);
        if (choices.bool(70)) {
          // Redelivered right at the edge, unchanged or changed: kept or pruned decides it.
          JsonObject envelope = first.envelope();
          send(choices.bool(50) ? Variants.changedContent(choices, envelope, provider) : envelope);
        }
        return;
      }
    }
    moveClockTo(clock.plus(choices.bool(35) ? Duration.ofHours(25) : Duration.ofHours(1)));
  }

  private void moveClockTo(Instant time) {
    Duration by = Duration.between(clock, time);
    clock = time;
    steps.add(new ScenarioStep.Advance(steps.size() + 1, by, clock, null));
  }

  private void reconcile() {
    TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
    for (ProviderTruth truth : provider.truths()) {
      if (choices.bool(swarm.disputes() ? 90 : 60)) {
        authority.put(truth.objectId(), authorityFor(truth));
      }
    }
    if (choices.bool(25)) {
      authority.put(Provider.UNKNOWN_CARD, authorityFor(provider.unknownTruth()));
      provider.learnUnknownCard();
    }
    if (authority.isEmpty()) {
      ProviderTruth truth = provider.knownTruth();
      authority.put(truth.objectId(), authorityFor(truth));
    }
    tick();
    steps.add(new ScenarioStep.Reconcile(steps.size() + 1, authority, clock, null));
  }

  private AuthoritativeCard authorityFor(ProviderTruth truth) {
    List<JsonObject> sentForCard = deliveredFor(truth.objectId());
    if (!sentForCard.isEmpty() && choices.bool(swarm.disputes() ? 80 : 30)) {
      // The authority disagrees with a delivered event at its own version: a held one must
      // then be judged a conflict on re-evaluation, pausing the card again.
      // The latest delivery is the likeliest to be held behind a pause; an earlier one pauses the
      // card again in the middle of the re-evaluation, with held inputs still behind it.
      JsonObject latest = sentForCard.get(sentForCard.size() - 1);
      JsonObject disputed = choices.bool(40) ? choices.pick(sentForCard) : latest;
      long version = ((ObjectVersion.Valid) new Envelope(disputed).version()).value();
      return new AuthoritativeCard(version, provider.otherState(disputed));
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
    send(envelope, ackLost, storageFault);
  }

  /** Delivers {@code envelope} at the current clock. */
  private void send(JsonObject envelope) {
    send(envelope, false, false);
  }

  private void send(JsonObject envelope, boolean ackLost, boolean storageFault) {
    Transport transport = new Transport(ackLost, storageFault ? 1 : null, storageFault);
    steps.add(
        new ScenarioStep.Deliver(steps.size() + 1, new Envelope(envelope), clock, transport, null));
    if (!storageFault) {
      sent(envelope);
    }
  }

  private void sent(JsonObject envelope) {
    delivered.add(envelope);
    firstDeliveries.sent(envelope, clock);
  }

  private void tick() {
    clock = clock.plusSeconds(choices.integer(0, 2));
  }

  /** A valid, new snapshot for a random known card, as an envelope; for conflict-free runs. */
  JsonObject freshEnvelope() {
    return provider.nextSnapshot(provider.knownTruth());
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

  private JsonObject pickDelivered() {
    if (delivered.isEmpty()) {
      JsonObject envelope = fresh();
      deliver(envelope, false, false);
      return envelope;
    }
    return choices.pick(delivered);
  }

  Scenario toScenario(String name) {
    return new Scenario(
        name,
        "generated scenario",
        name,
        ScenarioGenerator.RETENTION,
        Scenario.DEFAULT_SUPPORTED_TYPES,
        ScenarioGenerator.START,
        initial,
        steps,
        null);
  }
}
