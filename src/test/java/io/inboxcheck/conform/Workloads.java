package io.inboxcheck.conform;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
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
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Long generated workloads, as a receiver sees a provider misbehave over days: new versions with
 * gaps, identical redeliveries (soon and after the retention window), late versions, the same
 * version with the same or another state, reused ids with changed content, missing and invalid
 * versions, unknown and unsupported events, malformed ones, storage faults, clock jumps past the
 * retention, and authorities (raising, confirming, regressing, creating cards). Every value is
 * drawn from {@link Choices}, so a failing workload shrinks.
 */
public final class Workloads {
  public static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
  public static final Duration RETENTION = Duration.ofHours(24);
  public static final Set<String> TYPES = Set.of("card.snapshot");
  private static final List<String> STAGES = List.of("queued", "building", "ready", "archived");

  private final Choices choices;
  private final List<String> cards = new ArrayList<>();
  private final Map<String, Long> truth = new TreeMap<>();
  private final List<Envelope> sent = new ArrayList<>();
  private final List<Instant> sentAt = new ArrayList<>();
  private final List<ScenarioStep> steps = new ArrayList<>();
  private Instant clock = START;
  private int ids;

  private Workloads(Choices choices) {
    this.choices = choices;
  }

  /** One workload of between {@code minSteps} and {@code maxSteps} steps. */
  public static Scenario draw(Choices choices, String name, int minSteps, int maxSteps) {
    return new Workloads(choices).build(name, minSteps, maxSteps);
  }

  private Scenario build(String name, int minSteps, int maxSteps) {
    TreeMap<String, Card> initial = new TreeMap<>();
    int count = choices.integer(2, 5);
    for (int card = 1; card <= count; card++) {
      String objectId = "card-" + card;
      long version = choices.integer(0, 3);
      cards.add(objectId);
      truth.put(objectId, version);
      initial.put(objectId, new Card(version, state(objectId, version, 0), false));
    }
    int length = choices.integer(minSteps, maxSteps);
    for (int index = 0; index < length; index++) {
      choices.span("step", c -> step());
    }
    return new Scenario(
        name, "a generated workload", name, RETENTION, TYPES, START, initial, steps, null);
  }

  private Object step() {
    int kind = choices.weighted(30, 14, 6, 3, 2, 3, 2, 1, 3, 1, 2, 3, 5, 8, 3, 4);
    switch (kind) {
      case 0 -> deliver(newVersion(card(), choices.integer(1, 3)), false);
      case 1 -> redeliver();
      case 2 -> deliver(newVersion(card(), -choices.integer(1, 2)), false);
      case 3 -> deliver(sameVersion(card(), true), false);
      case 4 -> deliver(sameVersion(card(), false), false);
      case 5 -> reuseId();
      case 6 -> deliver(withVersion(card(), JsonNull.INSTANCE), false);
      case 7 -> deliver(withVersion(card(), new JsonString("12")), false);
      case 8 -> deliver(unknownCard(), false);
      case 9 -> deliver(envelope(nextId(), card(), "card.deleted", JsonNumber.of(1), 1), false);
      case 10 -> deliver(malformed(), false);
      case 11 -> deliver(newVersion(card(), 1), true);
      case 12 -> reconcile();
      case 13 -> advance(Duration.ofMinutes(choices.integer(1, 600)));
      case 14 -> advance(RETENTION.plusMinutes(choices.integer(0, 600)));
      default -> retryPastTheWindow();
    }
    return null;
  }

  private String card() {
    return cards.get(choices.integer(0, cards.size() - 1));
  }

  private String nextId() {
    return "e-" + (++ids);
  }

  private Envelope newVersion(String objectId, int step) {
    long version = Math.max(0, truth.get(objectId) + step);
    if (step > 0) {
      truth.put(objectId, version);
    }
    return envelope(nextId(), objectId, "card.snapshot", JsonNumber.of(version), stateIndex());
  }

  private Envelope sameVersion(String objectId, boolean sameState) {
    long version = truth.get(objectId);
    int variant = sameState ? 0 : 1 + choices.integer(0, 2);
    return envelope(nextId(), objectId, "card.snapshot", JsonNumber.of(version), variant);
  }

  private Envelope withVersion(String objectId, JsonValue version) {
    return envelope(nextId(), objectId, "card.snapshot", version, stateIndex());
  }

