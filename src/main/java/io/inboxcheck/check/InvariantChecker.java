package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * Checks the model-free invariants of SPEC section 7 after every step, from the receiver's
 * observable view and the harness's own knowledge of what it sent. It never asks the reference
 * model, so it holds any receiver with a different policy to the same bar.
 */
public final class InvariantChecker {
  private final Set<Invariant> enabled;
  private final Duration retention;
  private final Set<String> allowedCards = new HashSet<>();
  private final Map<String, IdentityTrack> identities = new HashMap<>();
  private final Map<Integer, Sent> sentByStep = new HashMap<>();
  private final Set<Integer> expectedHeld = new LinkedHashSet<>();
  private final Map<String, Set<JsonValue>> recordedContents = new HashMap<>();
  private final EnumMap<Invariant, Long> exercised;
  private Instant clock;

  /** A checker of every model-free invariant. */
  public InvariantChecker(Scenario scenario) {
    this(scenario, Invariant.allModelFree());
  }

  /**
   * A checker that reports only the {@code enabled} invariants. It still tracks everything it
   * needs, so one invariant alone sees the same history as all of them together: that is how the
   * bug zoo shows which invariant catches which mistake.
   */
  public InvariantChecker(Scenario scenario, Set<Invariant> enabled) {
    this.enabled = EnumSet.noneOf(Invariant.class);
    this.enabled.addAll(enabled);
    this.retention = scenario.retention();
    this.clock = scenario.start();
    this.allowedCards.addAll(scenario.initial().keySet());
    this.exercised = new EnumMap<>(Invariant.class);
  }

  private InvariantChecker(InvariantChecker other) {
    this.enabled = other.enabled;
    this.retention = other.retention;
    this.clock = other.clock;
    this.allowedCards.addAll(other.allowedCards);
    other.identities.forEach((id, track) -> identities.put(id, track.copy()));
    this.sentByStep.putAll(other.sentByStep);
    this.expectedHeld.addAll(other.expectedHeld);
    other.recordedContents.forEach(
        (id, contents) -> recordedContents.put(id, new HashSet<>(contents)));
    this.exercised = other.exercised;
  }

  /**
   * An independent copy of the harness's memory, for a search that continues one run along several
   * next steps. The copy adds to the same tally of {@link #exercised()} checks, so a search reports
   * one total over all the transitions it checked.
   */
  public InvariantChecker copy() {
    return new InvariantChecker(this);
  }

  /**
   * The harness's memory in canonical form: two checkers with equal memories judge every later step
   * alike. Step numbers are replaced by {@code stepNames} and first receipt times by {@code
   * retentionClass}, as in {@link io.inboxcheck.model.StateFingerprint}; what the harness sent at a
   * step is implied by the step's name.
   */
  public Memory memory(IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    TreeMap<String, Memory.Track> tracks = new TreeMap<>();
    identities.forEach(
        (id, track) ->
            tracks.put(
                id,
                new Memory.Track(
                    retentionClass.applyAsInt(track.firstReceivedAt),
                    Map.copyOf(track.latestDecisions))));
    TreeSet<Integer> sent = new TreeSet<>();
    sentByStep.keySet().forEach(step -> sent.add(stepNames.applyAsInt(step)));
    TreeSet<Integer> held = new TreeSet<>();
    expectedHeld.forEach(step -> held.add(stepNames.applyAsInt(step)));
    TreeMap<String, Set<JsonValue>> recorded = new TreeMap<>();
    recordedContents.forEach((id, contents) -> recorded.put(id, Set.copyOf(contents)));
    return new Memory(new TreeSet<>(allowedCards), tracks, sent, held, recorded);
  }

  /**
   * The harness's memory as a value (see {@link #memory}).
   *
   * @param allowedCards the initial cards and those an authority listed
   * @param identities per event id the harness must treat as retained, what it remembers
   * @param sentNames the names of the steps whose content the harness remembers
   * @param expectedHeldNames the names of the deliveries that must still be listed as held
   * @param recordedContents per event id, every content the receiver recorded under it
   */
  public record Memory(
      SortedSet<String> allowedCards,
      SortedMap<String, Track> identities,
      SortedSet<Integer> sentNames,
      SortedSet<Integer> expectedHeldNames,
      SortedMap<String, Set<JsonValue>> recordedContents) {

    /** One remembered event id: its retention class and the latest decision per content. */
    public record Track(int retentionClass, Map<JsonValue, Decision> latestDecisions) {}
  }

