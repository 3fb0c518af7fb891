package io.inboxcheck.conform;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.model.Retention;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What conform knows of the receiver's state at one line of its log, and nothing more.
 *
 * <p>The known part is a plain {@link ReceiverState} of the reference model: the cards whose whole
 * value is known, the identity records of ids first recorded in the log, the held inputs seen in
 * it. Around it, what a log that starts in the middle of a history leaves open: cards known only in
 * part ({@link CardFacts}), ids the receiver may retain from before the log, and cards that may
 * hold inputs from before the log, which an authority would re-evaluate before the ones seen.
 *
 * <p>The model state keeps no audit for long: conform needs none, so the entries its clock moves
 * append are dropped by rebuilding the state from what it holds, and memory follows the identity
 * records inside the retention window, not the length of the log.
 */
final class Knowledge {
  /** The audit is let go of once it holds this many entries (and more than the state itself). */
  static final int AUDIT_BOUND = 1 << 16;

  private final Set<String> supportedTypes;
  private final Duration retention;
  private final boolean cardsKnownAtStart;
  private final boolean earlierDeliveries;
  private ReceiverState model;
  private final Map<String, CardFacts> partial = new HashMap<>();
  // Ids the receiver may retain although the model does not: consulted when no earlier deliveries.
  private final Set<String> foreignIds = new HashSet<>();
  // Cards known to hold no input from before the log: consulted when earlier deliveries may exist.
  private final Set<String> heldSettled = new HashSet<>();
  // Cards that may hold inputs conform lost track of: consulted when no earlier deliveries.
  private final Set<String> heldUnsettled = new HashSet<>();
  private final Set<String> prunedAtClock = new HashSet<>();
  private Timing timing;

  Knowledge(LogStart start, Set<String> supportedTypes, Duration retention, Instant clock) {
    this.supportedTypes = Set.copyOf(supportedTypes);
    this.retention = retention;
    this.cardsKnownAtStart = start.cards() != null;
    this.earlierDeliveries = start.earlierDeliveries();
    Map<String, Card> cards = start.cards() == null ? Map.of() : start.cards();
    this.model = new ReceiverState(cards, supportedTypes, retention, clock);
  }

  ReceiverState model() {
    return model;
  }

  /** Times what the model's own functions cost, for the benchmark; null times nothing. */
  void timeWith(Timing timing) {
    this.timing = timing;
  }

  Timing timing() {
    return timing;
  }

  Set<String> supportedTypes() {
    return supportedTypes;
  }

  Duration retention() {
    return retention;
  }

  Instant clock() {
    return model.clock();
  }

  boolean earlierDeliveries() {
    return earlierDeliveries;
  }

  /**
   * Moves the receiver clock to {@code time}, letting the model prune (SPEC section 5); which ids
   * it let go of at this time is remembered until the clock moves on. A receiver checks its clock
   * at every step that carries a time, but a log shows only the time: the model prunes when the
   * time moves on, and again at the same time only when {@code recheck} says the receiver did (it
   * recorded letting go of an identity).
   */
  void advance(int step, Instant time, boolean recheck) {
    advance(step, time, recheck, null);
  }

  /** As {@link #advance(int, Instant, boolean)}, handing each identity pruned to {@code pruned}. */
  void advance(
      int step, Instant time, boolean recheck, Consumer<AuditEntry.IdentityPruned> pruned) {
    boolean moves = time.isAfter(model.clock());
    if (!moves && !recheck) {
      return;
    }
    if (moves) {
      prunedAtClock.clear();
    }
    int before = model.audit().size();
    long started = timing == null ? 0 : System.nanoTime();
    model.advanceClock(step, time);
    if (timing != null) {
      timing.model(System.nanoTime() - started);
    }
    List<AuditEntry> audit = model.audit();
    for (int index = before; index < audit.size(); index++) {
      if (audit.get(index) instanceof AuditEntry.IdentityPruned identity) {
        prunedAtClock.add(identity.eventId());
        if (pruned != null) {
          pruned.accept(identity);
        }
      }
    }
    if (audit.size() > AUDIT_BOUND && audit.size() > retainedSize()) {
      compact();
    }
  }

