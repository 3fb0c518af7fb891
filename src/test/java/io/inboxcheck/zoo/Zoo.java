package io.inboxcheck.zoo;

import static io.inboxcheck.check.Invariant.ACK_MEANS_DURABLE;
import static io.inboxcheck.check.Invariant.AUDIT_APPEND_ONLY;
import static io.inboxcheck.check.Invariant.CLOCK_CHANGES_NO_CARD;
import static io.inboxcheck.check.Invariant.CONFORMANCE;
import static io.inboxcheck.check.Invariant.COUNTS_HONEST;
import static io.inboxcheck.check.Invariant.FIRST_RECORD_KEPT;
import static io.inboxcheck.check.Invariant.FULL_REPLACEMENT;
import static io.inboxcheck.check.Invariant.HELD_NO_EFFECT;
import static io.inboxcheck.check.Invariant.IDEMPOTENT_REDELIVERY;
import static io.inboxcheck.check.Invariant.NOTHING_LOST;
import static io.inboxcheck.check.Invariant.NO_INVENTED_CARDS;
import static io.inboxcheck.check.Invariant.NO_VARIANT_APPLIED;
import static io.inboxcheck.check.Invariant.ORDER_INDEPENDENT;
import static io.inboxcheck.check.Invariant.PAUSED_FROZEN;
import static io.inboxcheck.check.Invariant.RECEIVER_ANSWERS;
import static io.inboxcheck.check.Invariant.VERSION_MONOTONIC;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The bug zoo: naive receivers, each the reference receiver with one mistake people make, and what
 * the harness is expected to catch it with. The first sixteen are issue 4's list, in its order.
 */
public final class Zoo {
  private Zoo() {}

  /**
   * One naive receiver.
   *
   * @param number its place in the zoo
   * @param type the receiver class, loadable with {@code replay --receiver class:NAME}
   * @param mistake the one mistake, in one sentence
   * @param caughtBy the check expected to catch it first: a model-free invariant, else CONFORMANCE
   * @param predicted the model-free invariants expected to catch it on their own: matrix cells
   *     {@code ZooTests} asserts are caught (it runs every cell, and reports the others too)
   * @param orderSensitive whether the order-independence property is run against it too
   */
  public record Entry(
      int number,
      Class<? extends NaiveReceiver> type,
      String mistake,
      Invariant caughtBy,
      Set<Invariant> predicted,
      boolean orderSensitive) {

    public Entry {
      predicted = predicted.isEmpty() ? Set.of() : EnumSet.copyOf(predicted);
    }

    /** The receiver's name, as its histories and reports show it. */
    public String name() {
      return factory().apply(NO_SETUP).name();
    }

    /** Creates the receiver through its public constructor, as the command line does. */
    public Function<ReceiverSetup, Receiver> factory() {
      return setup -> {
        try {
          return type.getConstructor(ReceiverSetup.class).newInstance(setup);
        } catch (NoSuchMethodException
            | InstantiationException
            | IllegalAccessException
            | InvocationTargetException e) {
          throw new IllegalStateException("cannot create " + type.getName(), e);
        }
      };
    }

    @Override
    public String toString() {
      return number + " " + name();
    }
  }

  private static final ReceiverSetup NO_SETUP =
      new ReceiverSetup(new TreeMap<>(), Set.of(), Duration.ZERO, Instant.EPOCH);

