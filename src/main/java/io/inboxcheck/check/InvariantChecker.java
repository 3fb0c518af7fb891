package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.JsonValue;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
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
  private final Duration retention;
  private final Set<String> allowedCards = new HashSet<>();
  private final Map<String, IdentityTrack> identities = new HashMap<>();
  private final Map<Integer, Sent> sentByStep = new HashMap<>();
  private final Set<Integer> expectedHeld = new LinkedHashSet<>();
  private final EnumMap<Invariant, Long> exercised;
  private Instant clock;

  public InvariantChecker(Scenario scenario) {
    this.retention = scenario.retention();
    this.clock = scenario.start();
    this.allowedCards.addAll(scenario.initial().keySet());
    this.exercised = new EnumMap<>(Invariant.class);
  }

  private InvariantChecker(InvariantChecker other) {
    this.retention = other.retention;
    this.clock = other.clock;
    this.allowedCards.addAll(other.allowedCards);
    other.identities.forEach((id, track) -> identities.put(id, track.copy()));
    this.sentByStep.putAll(other.sentByStep);
    this.expectedHeld.addAll(other.expectedHeld);
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
    return new Memory(new TreeSet<>(allowedCards), tracks, sent, held);
  }

  /**
   * The harness's memory as a value (see {@link #memory}).
   *
   * @param allowedCards the initial cards and those an authority listed
   * @param identities per event id the harness must treat as retained, what it remembers
   * @param sentNames the names of the steps whose content the harness remembers
   * @param expectedHeldNames the names of the deliveries that must still be listed as held
   */
  public record Memory(
      SortedSet<String> allowedCards,
      SortedMap<String, Track> identities,
      SortedSet<Integer> sentNames,
      SortedSet<Integer> expectedHeldNames) {

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
    Context context = new Context(step, recorded, before, after, violations);
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
      List<Violation> violations) {

    void fail(Invariant invariant, String expected, Object observed) {
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
      boolean unchanged =
          context.changedCards().isEmpty()
              && Objects.equals(context.before().held(), context.after().held())
              && context.before().replacements().equals(context.after().replacements())
              && pausesUnchanged(context);
      if (!restates || !unchanged) {
        context.fail(
            Invariant.IDEMPOTENT_REDELIVERY,
            "no change and DUPLICATE restating " + recorded.describe(),
            decision.describe()
                + (unchanged ? "" : ", state changed: cards " + context.changedCards()));
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
