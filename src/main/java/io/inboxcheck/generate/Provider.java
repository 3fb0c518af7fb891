package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The provider's side of a generated scenario: its truth per card and the event ids, timestamps,
 * states and snapshots it makes. What reaches the receiver, and how faultily, is {@link
 * ScenarioDraft}'s business.
 */
final class Provider {
  private static final List<String> STAGES = List.of("queued", "building", "ready", "archived");
  private static final List<String> LABELS = List.of("Map", "Chart", "Forge", "Atlas");

  /** A card the receiver never knew: deliveries for it are held UNKNOWN_OBJECT. */
  static final String UNKNOWN_CARD = "card-9";

  private final Choices choices;
  private final Swarm swarm;
  private final Map<String, ProviderTruth> truths = new TreeMap<>();
  private final ProviderTruth unknownTruth;
  private final List<String> issuedIds = new ArrayList<>();
  private int nextEvent = 1;

  Provider(Choices choices) {
    this(choices, Swarm.PLAIN);
  }

  /** A provider whose versions and choice of card follow the case's {@code swarm}. */
  Provider(Choices choices, Swarm swarm) {
    this.choices = choices;
    this.swarm = swarm;
    this.unknownTruth = new ProviderTruth(UNKNOWN_CARD, 0, JsonObject.EMPTY);
  }

  /** Starts the truth of a card the receiver knows from the start. */
  void addCard(String objectId, long version, JsonObject state) {
    truths.put(objectId, new ProviderTruth(objectId, version, state));
  }

  /** Makes the unknown card known, once an authority has stated it. */
  void learnUnknownCard() {
    truths.putIfAbsent(UNKNOWN_CARD, unknownTruth);
  }

  Collection<ProviderTruth> truths() {
    return truths.values();
  }

  ProviderTruth unknownTruth() {
    return unknownTruth;
  }

  ProviderTruth knownTruth() {
    List<ProviderTruth> known = new ArrayList<>(truths.values());
    // A long run of events for one card builds the deep history a rare bug needs. Both choices are
    // drawn either way, so shrinking the swarm's flag moves no later choice.
    boolean focused = choices.bool(swarm.oneCardRuns() ? Swarm.FOCUS_PERCENT : 0);
    ProviderTruth picked = choices.pick(known);
    return focused ? known.get(0) : picked;
  }

  /** A card's first version, next to an edge when the case draws edge versions. */
  long initialVersion() {
    return EdgeValues.initialVersion(choices, swarm.edgeVersions());
  }

  List<String> knownCardIds() {
    return new ArrayList<>(truths.keySet());
  }

  /**
   * A new snapshot from the provider's truth, with a version gap. Sometimes the provider made one
   * more snapshot just before it, which stays in flight and can arrive late.
   */
  JsonObject newSnapshot(ProviderTruth truth) {
    if (truth != unknownTruth && choices.bool(15)) {
      truth.add(next(truth), false);
    }
    return nextSnapshot(truth);
  }

  /** The provider's next snapshot of a card, delivered now: a higher version, a gap of 1-3. */
  JsonObject nextSnapshot(ProviderTruth truth) {
    ProviderTruth.Snapshot snapshot = next(truth);
    truth.add(snapshot, true);
    return envelope(snapshot);
  }

  /**
   * The card's latest version and state as an envelope to state again; its event id and occurred_at
   * are placeholders that the caller replaces.
   */
  JsonObject restatement(ProviderTruth truth) {
    return envelope(
        new ProviderTruth.Snapshot(
            truth.objectId(),
            "",
            truth.latestVersion(),
            truth.latestState(),
            ScenarioGenerator.START.toString()));
  }

  /**
   * The snapshot after the truth's latest. At 2^63-1 no version is higher, so the provider re-emits
   * its latest state there: one version never carries two states unless a case asks for a conflict.
   */
  private ProviderTruth.Snapshot next(ProviderTruth truth) {
    long version = EdgeValues.nextVersion(choices, truth.latestVersion(), swarm.edgeVersions());
    JsonObject state = version == truth.latestVersion() ? truth.latestState() : state();
    return new ProviderTruth.Snapshot(
        truth.objectId(), nextEventId(), version, state, occurredAt());
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

  /**
   * A new event id: {@code e-N}, or (when the case draws look-alike ids) sometimes an id that
   * differs from one already sent only in case, in normalisation or past a long common prefix.
   */
  String nextEventId() {
    String id = ExactValues.eventId(choices, swarm.lookalikeIds(), nextEvent++, issuedIds);
    issuedIds.add(id);
    return id;
  }

  /** occurred_at is drawn independently of versions: providers' timestamps order nothing. */
  String occurredAt() {
    return ScenarioGenerator.START.plusSeconds(choices.integer(0, 10)).toString();
  }

  JsonObject state() {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put("stage", new JsonString(choices.pick(STAGES)));
    members.put("label", new JsonString(choices.pick(LABELS)));
    if (choices.bool(30)) {
      // An optional field makes a merge, instead of a whole-state replacement, visible.
      members.put("owner", new JsonString(choices.pick(List.of("ana", "bo"))));
    }
    ExactValues.StateValue value = ExactValues.stateValue(choices, swarm.exactValues());
    if (value != ExactValues.StateValue.NONE) {
      members.put(ExactValues.STATE_MEMBER, value.value());
    }
    ExactValues.nothing(choices, swarm.exactValues())
        .ifPresent(nothing -> members.put(ExactValues.NOTHING_MEMBER, nothing));
    return new JsonObject(members);
  }

  /**
   * A state other than the envelope's: a new one, or (when the case draws exact values) sometimes
   * its near twin, which SPEC section 1 calls different: the same text in the other Unicode
   * normalisation form, with surrounding whitespace or in the other case, or its "nothing" member
   * swapped for another ({@link NearTwins}).
   */
  JsonObject otherState(JsonObject envelope) {
    JsonValue current = envelope.get(Envelope.STATE).orElse(JsonObject.EMPTY);
    boolean twin = choices.bool(swarm.exactValues() ? ExactValues.NEAR_TWIN_PERCENT : 0);
    if (twin && current instanceof JsonObject object) {
      NearTwins.StateTwin kind =
          NearTwins.StateTwin.values()[choices.weighted(NearTwins.STATE_TWIN_WEIGHTS)];
      Optional<JsonObject> other = NearTwins.stateTwin(object, kind);
      if (other.isPresent()) {
        return other.get();
      }
    }
    JsonObject state = state();
    if (state.equals(current)) {
      state = state.with("label", new JsonString("Other"));
    }
    return state;
  }
}