  /**
   * Whether the model still retains {@code eventId} only because the clock was not checked again at
   * this time: its window has ended and no delivery of it is held any more (an authority resolved
   * it at this very time).
   */
  boolean retainedUntilNextCheck(String eventId) {
    IdentityRecord record = model.identity(eventId).orElse(null);
    return record != null
        && Retention.expired(record.firstReceivedAt(), model.clock(), retention)
        && !Retention.stillOwed(record, model::isHeld);
  }

  /** Whether the model let go of {@code eventId} when the clock last moved. */
  boolean prunedNow(String eventId) {
    return prunedAtClock.contains(eventId);
  }

  // ---- cards ---------------------------------------------------------------------------------

  /** Whether the model state holds exactly what the receiver holds for {@code objectId}. */
  boolean modelKnowsCard(String objectId) {
    if (objectId == null) {
      return true;
    }
    if (!partial.isEmpty() && partial.containsKey(objectId)) {
      return false;
    }
    return cardsKnownAtStart || model.card(objectId).isPresent();
  }

  CardFacts facts(String objectId) {
    CardFacts facts = partial.get(objectId);
    if (facts != null) {
      return facts;
    }
    Card card = model.card(objectId).orElse(null);
    if (card != null) {
      return CardFacts.of(card);
    }
    return cardsKnownAtStart ? CardFacts.ABSENT : CardFacts.UNKNOWN;
  }

  /** The card the model holds for {@code objectId} when its whole value is known, else null. */
  Card knownCard(String objectId) {
    return modelKnowsCard(objectId) ? model.card(objectId).orElse(null) : null;
  }

  /**
   * Records what is now known of a card: a whole value goes into the model state, anything less
   * stays beside it.
   */
  void learn(String objectId, CardFacts facts) {
    Card card = facts.card();
    Card inModel = model.card(objectId).orElse(null);
    if (card != null) {
      if (!card.equals(inModel)) {
        apply(cardWrite(objectId, inModel, card));
      }
      partial.remove(objectId);
      return;
    }
    CardFacts byDefault =
        inModel != null
            ? CardFacts.of(inModel)
            : cardsKnownAtStart ? CardFacts.ABSENT : CardFacts.UNKNOWN;
    if (facts.equals(byDefault)) {
      partial.remove(objectId);
    } else {
      partial.put(objectId, facts);
    }
  }

  /** The card, if it exists, is paused now. */
  void pause(String objectId) {
    Card card = knownCard(objectId);
    if (card != null) {
      if (!card.paused()) {
        apply(cardWrite(objectId, card, card.pause()));
      }
    } else if (!modelKnowsCard(objectId)) {
      learn(objectId, facts(objectId).pausedIfPresent());
    }
  }

  /**
   * Any card may have been paused by a decision the log does not detail (an id conflict whose first
   * record came before the log): no card's pause is known any more, unless it was paused.
   */
  void everyPauseUnknown() {
    for (Map.Entry<String, Card> card : model.cards().entrySet()) {
      if (!card.getValue().paused() && !partial.containsKey(card.getKey())) {
        partial.put(card.getKey(), CardFacts.of(card.getValue()).pauseUnknown());
      }
    }
    partial.replaceAll(
        (objectId, facts) -> Boolean.TRUE.equals(facts.paused()) ? facts : facts.pauseUnknown());
  }

  private static Effects cardWrite(String objectId, Card before, Card after) {
    return new Effects(
        Effects.IdentityChange.NONE,
        List.of(new Effects.CardWrite(objectId, before, after, ReplacementCounters.ZERO)),
        List.of(),
        List.of());
  }

  // ---- ids and held inputs ------------------------------------------------------------------

  /**
   * Whether the receiver may retain {@code eventId} although the model does not: it may have been
   * recorded before the log, or conform lost track of it.
   */
  boolean mayRetainUnseen(String eventId) {
    return !model.identity(eventId).isPresent()
        && (earlierDeliveries || foreignIds.contains(eventId));
  }

  /** The receiver retains {@code eventId} with a record the model does not know. */
  void retainedUnseen(String eventId) {
    if (!earlierDeliveries) {
      foreignIds.add(eventId);
    }
  }

  /** The receiver no longer retains {@code eventId} with a record unknown to the model. */
  void notRetainedUnseen(String eventId) {
    foreignIds.remove(eventId);
  }

  /** Whether {@code objectId} may hold inputs conform has not seen, re-evaluated before others. */
  boolean heldMayBeUnseen(String objectId) {
    return earlierDeliveries ? !heldSettled.contains(objectId) : heldUnsettled.contains(objectId);
  }

