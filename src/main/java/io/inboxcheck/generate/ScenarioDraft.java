package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A scenario being drawn: what the {@link Provider} made reaches the receiver duplicated, late,
 * altered or not at all, between clock moves and authoritative snapshots; this keeps what was
 * delivered and the steps so far.
 */
final class ScenarioDraft {
  /** Percent of a fine-times case's clock moves with a fraction that move by the fraction only. */
  static final int SHORT_MOVE_PERCENT = 40;

  private final Choices choices;
  private final Swarm swarm;
  private final Provider provider;
  private final Generation generation;

  /** This case's retention: the generation's, or with fine times sometimes one at an edge. */
  private final Duration retention;

  /** The provider's redelivery timing, or null: then redeliveries follow after small gaps. */
  private final ProviderTiming timing;

  private final TreeMap<String, Card> initial = new TreeMap<>();
  private final List<JsonObject> delivered = new ArrayList<>();
  private final List<ScenarioStep> steps = new ArrayList<>();

  /** Second events for one change (a provider's documented quirk), made and not yet delivered. */
  private final List<JsonObject> secondEvents = new ArrayList<>();

  private final FirstDeliveries firstDeliveries = new FirstDeliveries();
  private JsonObject lastVariant;
  private Instant clock = ScenarioGenerator.START;

  ScenarioDraft(Choices choices) {
    this(choices, Generation.DEFAULT, Swarm.PLAIN);
  }

  ScenarioDraft(Choices choices, Generation generation, Swarm swarm) {
    this.choices = choices;
    this.swarm = swarm;
    this.provider = new Provider(choices, swarm);
    this.generation = generation;
    this.timing =
        generation
            .schedule()
            .map(schedule -> new ProviderTiming(choices, schedule, generation.retention()))
            .orElse(null);
    // A retention the user chose, or a provider's schedule, is kept as it is.
    boolean ownRetention =
        timing == null && generation.retention().equals(ScenarioGenerator.RETENTION);
    this.retention =
        EdgeValues.retention(choices, ownRetention && swarm.fineTimes(), generation.retention());
  }

  void addInitialCard(String objectId) {
    long version = provider.initialVersion();
    JsonObject state = provider.state();
    initial.put(objectId, new Card(version, state, false));
    provider.addCard(objectId, version, state);
  }

  void act(StepKind kind) {
    switch (kind) {
      case NEW_EVENT -> newEvent();
      case LATE_EVENT -> lateEvent();
      case IDENTICAL_REDELIVERY -> redeliver();
      case LOST_ACK_THEN_REDELIVERY -> {
        JsonObject envelope = provider.newSnapshot(provider.knownTruth());
        deliver(envelope, true, false);
        again(envelope);
      }
      case ID_REUSE_WITH_CHANGED_CONTENT -> reuseId();
      case OTHER_ID_SAME_VERSION_SAME_STATE -> restate();
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
      case UNKNOWN_OBJECT -> deliver(unknownObject(), false, false);
      case UNSUPPORTED_TYPE -> deliver(unsupportedType(), false, false);
      case MALFORMED_ENVELOPE ->
          deliver(Variants.malformed(choices, fresh(), swarm.exactValues()), false, false);
      case STORAGE_FAULT -> storageFault();
      case CLOCK_ADVANCE -> advance();
      case RECONCILIATION -> reconcile();
      case OVERSIZED_BODY -> {
        // Sent once and not kept among the deliveries: a body past a bound has no identity.
        Envelope body = OversizedBodies.draw(choices, fresh());
        tick();
        steps.add(new ScenarioStep.Deliver(steps.size() + 1, body, clock, Transport.PLAIN, null));
      }
    }
  }

  /**
   * A fact the receiver holds, stated again under another id: SAME_STATE when the card is still at
   * that version. When the case draws exact values its numbers are often spelled otherwise ({@code
   * 12.0}, {@code 1.2e1}): the same state, which a receiver comparing text takes for another.
   */
  private void restate() {
    JsonObject envelope =
        Variants.sameVersionSameState(restatable(), provider.nextEventId(), provider.occurredAt());
    String text = null;
    if (choices.bool(swarm.exactValues() ? ExactValues.RESPELLED_PERCENT : 0)) {
      Respelling.NumberSpelling spelling =
          choices.pick(
              List.of(Respelling.NumberSpelling.TRAILING_ZERO, Respelling.NumberSpelling.EXPONENT));
      text = Respelling.spell(envelope, spelling);
    }
    tick();
    send(envelope, text, false, false);
  }

