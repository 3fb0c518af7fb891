package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Checks the model-free invariants of SPEC section 7 after every step, from what the receiver shows
 * and the harness's own memory of what it sent ({@link SentMemory}). It never asks the reference
 * model, so it holds any receiver with a different policy to the same bar. Each finding is one
 * function; the checker runs those the receiver's observation level supports.
 */
public final class InvariantChecker {
  /** Every finding's function; an enum map runs them in {@link Finding}'s order. */
  private static final Map<Finding, Function<StepContext, List<Violation>>> CHECKS =
      new EnumMap<>(Finding.class);

  static {
    CHECKS.put(Finding.FIRST_RECORD_CHANGED, IdentityChecks::firstRecordChanged);
    CHECKS.put(Finding.PAUSED_CARD_CHANGED, CardChecks::pausedCardChanged);
    CHECKS.put(Finding.CARD_CHANGED_BY_CLOCK, CardChecks::cardChangedByClock);
    CHECKS.put(Finding.HELD_CHANGED_CARD, CardChecks::heldChangedCard);
    CHECKS.put(Finding.INVENTED_CARD, CardChecks::inventedCard);
    CHECKS.put(Finding.VERSION_LOWERED, CardChecks::versionLowered);
    CHECKS.put(Finding.STATE_NOT_REPLACED, CardChecks::stateNotReplaced);
    CHECKS.put(Finding.REDELIVERY_NOT_IDEMPOTENT, IdentityChecks::redeliveryNotIdempotent);
    CHECKS.put(Finding.VARIANT_CHANGED_CARD, IdentityChecks::variantChangedCard);
    CHECKS.put(Finding.COUNTERS_WRONG, RecordChecks::countersWrong);
    CHECKS.put(Finding.ACK_ON_FAILED_WRITE, RecordChecks::ackOnFailedWrite);
    CHECKS.put(Finding.ACK_WITHOUT_DECISION, RecordChecks::ackWithoutDecision);
    CHECKS.put(Finding.NO_ACK_CHANGED_STATE, RecordChecks::noAckChangedState);
    CHECKS.put(Finding.AUDIT_REWRITTEN, RecordChecks::auditRewritten);
    CHECKS.put(
        Finding.DUPLICATE_OF_UNRECORDED_CONTENT, IdentityChecks::duplicateOfUnrecordedContent);
    CHECKS.put(Finding.DECISION_NOT_RECORDED_ONCE, RecordChecks::decisionNotRecordedOnce);
    CHECKS.put(Finding.HELD_DECISION_NOT_LISTED, RecordChecks::heldDecisionNotListed);
    CHECKS.put(Finding.HELD_INPUT_DROPPED, RecordChecks::heldInputDropped);
  }

  private final Set<Invariant> enabled;
  private final Set<Observable> shown;
  private final SentMemory memory;
  private final EnumMap<Invariant, Long> exercised;

  /** A checker of every model-free invariant, for a receiver that shows everything. */
  public InvariantChecker(Scenario scenario) {
    this(scenario, Invariant.allModelFree());
  }

  /**
   * A checker that reports only the {@code enabled} invariants. It still tracks everything it
   * needs, so one invariant alone sees the same history as all of them together: that is how the
   * bug zoo shows which invariant catches which mistake.
   */
  public InvariantChecker(Scenario scenario, Set<Invariant> enabled) {
    this(scenario, enabled, Observable.RICHEST_LEVEL);
  }

  /** As above, for a receiver that shows only {@code shown}: findings it cannot see are skipped. */
  public InvariantChecker(Scenario scenario, Set<Invariant> enabled, Set<Observable> shown) {
    this.enabled = EnumSet.noneOf(Invariant.class);
    this.enabled.addAll(enabled);
    this.shown = EnumSet.copyOf(shown);
    this.memory = new SentMemory(scenario);
    this.exercised = new EnumMap<>(Invariant.class);
  }