  /**
   * Whether {@code objectId} holds an input is no longer known for sure (a divergence may have held
   * one, or not): its next authority is judged as one that may re-evaluate inputs unseen.
   */
  void heldUncertain(String objectId) {
    heldSettled.remove(objectId);
    if (!earlierDeliveries) {
      heldUnsettled.add(objectId);
    }
  }

  /** {@code objectId} holds nothing an authority would re-evaluate that conform has not seen. */
  void heldSettled(String objectId) {
    heldSettled.add(objectId);
    heldUnsettled.remove(objectId);
  }

  /**
   * Forgets the held inputs of {@code objectId} and the ids they were recorded under: after an
   * authority whose re-evaluations the log does not show, what became of them is unknown.
   */
  void forgetHeldOf(String objectId) {
    List<Effects.HeldChange> removed = new ArrayList<>();
    for (HeldInput input : model.held()) {
      if (input.objectId().filter(objectId::equals).isPresent()) {
        removed.add(new Effects.HeldChange.ResolvedByAuthority(input));
        input.eventId().ifPresent(this::forgetId);
      }
    }
    apply(new Effects(Effects.IdentityChange.NONE, List.of(), removed, List.of()));
    heldSettled.remove(objectId);
    heldUnsettled.add(objectId);
  }

  /** The receiver let go of {@code eventId}: so does the model. */
  void letGo(String eventId) {
    if (model.identity(eventId).isPresent()) {
      apply(
          new Effects(new Effects.IdentityChange.Pruned(eventId), List.of(), List.of(), List.of()));
    }
    notRetainedUnseen(eventId);
  }

  /** Lets go of the model's record of {@code eventId}; the receiver may still retain it. */
  void forgetId(String eventId) {
    if (model.identity(eventId).isPresent()) {
      apply(
          new Effects(new Effects.IdentityChange.Pruned(eventId), List.of(), List.of(), List.of()));
    }
    retainedUnseen(eventId);
  }

  /** Applies effects to the model state; the audit entries they carry are dropped. */
  void apply(Effects effects) {
    if (effects.audit().isEmpty()) {
      model.apply(effects);
    } else {
      model.apply(new Effects(effects.identity(), effects.cards(), effects.held(), List.of()));
    }
  }

  // ---- keeping memory bounded ----------------------------------------------------------------

  private int retainedSize() {
    return model.identities().size() + model.held().size() + 2 * partial.size() + 1024;
  }

  /**
   * Rebuilds the model state from what it holds, leaving its audit behind: the same cards, identity
   * records (in order of first receipt, every decision and variant kept) and held inputs (in
   * arrival order), at the same clock. Counters are not kept: a log never starts at zero.
   */
  void compact() {
    ReceiverState before = model;
    ReceiverState after =
        new ReceiverState(before.cards(), supportedTypes, retention, before.clock());
    for (IdentityRecord record : before.identities()) {
      RecordedContent first = record.firstRecord();
      after.apply(
          identityOnly(
              new Effects.IdentityChange.FirstRecord(record.eventId(), namedCard(first), first)));
      int number = 0;
      for (RecordedContent variant : record.variants()) {
        after.apply(
            identityOnly(
                new Effects.IdentityChange.Variant(
                    record.eventId(), namedCard(variant), ++number, variant)));
      }
    }
    List<Effects.HeldChange> held = new ArrayList<>();
    before.held().forEach(input -> held.add(new Effects.HeldChange.Added(input)));
    after.apply(new Effects(Effects.IdentityChange.NONE, List.of(), held, List.of()));
    model = after;
  }

  private static Effects identityOnly(Effects.IdentityChange change) {
    return new Effects(change, List.of(), List.of(), List.of());
  }

  private static String namedCard(RecordedContent content) {
    return new Envelope(content.content()).objectId().orElse(null);
  }

  /** How many identity records the model holds now: what memory follows. */
  int retainedIds() {
    return model.identities().size();
  }

  /** How many cards are known only in part. */
  int partlyKnownCards() {
    return partial.size();
  }

  /** A copy of the knowledge at this line, for trying a scenario from here. */
  Map<String, CardFacts> factsOf(Set<String> objectIds) {
    Map<String, CardFacts> facts = new HashMap<>();
    objectIds.forEach(objectId -> facts.put(objectId, facts(objectId)));
    return facts;
  }
}