  /**
   * A snapshot of a card the receiver does not know: {@code card-9}, or (in a case drawing
   * look-alikes) often a near twin of a known card's id, {@code "card-1 "} or {@code CARD-1}, which
   * names no card (SPEC section 1 compares ids exactly) and is held UNKNOWN_OBJECT.
   */
  private JsonObject unknownObject() {
    JsonObject envelope = provider.newSnapshot(provider.unknownTruth());
    int percent = swarm.lookalikeIds() ? NearTwins.OBJECT_ID_TWIN_PERCENT : 0;
    String objectId =
        NearTwins.textTwin(choices, percent, provider.knownCardIds(), Provider.UNKNOWN_CARD);
    return envelope.with(Envelope.OBJECT_ID, new JsonString(objectId));
  }

  /**
   * A snapshot of a type the receiver does not support: {@code card.deleted}, or (in a case drawing
   * look-alikes) often a near twin of a supported type, {@code "card.snapshot "} or {@code
   * CARD.SNAPSHOT}.
   */
  private JsonObject unsupportedType() {
    int percent = swarm.lookalikeIds() ? NearTwins.TYPE_TWIN_PERCENT : 0;
    List<String> supported = new ArrayList<>(new TreeSet<>(Scenario.DEFAULT_SUPPORTED_TYPES));
    String type = NearTwins.textTwin(choices, percent, supported, "card.deleted");
    return fresh().with(Envelope.TYPE, new JsonString(type));
  }

  /** A new snapshot, possibly with a late one in flight, for a random known card. */
  private JsonObject fresh() {
    return provider.newSnapshot(provider.knownTruth());
  }

  /**
   * A new snapshot. A provider that can send one change twice under two event ids sometimes sends
   * the second at once, sometimes later, after newer events.
   */
  private void newEvent() {
    JsonObject envelope = fresh();
    deliver(envelope, false, false);
    if (timing == null) {
      return;
    }
    timing
        .secondEvent(envelope, provider::nextEventId)
        .ifPresent(
            second -> {
              if (choices.bool(50)) {
                deliver(second, false, false);
              } else {
                secondEvents.add(second);
              }
            });
  }