  private InvariantChecker(InvariantChecker other) {
    this.enabled = other.enabled;
    this.shown = other.shown;
    this.memory = new SentMemory(other.memory);
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

  /** The findings this checker looks for: enabled, and observable in what the receiver shows. */
  public List<Finding> findings() {
    return CHECKS.keySet().stream()
        .filter(finding -> enabled.contains(finding.invariant()))
        .filter(finding -> finding.observableIn(shown))
        .toList();
  }

  /** Every invariant broken by one step, in {@link Finding}'s order. */
  public List<Violation> check(
      ScenarioStep step, Observation before, HistoryStep recorded, Observation after) {
    memory.beforeChecks(step, recorded);
    StepContext context = new StepContext(step, recorded, before, after, shown, memory);
    List<Violation> violations = new ArrayList<>();
    Set<Invariant> checked = EnumSet.noneOf(Invariant.class);
    for (Finding finding : findings()) {
      checked.add(finding.invariant());
      violations.addAll(CHECKS.get(finding).apply(context));
    }
    countExercise(context, checked, exercised);
    if (context.durableDelivery() && context.decision() != null) {
      memory.afterDelivery((ScenarioStep.Deliver) step, context.decision());
    }
    return violations;
  }

  /**
   * How often each invariant was exercised: checked on a step where it could have failed (a
   * redelivery for IDEMPOTENT_REDELIVERY, a storage fault for ACK_MEANS_DURABLE, ...).
   */
  public Map<Invariant, Long> exercised() {
    return new EnumMap<>(exercised);
  }

  /**
   * The harness's memory in canonical form: two checkers with equal memories judge every later step
   * alike. First receipt times are replaced by {@code retentionClass}, as in the explorer's state
   * fingerprint; held deliveries are named by event id and content.
   */
  public Memory memory(IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    return memory(stepNames, retentionClass, eventId -> true);
  }

  /**
   * The harness's memory without what it remembers of the event ids {@code mayArrive} rejects: only
   * a delivery of an id reads its track and recorded contents, so a search that knows an id cannot
   * arrive again may leave them out of its state key.
   */
  public Memory memory(
      IntUnaryOperator stepNames,
      ToIntFunction<Instant> retentionClass,
      Predicate<String> mayArrive) {
    TreeMap<String, Memory.Track> tracks = new TreeMap<>();
    memory.identities.forEach(
        (id, track) -> {
          if (mayArrive.test(id)) {
            tracks.put(
                id,
                new Memory.Track(
                    retentionClass.applyAsInt(track.firstReceivedAt),
                    Map.copyOf(track.latestDecisions)));
          }
        });
    Map<Memory.HeldDelivery, Integer> held = new HashMap<>();
    memory.expectedHeld.forEach(
        key -> held.merge(new Memory.HeldDelivery(key.eventId(), key.content()), 1, Integer::sum));
    TreeMap<String, Set<JsonValue>> recorded = new TreeMap<>();
    memory.recordedContents.forEach(
        (id, contents) -> {
          if (mayArrive.test(id)) {
            recorded.put(id, Set.copyOf(contents));
          }
        });
    return new Memory(new TreeSet<>(memory.allowedCards), tracks, held, recorded);
  }

  /**
   * The harness's memory as a value (see {@link #memory}).
   *
   * @param allowedCards the initial cards and those an authority listed
   * @param identities per event id the harness must treat as retained, what it remembers
   * @param expectedHeld the deliveries that must still be listed as held, by id and content, each
   *     with how many times it must be listed
   * @param recordedContents per event id, every content the receiver recorded under it
   */
  public record Memory(
      SortedSet<String> allowedCards,
      SortedMap<String, Track> identities,
      Map<HeldDelivery, Integer> expectedHeld,
      SortedMap<String, Set<JsonValue>> recordedContents) {

    /** A delivery that must still be listed as held: its event id (null if none) and content. */
    public record HeldDelivery(String eventId, JsonValue content) {}

    /** One remembered event id: its retention class and the latest decision per content. */
    public record Track(int retentionClass, Map<JsonValue, Decision> latestDecisions) {}
  }

  // Counts, apart from the checks themselves, how often each invariant was exercised: checked on a
  // step where it could have failed (a paused card for PAUSED_FROZEN, a redelivery for
  // IDEMPOTENT_REDELIVERY, a storage fault for ACK_MEANS_DURABLE, ...). Property coverage
  // requirements read these counts.

  /** Adds one step's exercise of every invariant in {@code checked} to {@code tally}. */
  static void countExercise(
      StepContext context, Set<Invariant> checked, EnumMap<Invariant, Long> tally) {
    Map<Invariant, Long> step = new EnumMap<>(Invariant.class);
    for (Map.Entry<String, RecordedContent> entry : context.before().firstRecords().entrySet()) {
      if (context.after().firstRecords().containsKey(entry.getKey())) {
        add(step, Invariant.FIRST_RECORD_KEPT, 1);
      }
    }
    if (context.undurableDelivery()) {
      add(step, Invariant.ACK_MEANS_DURABLE, 1);
    } else if (context.durableDelivery()) {
      countDelivery(context, step);
    } else if (context.quiet()) {
      add(step, Invariant.PAUSED_FROZEN, pausedBefore(context));
      add(step, Invariant.CLOCK_CHANGES_NO_CARD, 1);
    }
    if (!context.undurableDelivery()) {
      add(step, Invariant.COUNTS_HONEST, 1);
    }
    add(step, Invariant.NO_INVENTED_CARDS, 1);
    add(step, Invariant.AUDIT_APPEND_ONLY, 1);
    step.forEach(
        (invariant, count) -> {
          if (checked.contains(invariant) && count > 0) {
            tally.merge(invariant, count, Long::sum);
          }
        });
  }

  private static void countDelivery(StepContext context, Map<Invariant, Long> step) {
    add(step, Invariant.NOTHING_LOST, 1);
    add(step, Invariant.VERSION_MONOTONIC, 1);
    add(step, Invariant.PAUSED_FROZEN, pausedBefore(context));
    DecisionKind kind = context.decision() == null ? null : context.decision().kind();
    if (kind == DecisionKind.HELD) {
      add(step, Invariant.HELD_NO_EFFECT, 1);
    }
    if (kind == DecisionKind.APPLIED) {
      add(step, Invariant.FULL_REPLACEMENT, 1);
    }
    if (context.recordedDecision() != null) {
      add(step, Invariant.IDEMPOTENT_REDELIVERY, 1);
    } else if (context.retainedVariant()) {
      add(step, Invariant.NO_VARIANT_APPLIED, 1);
    }
  }

  private static long pausedBefore(StepContext context) {
    return context.before().cards().values().stream().filter(Card::paused).count();
  }

  private static void add(Map<Invariant, Long> step, Invariant invariant, long count) {
    step.merge(invariant, count, Long::sum);
  }
}