  private Envelope unknownCard() {
    String objectId = "card-new-" + choices.integer(1, 2);
    return envelope(nextId(), objectId, "card.snapshot", JsonNumber.of(1), 0);
  }

  private Envelope malformed() {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    if (choices.bool(50)) {
      members.put(Envelope.EVENT_ID, new JsonString(nextId()));
    }
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    members.put(Envelope.STATE, new JsonString("not an object"));
    return new Envelope(new JsonObject(members));
  }

  private int stateIndex() {
    return choices.integer(0, 3);
  }

  private Envelope envelope(
      String eventId, String objectId, String type, JsonValue version, int variant) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put(Envelope.EVENT_ID, new JsonString(eventId));
    members.put(Envelope.OBJECT_ID, new JsonString(objectId));
    if (!(version instanceof JsonNull)) {
      members.put(Envelope.OBJECT_VERSION, version);
    }
    members.put(Envelope.OCCURRED_AT, new JsonString(clock.toString()));
    members.put(Envelope.TYPE, new JsonString(type));
    long number = version instanceof JsonNumber n ? n.value().longValue() : 0;
    members.put(Envelope.STATE, state(objectId, number, variant));
    return new Envelope(new JsonObject(members));
  }

  private static JsonObject state(String objectId, long version, int variant) {
    TreeMap<String, JsonValue> state = new TreeMap<>();
    state.put("stage", new JsonString(STAGES.get((int) ((version + variant) % STAGES.size()))));
    state.put(
        "label", new JsonString(objectId + " v" + version + (variant == 0 ? "" : "/" + variant)));
    return new JsonObject(state);
  }

  private void redeliver() {
    if (sent.isEmpty()) {
      deliver(newVersion(card(), 1), false);
      return;
    }
    // Mostly a recent delivery, sometimes any earlier one (a retry after days).
    int last = sent.size() - 1;
    int index =
        choices.bool(70) ? Math.max(0, last - choices.integer(0, 4)) : choices.integer(0, last);
    deliver(sent.get(index), false);
  }

  /**
   * A provider's retry that comes just after the retention window its first delivery opened: the
   * receiver must have let go of the id (SPEC section 5), however often it came in between.
   */
  private void retryPastTheWindow() {
    if (sent.isEmpty()) {
      deliver(newVersion(card(), 1), false);
      return;
    }
    int last = sent.size() - 1;
    int index = Math.max(0, last - choices.integer(0, 6));
    Instant due = sentAt.get(index).plus(RETENTION).plusSeconds(choices.integer(0, 3600));
    if (due.isAfter(clock)) {
      clock = due;
    }
    deliverNow(sent.get(index), false);
  }

  private void reuseId() {
    if (sent.isEmpty()) {
      deliver(newVersion(card(), 1), false);
      return;
    }
    Envelope earlier = sent.get(choices.integer(0, sent.size() - 1));
    JsonObject content = (JsonObject) earlier.content();
    JsonObject changed = content.with("note", new JsonString("changed " + choices.integer(0, 9)));
    deliver(new Envelope(changed), false);
  }

  private void deliver(Envelope envelope, boolean storageFault) {
    clock = clock.plusSeconds(choices.integer(0, 3) == 0 ? 0 : choices.integer(1, 900));
    deliverNow(envelope, storageFault);
  }

  private void deliverNow(Envelope envelope, boolean storageFault) {
    if (!storageFault) {
      sent.add(envelope);
      sentAt.add(clock);
    }
    steps.add(
        new ScenarioStep.Deliver(
            steps.size() + 1, envelope, clock, new Transport(false, null, storageFault), null));
  }

  private void reconcile() {
    TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
    int listed = choices.integer(1, 2);
    for (int index = 0; index < listed; index++) {
      String objectId = choices.bool(15) ? "card-new-" + choices.integer(1, 2) : card();
      long current = truth.getOrDefault(objectId, 1L);
      long version = Math.max(0, current + choices.integer(-1, 2));
      if (truth.containsKey(objectId) && version > current) {
        truth.put(objectId, version);
      }
      authority.put(objectId, new AuthoritativeCard(version, state(objectId, version, 0)));
    }
    clock = clock.plusSeconds(choices.integer(0, 60));
    steps.add(new ScenarioStep.Reconcile(steps.size() + 1, authority, clock, null));
  }

  private void advance(Duration by) {
    clock = clock.plus(by);
    steps.add(new ScenarioStep.Advance(steps.size() + 1, by, clock, null));
  }
}