  private void lateEvent() {
    if (timing != null && !secondEvents.isEmpty() && choices.bool(50)) {
      JsonObject second = choices.pick(secondEvents);
      secondEvents.remove(second);
      deliver(second, false, false);
      return;
    }
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
    JsonObject envelope = Provider.envelope(snapshot);
    if (timing == null) {
      deliver(envelope, false, false);
      return;
    }
    arrive(envelope, new Envelope(envelope), timing.late(envelope, clock));
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
      again(lastVariant);
    }
  }

  private void redeliver() {
    if (delivered.isEmpty()) {
      deliver(fresh(), false, false);
      return;
    }
    JsonObject original = pickDelivered();
    if (choices.bool(swarm.lookalikeIds() ? NearTwins.ESCAPED_IDS_PERCENT : 0)) {
      // The same event with its ids written as JSON escapes: a duplicate, never another event.
      again(original, new Envelope(original, NearTwins.withEscapedIds(original)));
      return;
    }
    if (choices.bool(50)) {
      // The same event as another serializer writes it: a duplicate, never a conflict.
      Respelling.NumberSpelling spelling =
          choices.pick(List.of(Respelling.NumberSpelling.values()));
      again(original, new Envelope(original, Respelling.spell(original, spelling)));
      return;
    }
    again(original);
  }

  /**
   * Sends an event again: after a small gap, or, with a provider's timing, at the retry or manual
   * redelivery its schedule draws, measured from the event's first attempt.
   */
  private void again(JsonObject envelope) {
    again(envelope, new Envelope(envelope));
  }

  /** Sends an event again, spelled as {@code sent}. */
  private void again(JsonObject envelope, Envelope sent) {
    if (timing == null) {
      tick();
      steps.add(new ScenarioStep.Deliver(steps.size() + 1, sent, clock, Transport.PLAIN, null));
      sent(envelope);
      return;
    }
    arrive(envelope, sent, timing.again(envelope, clock));
  }

  /** Delivers at a provider's attempt: the clock moves to it, the step carries its number. */
  private void arrive(JsonObject envelope, Envelope sent, ProviderTiming.Attempt attempt) {
    clock = attempt.at();
    Transport transport = new Transport(false, attempt.number(), false);
    steps.add(new ScenarioStep.Deliver(steps.size() + 1, sent, clock, transport, null));
    timing.sent(envelope, clock, attempt.number());
    sent(envelope);
  }

  private void storageFault() {
    JsonObject envelope = choices.bool(30) && !delivered.isEmpty() ? pickDelivered() : fresh();
    deliver(envelope, false, true);
    if (choices.bool(70)) {
      // The write failed, so the receiver answered NO_ACK and the provider retries.
      again(envelope);
    }
  }

  private void advance() {
    // A provider's schedule decides when it redelivers, so only the draft's own timing aims at
    // edges.
    boolean fine = timing == null && swarm.fineTimes();
    boolean aimed =
        timing == null && (swarm.retentionEdges() || fine) && !firstDeliveries.isEmpty();
    if (choices.bool(aimed ? 75 : 0)) {
      FirstDeliveries.First first =
          fine
              ? firstDeliveries.pickEndingAfter(choices, clock, retention)
              : firstDeliveries.pick(choices);
      Instant edge =
          EdgeValues.retentionEdge(
              choices, first.receivedAt(), retention, fine, swarm.retentionEdges());
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
    Duration move = choices.bool(35) ? Duration.ofHours(25) : Duration.ofHours(1);
    Duration fraction = EdgeValues.fraction(choices, fine);
    if (!fraction.isZero() && choices.bool(SHORT_MOVE_PERCENT)) {
      // Only the fraction: a retention under a second or two ends within such a move.
      move = Duration.ZERO;
    }
    moveClockTo(clock.plus(move).plus(fraction));
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
        authority.put(
            truth.objectId(), Authorities.snapshot(choices, swarm, provider, delivered, truth));
      }
    }
    if (choices.bool(25)) {
      authority.put(
          Provider.UNKNOWN_CARD,
          Authorities.snapshot(choices, swarm, provider, delivered, provider.unknownTruth()));
      provider.learnUnknownCard();
    }
    if (authority.isEmpty()) {
      ProviderTruth truth = provider.knownTruth();
      authority.put(
          truth.objectId(), Authorities.snapshot(choices, swarm, provider, delivered, truth));
    }
    tick();
    steps.add(new ScenarioStep.Reconcile(steps.size() + 1, authority, clock, null));
    List<JsonObject> reconciled = new ArrayList<>();
    for (JsonObject envelope : delivered) {
      new Envelope(envelope)
          .objectId()
          .filter(authority::containsKey)
          .ifPresent(id -> reconciled.add(envelope));
    }
    if (choices.bool(reconciled.isEmpty() ? 0 : REDELIVERED_AFTER_AUTHORITY_PERCENT)) {
      // A delivery the authority re-evaluated, sent again: it must restate the new decision.
      again(choices.pick(reconciled));
    }
  }

  /** Percent of reconciliations followed at once by a redelivery of an input for a listed card. */
  static final int REDELIVERED_AFTER_AUTHORITY_PERCENT = 40;

  private void deliver(JsonObject envelope, boolean ackLost, boolean storageFault) {
    tick();
    send(envelope, ackLost, storageFault);
  }

  /** Delivers {@code envelope} at the current clock. */
  private void send(JsonObject envelope) {
    send(envelope, false, false);
  }

  private void send(JsonObject envelope, boolean ackLost, boolean storageFault) {
    send(envelope, null, ackLost, storageFault);
  }

  /** Delivers {@code envelope} spelled as {@code text}, or canonically when it is null. */
  private void send(JsonObject envelope, String text, boolean ackLost, boolean storageFault) {
    Transport transport = new Transport(ackLost, storageFault ? 1 : null, storageFault);
    steps.add(
        new ScenarioStep.Deliver(
            steps.size() + 1, new Envelope(envelope, text), clock, transport, null));
    if (timing != null) {
      timing.sent(envelope, clock, 1);
    }
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
    // With fine times a gap carries a fraction of a second too, so receipt times have fractions.
    clock = clock.plus(EdgeValues.fraction(choices, timing == null && swarm.fineTimes()));
  }

  /** A valid, new snapshot for a random known card, as an envelope; for conflict-free runs. */
  JsonObject freshEnvelope() {
    return provider.nextSnapshot(provider.knownTruth());
  }

  /** The steps drawn so far, in order. */
  List<ScenarioStep> steps() {
    return java.util.Collections.unmodifiableList(steps);
  }

  TreeMap<String, Card> initialCards() {
    return new TreeMap<>(initial);
  }

  /**
   * A fact the receiver already holds, for a provider to state again: a delivered event or, before
   * any delivery, a card's initial version and state (so one step reaches SAME_STATE).
   */
  private JsonObject restatable() {
    if (delivered.isEmpty()) {
      return provider.restatement(provider.knownTruth());
    }
    return pickDelivered();
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
        retention,
        Scenario.DEFAULT_SUPPORTED_TYPES,
        ScenarioGenerator.START,
        initial,
        steps,
        null);
  }
}