  /**
   * How often each invariant was exercised: checked on a step where it could have failed (a
   * redelivery for IDEMPOTENT_REDELIVERY, a storage fault for ACK_MEANS_DURABLE, ...).
   */
  public Map<Invariant, Long> exercised() {
    return new EnumMap<>(exercised);
  }

  private void exercise(Invariant invariant) {
    exercised.merge(invariant, 1L, Long::sum);
  }

  /** What the harness sent at one step, so a later re-evaluation can update its decision. */
  private record Sent(String eventId, JsonValue content) {}

  /** The harness's memory of one event id while it must still be retained. */
  private static final class IdentityTrack {
    private final Instant firstReceivedAt;
    private final Map<JsonValue, Decision> latestDecisions = new HashMap<>();

    IdentityTrack(Instant firstReceivedAt) {
      this.firstReceivedAt = firstReceivedAt;
    }

    IdentityTrack copy() {
      IdentityTrack copy = new IdentityTrack(firstReceivedAt);
      copy.latestDecisions.putAll(latestDecisions);
      return copy;
    }
  }

  /** Every invariant broken by one step, in the order of SPEC section 7. */
  public List<Violation> check(
      ScenarioStep step, Snapshot before, HistoryStep recorded, Snapshot after) {
    if (step.time() != null) {
      clock = step.time();
    }
    List<Violation> violations = new ArrayList<>();
    Context context = new Context(step, recorded, before, after, enabled, violations);
    firstRecordKept(context);
    if (step instanceof ScenarioStep.Deliver deliver) {
      checkDelivery(context, deliver, (HistoryStep.Delivered) recorded.detail());
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      checkReconciliation(context, reconcile, (HistoryStep.Reconciled) recorded.detail());
    } else {
      checkQuietStep(context);
    }
    noInventedCards(context);
    auditAppendOnly(context);
    heldStayListed(context);
    return violations;
  }

  /** Everything one step's checks read, and where they put what they find. */
  private record Context(
      ScenarioStep step,
      HistoryStep recorded,
      Snapshot before,
      Snapshot after,
      Set<Invariant> enabled,
      List<Violation> violations) {

    void fail(Invariant invariant, String expected, Object observed) {
      if (!enabled.contains(invariant)) {
        return;
      }
      violations.add(
          new Violation(
              invariant,
              step.number(),
              recorded.detail().kind(),
              expected,
              String.valueOf(observed)));
    }

    List<String> changedCards() {
      return Snapshot.changedCards(before, after);
    }
  }

  private void checkDelivery(
      Context context, ScenarioStep.Deliver deliver, HistoryStep.Delivered delivered) {
    Decision decision = delivered.decision();
    if (delivered.ack() == Ack.NO_ACK || decision == null || deliver.transport().storageFault()) {
      exercise(Invariant.ACK_MEANS_DURABLE);
      ackMeansDurable(context, deliver, delivered);
      return;
    }
    exercise(Invariant.NOTHING_LOST);
    exercise(Invariant.VERSION_MONOTONIC);
    pausedFrozen(context);
    versionMonotonic(context);
    if (decision.kind() == DecisionKind.HELD) {
      exercise(Invariant.HELD_NO_EFFECT);
    }
    if (decision.kind() == DecisionKind.HELD && !context.changedCards().isEmpty()) {
      context.fail(
          Invariant.HELD_NO_EFFECT,
          "no card changed by a HELD decision",
          "changed " + context.changedCards());
    }
    if (decision.kind() == DecisionKind.APPLIED) {
      exercise(Invariant.FULL_REPLACEMENT);
      fullReplacement(context, deliver.envelope());
    }
    redeliveryWithinRetention(context, deliver, decision);
    duplicateOnlyOfRecordedContent(context, deliver, decision);
    long applied = decision.kind() == DecisionKind.APPLIED ? 1 : 0;
    countsHonest(context, applied, 0);
    exactlyOneDecision(context);
    remember(deliver, decision);
  }