  /** Issue 4's sixteen and the four added for invariants none of them broke. */
  private static final List<Entry> FIRST_TWENTY =
      List.of(
          new Entry(
              1,
              LastArrivalWinsReceiver.class,
              "last arrival wins: every event with a version is applied, older ones too",
              VERSION_MONOTONIC,
              Set.of(VERSION_MONOTONIC, ORDER_INDEPENDENT),
              true),
          new Entry(
              2,
              OccurredAtOrderReceiver.class,
              "orders events by occurred_at (ties by arrival) instead of by object version",
              VERSION_MONOTONIC,
              Set.of(VERSION_MONOTONIC, ORDER_INDEPENDENT),
              true),
          new Entry(
              3,
              IdOnlyDedupReceiver.class,
              "deduplicates by event id only: a reused id with changed content is silently dropped",
              NOTHING_LOST,
              Set.of(NOTHING_LOST),
              false),
          new Entry(
              4,
              FirstRecordOverwritingReceiver.class,
              "holds a reused id with changed content but stores the variant over the first record",
              FIRST_RECORD_KEPT,
              Set.of(FIRST_RECORD_KEPT, IDEMPOTENT_REDELIVERY),
              false),
          new Entry(
              5,
              PauseIgnoringReceiver.class,
              "applies events to a paused card: the pause is stored but never consulted",
              PAUSED_FROZEN,
              Set.of(PAUSED_FROZEN),
              false),
          new Entry(
              6,
              CardCreatingReceiver.class,
              "creates a card for an event naming an unknown object instead of holding it",
              NO_INVENTED_CARDS,
              Set.of(NO_INVENTED_CARDS),
              false),
          new Entry(
              7,
              MissingVersionAsZeroReceiver.class,
              "reads a missing version as 0 (stale) instead of holding the event and pausing the"
                  + " card",
              CONFORMANCE,
              Set.of(),
              false),
          new Entry(
              8,
              SameVersionLastWinsReceiver.class,
              "same version, different state: the last arrival wins instead of a held conflict",
              CONFORMANCE,
              Set.of(),
              false),
          new Entry(
              9,
              NoOpCountingReceiver.class,
              "counts a replacement for duplicates and same-state deliveries",
              // Found as a DUPLICATE that counts (IDEMPOTENT_REDELIVERY, COUNTS_HONEST broken at
              // once); shrinking keeps the smaller of the two: one SAME_STATE delivery.
              COUNTS_HONEST,
              Set.of(IDEMPOTENT_REDELIVERY, COUNTS_HONEST),
              false),
          new Entry(
              10,
              AckOnFailedWriteReceiver.class,
              "acknowledges the decision even when its durable write failed",
              ACK_MEANS_DURABLE,
              Set.of(ACK_MEANS_DURABLE),
              false),
          new Entry(
              11,
              RawTextComparingReceiver.class,
              "compares redeliveries by raw JSON text: key order or 12.0 makes a false ID_CONFLICT",
              IDEMPOTENT_REDELIVERY,
              Set.of(IDEMPOTENT_REDELIVERY),
              false),
          new Entry(
              12,
              MergingReceiver.class,
              "merges the event's state fields like a patch instead of replacing the whole snapshot",
              FULL_REPLACEMENT,
              Set.of(FULL_REPLACEMENT, ORDER_INDEPENDENT),
              false),
          new Entry(
              13,
              OneHourMemoryReceiver.class,
              "forgets event ids after one hour instead of the retention window",
              IDEMPOTENT_REDELIVERY,
              Set.of(IDEMPOTENT_REDELIVERY),
              false),
          new Entry(
              14,
              NewerVersionUnpausingReceiver.class,
              "a newer version unpauses a paused card and is applied, without an authority",
              PAUSED_FROZEN,
              Set.of(PAUSED_FROZEN),
              false),
          new Entry(
              15,
              HeldDroppingReconcileReceiver.class,
              "reconciliation deletes the card's held inputs instead of re-evaluating or keeping"
                  + " them",
              NOTHING_LOST,
              Set.of(NOTHING_LOST),
              false),
          new Entry(
              16,
              OccurredAtReevaluationReceiver.class,
              "after reconciliation, re-evaluates held inputs in occurred_at order instead of"
                  + " arrival order",
              CONFORMANCE,
              Set.of(),
              true),
          new Entry(
              17,
              NewerVariantApplyingReceiver.class,
              "a reused id whose changed content has a higher version is applied as an update",
              NO_VARIANT_APPLIED,
              Set.of(NO_VARIANT_APPLIED),
              false),
          new Entry(
              18,
              SaveBeforeValidateReceiver.class,
              "saves the snapshot before validating its version: a held delivery still overwrites"
                  + " the card's state",
              HELD_NO_EFFECT,
              Set.of(HELD_NO_EFFECT),
              false),
          new Entry(
              19,
              AuditUpsertingReceiver.class,
              "keys the audit by event id: a redelivery's entry replaces the earlier one",
              AUDIT_APPEND_ONLY,
              Set.of(AUDIT_APPEND_ONLY),
              false),
          new Entry(
              20,
              CardExpiringReceiver.class,
              "forgets a card once the clock passes its retention period without news of it, as"
                  + " if cards expired like identities",
              CLOCK_CHANGES_NO_CARD,
              Set.of(CLOCK_CHANGES_NO_CARD, VERSION_MONOTONIC),
              false));

  /** A receiver that throws instead of answering: any exception is a finding. */
  private static final Entry THROWING =
      new Entry(
          29,
          ThrowingReconcileReceiver.class,
          "throws during a reconciliation naming a card it never had, instead of creating the"
              + " card",
          RECEIVER_ANSWERS,
          Set.of(RECEIVER_ANSWERS),
          false);

  /**
   * Mistakes about values a receiver must compare exactly (SPEC section 1), which only show with
   * numbers spelled otherwise, ids that differ only in case, or ids of another JSON type.
   */
  private static final List<Entry> EXACT_VALUES =
      List.of(
          new Entry(
              30,
              StateTreeComparingReceiver.class,
              "decides SAME_STATE on states parsed as Jackson trees: 12 and 12.0 differ, so a"
                  + " restatement spelled otherwise is held as a VERSION_CONFLICT",
              CONFORMANCE,
              Set.of(),
              false),
          new Entry(
              31,
              CaseInsensitiveIdReceiver.class,
              "deduplicates event ids case-insensitively (a collation): E-3 after e-3 is dropped"
                  + " as a duplicate",
              NOTHING_LOST,
              Set.of(NOTHING_LOST),
              false),
          new Entry(
              32,
              EventIdAsTextReceiver.class,
              "reads event_id with asText(): a number, true or null becomes an id instead of a"
                  + " MALFORMED envelope",
              // Decided as an event where the model holds it MALFORMED: conformance sees it at
              // once; NOTHING_LOST alone sees it too, a duplicate of content recorded under an id
              // the envelope does not have, but not within the tries the invariants run first.
              CONFORMANCE,
              Set.of(NOTHING_LOST),
              false),
          new Entry(
              33,
              FirstDecisionRestatingReceiver.class,
              "a DUPLICATE restates the first decision recorded for its content instead of the"
                  + " latest: a re-evaluation's new decision is never restated",
              IDEMPOTENT_REDELIVERY,
              Set.of(IDEMPOTENT_REDELIVERY),
              false));