  private void checkReconciliation(
      Context context, ScenarioStep.Reconcile reconcile, HistoryStep.Reconciled reconciled) {
    allowedCards.addAll(reconcile.authority().keySet());
    long applied = 0;
    for (ObjectReconciliation object : reconciled.objects()) {
      for (HeldInput resolved : object.resolved()) {
        expectedHeld.remove(resolved.step());
      }
      for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
        int heldStep = reevaluation.input().step();
        if (reevaluation.decision().kind() == DecisionKind.APPLIED) {
          applied++;
        }
        if (reevaluation.decision().kind() != DecisionKind.HELD) {
          expectedHeld.remove(heldStep);
        }
        recordReevaluation(heldStep, reevaluation.decision());
      }
    }
    long changing = 0;
    for (Map.Entry<String, AuthoritativeCard> entry : reconcile.authority().entrySet()) {
      Card before = context.before().cards().get(entry.getKey());
      if (before == null || !before.sameContentAs(entry.getValue().asCard())) {
        changing++;
      }
    }
    countsHonest(context, applied, changing);
  }

  private void checkQuietStep(Context context) {
    pausedFrozen(context);
    versionMonotonic(context);
    if (!context.changedCards().isEmpty()) {
      context.fail(
          Invariant.PAUSED_FROZEN,
          "a clock advance changes no card",
          "changed " + context.changedCards());
    }
    countsHonest(context, 0, 0);
  }

  private void firstRecordKept(Context context) {
    for (Map.Entry<String, RecordedContent> entry : context.before().firstRecords().entrySet()) {
      RecordedContent after = context.after().firstRecords().get(entry.getKey());
      if (after == null) {
        continue; // pruned by retention, which SPEC section 5 allows
      }
      exercise(Invariant.FIRST_RECORD_KEPT);
      RecordedContent before = entry.getValue();
      if (prunedThenRecordedAgain(context, before, after)) {
        continue;
      }
      if (!before.content().equals(after.content()) || before.step() != after.step()) {
        context.fail(
            Invariant.FIRST_RECORD_KEPT,
            entry.getKey()
                + " first record "
                + before.content().canonicalText()
                + " from step "
                + before.step(),
            after.content().canonicalText() + " from step " + after.step());
      }
    }
  }

  /**
   * Whether the record's retention had ended when this step's clock was set, and this step's own
   * delivery recorded the id anew. Retention prunes before the step is decided (SPEC section 5), so
   * a redelivery can replace an expired record within one step; that is a new first record, not an
   * overwritten one.
   */
  private boolean prunedThenRecordedAgain(
      Context context, RecordedContent before, RecordedContent after) {
    return after.step() == context.step().number()
        && !clock.isBefore(before.receivedAt().plus(retention));
  }

  private void pausedFrozen(Context context) {
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (entry.getValue().paused()) {
        exercise(Invariant.PAUSED_FROZEN);
      }
      if (entry.getValue().paused() && Snapshot.contentChanged(entry.getValue(), after)) {
        context.fail(
            Invariant.PAUSED_FROZEN,
            "paused "
                + entry.getKey()
                + " to stay v"
                + entry.getValue().version()
                + " "
                + entry.getValue().state(),
            after == null ? "card removed" : "v" + after.version() + " " + after.state());
      }
    }
  }

  private void versionMonotonic(Context context) {
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (after == null || after.version() < entry.getValue().version()) {
        context.fail(
            Invariant.VERSION_MONOTONIC,
            entry.getKey() + " at v" + entry.getValue().version() + " or higher",
            after == null ? "card removed" : "v" + after.version());
      }
    }
  }

  private void fullReplacement(Context context, Envelope envelope) {
    String objectId = envelope.objectId().orElse(null);
    Card after = objectId == null ? null : context.after().cards().get(objectId);
    boolean exact =
        after != null
            && envelope.version() instanceof ObjectVersion.Valid valid
            && after.version() == valid.value()
            && envelope.state().isPresent()
            && after.state().equals(envelope.state().get());
    if (!exact) {
      context.fail(
          Invariant.FULL_REPLACEMENT,
          objectId
              + " to equal the applied event exactly: "
              + envelope.version()
              + " "
              + envelope.state().map(Object::toString).orElse("?"),
          after == null ? "no such card" : "v" + after.version() + " " + after.state());
    }
  }

  private void redeliveryWithinRetention(
      Context context, ScenarioStep.Deliver deliver, Decision decision) {
    String eventId = deliver.envelope().eventId().orElse(null);
    IdentityTrack track = eventId == null ? null : identities.get(eventId);
    if (track == null || !clock.isBefore(track.firstReceivedAt.plus(retention))) {
      return;
    }
    Decision recorded = track.latestDecisions.get(deliver.envelope().content());
    if (recorded != null) {
      exercise(Invariant.IDEMPOTENT_REDELIVERY);
      boolean restates =
          decision instanceof Decision.Duplicate duplicate && duplicate.restates().equals(recorded);
      List<String> changes = redeliveryChanges(context);
      if (!restates || !changes.isEmpty()) {
        context.fail(
            Invariant.IDEMPOTENT_REDELIVERY,
            "no change and DUPLICATE restating " + recorded.describe(),
            decision.describe()
                + (changes.isEmpty() ? "" : ", changed " + String.join(", ", changes)));
      }
      return;
    }
    exercise(Invariant.NO_VARIANT_APPLIED);
    if (!context.changedCards().isEmpty()) {
      context.fail(
          Invariant.NO_VARIANT_APPLIED,
          "a variant of retained " + eventId + " to change no card",
          decision.describe() + " changed " + context.changedCards());
    }
  }

  /**
   * NOTHING_LOST from the duplicate's side: a DUPLICATE says this content was recorded before and
   * has no new effect. For content never recorded under that id (a changed content answered as a
   * duplicate) that leaves the delivery with no decision of its own: it is dropped. Holds for any
   * retention, since it only asks what was ever recorded.
   */
  private void duplicateOnlyOfRecordedContent(
      Context context, ScenarioStep.Deliver deliver, Decision decision) {
    if (!(decision instanceof Decision.Duplicate)) {
      return;
    }
    String eventId = deliver.envelope().eventId().orElse(null);
    Set<JsonValue> recorded =
        eventId == null ? Set.of() : recordedContents.getOrDefault(eventId, Set.of());
    if (!recorded.contains(deliver.envelope().content())) {
      context.fail(
          Invariant.NOTHING_LOST,
          "DUPLICATE only for content recorded under " + eventId + " before",
          "DUPLICATE for content never recorded: " + deliver.envelope().content().canonicalText());
    }
  }

  /** What one step changed that an identical redelivery must leave alone, as people read it. */
  private static List<String> redeliveryChanges(Context context) {
    List<String> changes = new ArrayList<>();
    if (!context.changedCards().isEmpty()) {
      changes.add("cards " + context.changedCards());
    }
    if (!pausesUnchanged(context)) {
      changes.add("pauses");
    }
    if (!Objects.equals(context.before().held(), context.after().held())) {
      changes.add("held inputs");
    }
    ReplacementCounters before = context.before().replacements();
    ReplacementCounters after = context.after().replacements();
    if (!before.equals(after)) {
      changes.add(
          "replacements event "
              + before.event()
              + " -> "
              + after.event()
              + ", authoritative "
              + before.authoritative()
              + " -> "
              + after.authoritative());
    }
    return changes;
  }

  private static boolean pausesUnchanged(Context context) {
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (after == null || after.paused() != entry.getValue().paused()) {
        return false;
      }
    }
    return true;
  }

  private void countsHonest(Context context, long applied, long changingAuthoritative) {
    exercise(Invariant.COUNTS_HONEST);
    long eventDelta =
        context.after().replacements().event() - context.before().replacements().event();
    long authoritativeDelta =
        context.after().replacements().authoritative()
            - context.before().replacements().authoritative();
    if (eventDelta != applied || authoritativeDelta != changingAuthoritative) {
      context.fail(
          Invariant.COUNTS_HONEST,
          "event +" + applied + ", authoritative +" + changingAuthoritative,
          "event +" + eventDelta + ", authoritative +" + authoritativeDelta);
    }
  }

  private void ackMeansDurable(
      Context context, ScenarioStep.Deliver deliver, HistoryStep.Delivered delivered) {
    if (deliver.transport().storageFault() && delivered.ack() == Ack.ACK) {
      context.fail(
          Invariant.ACK_MEANS_DURABLE,
          "NO_ACK when the durable write fails",
          "ACK with " + describe(delivered.decision()));
      return;
    }
    if (delivered.ack() == Ack.ACK || delivered.decision() != null) {
      context.fail(
          Invariant.ACK_MEANS_DURABLE,
          "a decision exactly when acknowledged",
          delivered.ack() + " with decision " + describe(delivered.decision()));
      return;
    }
    List<AuditEntry> added =
        context
            .after()
            .audit()
            .subList(
                Math.min(context.before().audit().size(), context.after().audit().size()),
                context.after().audit().size());
    boolean onlyPruning = added.stream().allMatch(AuditEntry.IdentityPruned.class::isInstance);
    boolean unchanged =
        context.before().cards().equals(context.after().cards())
            && context.before().held().equals(context.after().held())
            && context.before().replacements().equals(context.after().replacements())
            && onlyPruning;
    if (!unchanged) {
      context.fail(
          Invariant.ACK_MEANS_DURABLE,
          "NO_ACK to leave everything as it was",
          "changed cards " + context.changedCards() + ", audit +" + added.size());
    }
  }

  private static String describe(Decision decision) {
    return decision == null ? "no decision" : decision.describe();
  }

  private void exactlyOneDecision(Context context) {
    long entries =
        context.after().audit().stream()
            .filter(AuditEntry.DeliveryRecorded.class::isInstance)
            .filter(entry -> entry.step() == context.step().number())
            .count();
    if (entries != 1) {
      context.fail(
          Invariant.NOTHING_LOST,
          "exactly one recorded decision for the delivery at this step",
          entries + " audit entries");
    }
  }

  private void noInventedCards(Context context) {
    exercise(Invariant.NO_INVENTED_CARDS);
    for (String id : context.after().cards().keySet()) {
      if (!allowedCards.contains(id)) {
        context.fail(
            Invariant.NO_INVENTED_CARDS,
            "only initial or authority-listed cards",
            "card " + id + " exists");
      }
    }
  }

  private void auditAppendOnly(Context context) {
    exercise(Invariant.AUDIT_APPEND_ONLY);
    List<AuditEntry> before = context.before().audit();
    List<AuditEntry> after = context.after().audit();
    if (after.size() < before.size() || !after.subList(0, before.size()).equals(before)) {
      context.fail(
          Invariant.AUDIT_APPEND_ONLY,
          "the " + before.size() + " earlier audit entries unchanged",
          after.size() + " entries, not starting with the earlier ones");
    }
  }

  private void heldStayListed(Context context) {
    Set<Integer> listed = new HashSet<>();
    context.after().held().forEach(input -> listed.add(input.step()));
    for (int step : expectedHeld) {
      if (!listed.contains(step)) {
        context.fail(
            Invariant.NOTHING_LOST,
            "the delivery held at step " + step + " listed until resolved",
            "held inputs at steps " + listed);
        return;
      }
    }
  }

  private void remember(ScenarioStep.Deliver deliver, Decision decision) {
    int step = deliver.number();
    if (decision.kind() == DecisionKind.HELD) {
      expectedHeld.add(step);
    }
    String eventId = deliver.envelope().eventId().orElse(null);
    if (eventId == null || decision instanceof Decision.Duplicate) {
      return;
    }
    recordedContents
        .computeIfAbsent(eventId, id -> new HashSet<>())
        .add(deliver.envelope().content());
    IdentityTrack track = identities.get(eventId);
    boolean variant = decision.reason() == HeldReason.ID_CONFLICT;
    if (track == null || (!clock.isBefore(track.firstReceivedAt.plus(retention)) && !variant)) {
      // A first record, or an id the receiver was allowed to forget and now treats as new.
      track = new IdentityTrack(clock);
      identities.put(eventId, track);
    }
    track.latestDecisions.put(deliver.envelope().content(), decision);
    sentByStep.put(step, new Sent(eventId, deliver.envelope().content()));
  }

  private void recordReevaluation(int heldStep, Decision decision) {
    Sent sent = sentByStep.get(heldStep);
    if (sent == null) {
      return;
    }
    IdentityTrack track = identities.get(sent.eventId());
    if (track != null) {
      track.latestDecisions.put(sent.content(), decision);
    }
  }
}