  /**
   * A receiver that refuses what it should take: no invariant without the model sees a refusal,
   * since a provider's retry may still come; the model acknowledges every delivery whose storage
   * fault was not injected. {@code check --crash} sees the same mistake as a lost delivery.
   */
  private static final Entry STUCK_IN_PROGRESS =
      new Entry(
          34,
          StuckInProgressReceiver.class,
          "marks an event id \"in progress\" before deciding and clears the mark only after a"
              + " successful write: after a failed write every retry of that id is refused",
          CONFORMANCE,
          Set.of(),
          false);

  /**
   * Mistakes about when an id is pruned (SPEC section 5) that a decision may never show: only what
   * the receiver still retains after a clock move, compared with the model's, does.
   */
  private static final List<Entry> PRUNING =
      List.of(
          new Entry(
              35,
              LazyPruningReceiver.class,
              "prunes expired ids only when the next delivery comes, not when the clock moves",
              CONFORMANCE,
              Set.of(),
              false),
          new Entry(
              36,
              EarlyPruningReceiver.class,
              "prunes an id one second before first_received_at + retention",
              // A redelivery in the window's last second is taken for a new event and recorded
              // as a second first record; without one, conformance sees the id gone at the clock
              // move (PruningObservedTests).
              FIRST_RECORD_KEPT,
              Set.of(IDEMPOTENT_REDELIVERY),
              false),
          new Entry(
              37,
              WallClockPruningReceiver.class,
              "prunes by the machine's wall clock instead of the receiver clock",
              // Every id goes at the first clock move, so a redelivery after it records a second
              // first record; without one, conformance sees the id gone at the move.
              FIRST_RECORD_KEPT,
              Set.of(FIRST_RECORD_KEPT, IDEMPOTENT_REDELIVERY),
              false));

  /**
   * Mistakes that merge near twins SPEC section 1 keeps apart, which only show with ids, cards and
   * types that differ only in surrounding whitespace, or states that differ only in a "nothing".
   */
  private static final List<Entry> NEAR_TWINS =
      List.of(
          new Entry(
              38,
              TrimmingReceiver.class,
              "strips surrounding whitespace from event_id, object_id and type: \"card-1 \" is"
                  + " taken for card-1, \"e-3 \" for a redelivery of e-3",
              // The card "card-1 " written as card-1: the twin's card is not the delivered state;
              // the twin "e-3 " recorded and listed as "e-3" loses a held delivery.
              FULL_REPLACEMENT,
              Set.of(NOTHING_LOST),
              false),
          new Entry(
              39,
              NonEmptyStoringReceiver.class,
              "reads states with Jackson's NON_EMPTY inclusion: members holding null, \"\", {} or"
                  + " [] are dropped, so a state differing only there is taken for SAME_STATE",
              // The state stored without its empty member: the card is not the delivered state.
              FULL_REPLACEMENT,
              Set.of(FULL_REPLACEMENT, IDEMPOTENT_REDELIVERY),
              false));

  /**
   * A mistake about times finer than a second, which only shows with receipt times that carry a
   * fraction, clock moves a millisecond from a retention edge, or a retention under a second.
   */
  private static final Entry WHOLE_SECONDS =
      new Entry(
          40,
          WholeSecondPruningReceiver.class,
          "keeps times and the retention in whole seconds: an id received at .700 is pruned up"
              + " to 700 ms early, and a retention of half a second prunes at once",
          // Pruned early: conformance sees the id gone at the clock move; a redelivery inside
          // the lost window is taken for a new event (IDEMPOTENT_REDELIVERY) when one comes.
          CONFORMANCE,
          Set.of(),
          false);

  /**
   * Every zoo receiver, in order: the first twenty, those needing edge values or depth, the one
   * that throws, those about exact values, the one that refuses retries, those that prune at the
   * wrong time, those that merge near twins, then the one that keeps whole seconds.
   */
  public static final List<Entry> RECEIVERS =
      Stream.of(
              FIRST_TWENTY,
              DeepZoo.RECEIVERS,
              List.of(THROWING),
              EXACT_VALUES,
              List.of(STUCK_IN_PROGRESS),
              PRUNING,
              NEAR_TWINS,
              List.of(WHOLE_SECONDS))
          .flatMap(List::stream)
          .toList();

  /** How many of the zoo are issue 4's list; the rest are additions. */
  public static final int LISTED_IN_ISSUE = 16;
}
