package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.Reducer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judges one recorded delivery: the model decides it from what the log has established, the
 * decision is compared with the receiver's, and what the receiver recorded becomes the state the
 * next line is judged from.
 *
 * <p>Three cases. When the model knows everything the decision reads (the id's record, or the
 * card's whole value), it decides on its own state: the common case and the fast one. When a
 * retained id may predate the log and the receiver called the delivery a duplicate or a conflict,
 * nothing in the log can judge that: unjudged. Otherwise the card is known only in part, and the
 * model decides over every card the log leaves possible ({@link CardPossibilities}): a recorded
 * decision none of them gives is a divergence, one they all give agrees, anything else is unjudged.
 *
 * <p>After a divergence, what the wrong record changed is known only in part, as at the start of a
 * log: the receiver may have done what it recorded, or what the model decides. Each card the line
 * touches keeps only what both readings share, its held inputs are no longer settled, and a later
 * DUPLICATE of the id may restate either decision. A later line is a divergence only when it
 * contradicts both readings, so one mistake is reported once, not again at every later line.
 */
final class DeliveryJudge {
  /** Ids whose decisions are tracked after divergences; past this, the oldest are let go. */
  static final int MOST_UNCERTAIN_IDS = 1 << 16;

  private final Knowledge knowledge;
  private final Tally tally;
  // Per event id, the decisions a later DUPLICATE of it may restate besides the model's: those of
  // both readings of a divergence on it.
  private final Map<String, Set<Decision>> eitherReading =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Set<Decision>> eldest) {
          return size() > MOST_UNCERTAIN_IDS;
        }
      };
  // Cards a divergence left known only in part, for the reason an unjudged line gives.
  private final Set<String> leftInPart = new HashSet<>();

  DeliveryJudge(Knowledge knowledge, Tally tally) {
    this.knowledge = knowledge;
    this.tally = tally;
  }

  /** Judges {@code line}, recorded as the model's step {@code step}, and learns from it. */
  void judge(LogLine.Delivery line, int step) {
    tally.step("deliver");
    int number = (int) Math.min(Integer.MAX_VALUE, line.position().number());
    for (var violation : HistoryInvariants.ofDelivery(line, knowledge, number)) {
      tally.breach(new Breach(line.position(), violation));
    }
    Decision recorded = line.decision();
    if (recorded == null) {
      // Nothing was recorded: the model changes nothing either (SPEC section 3, storage faults).
      tally.input("deliver");
      return;
    }
    Envelope envelope = line.envelope();
    String eventId = envelope.eventId().orElse(null);
    String objectId = envelope.objectId().orElse(null);
    boolean retained = eventId != null && knowledge.model().identity(eventId).isPresent();
    if (eventId != null
        && !retained
        && knowledge.mayRetainUnseen(eventId)
        && HistoryInvariants.identityDecision(recorded)) {
      learnRecorded(line, step);
      tally.unjudged(
          new Unjudged(line.position(), "deliver", Unjudged.Reason.ID_BEFORE_LOG, eventId, ""));
      return;
    }
    if (retained && knowledge.retainedUntilNextCheck(eventId)) {
      judgeAcrossClockCheck(line, step, eventId, objectId);
      return;
    }
    if (retained || knowledge.modelKnowsCard(objectId)) {
      Timing timing = knowledge.timing();
      long started = timing == null ? 0 : System.nanoTime();
      DeliveryOutcome outcome = Reducer.decide(knowledge.model(), envelope);
      if (outcome.decision().equals(recorded)) {
        commitModel(line, step, outcome);
        if (timing != null) {
          timing.model(System.nanoTime() - started);
        }
        tally.agrees("deliver");
      } else if (restatesEitherReading(eventId, outcome.decision(), recorded)) {
        tally.unjudged(
            new Unjudged(
                line.position(), "deliver", Unjudged.Reason.AFTER_DIVERGENCE, eventId, ""));
      } else {
        Map<String, CardFacts> modelReading = modelReading(outcome, objectId);
        learnRecorded(line, step);
        bothReadings(eventId, objectId, modelReading, Set.of(outcome.decision()), recorded);
        diverges(line, eventId, Facts.of("decision", outcome.decision()));
      }
      return;
    }
    judgeOverPossibleCards(line, step, objectId);
  }

  /**
   * A redelivery of an id whose window ended while a delivery of it was held, at the very time an
   * authority resolved that: the receiver lets go of the id at its next clock check, which may be
   * this line or later. Kept, the id makes the delivery a duplicate or a conflict; let go of, a
   * first record. Either is the policy; which one the log does not say.
   */
  private void judgeAcrossClockCheck(
      LogLine.Delivery line, int step, String eventId, String objectId) {
    DeliveryOutcome kept = Reducer.decide(knowledge.model(), line.envelope());
    Set<Decision> letGo = possibilities(knowledge.facts(objectId), line.envelope()).decisions();
    Decision recorded = line.decision();
    if (kept.decision().equals(recorded)) {
      commitModel(line, step, kept);
    } else {
      knowledge.letGo(eventId);
      learnRecorded(line, step);
    }
    if (!kept.decision().equals(recorded) && !letGo.contains(recorded)) {
      List<Decision> either = new ArrayList<>();
      either.add(kept.decision());
      either.addAll(letGo);
      diverges(line, eventId, Facts.of("decision, one of", either));
    } else {
      tally.unjudged(
          new Unjudged(
              line.position(), "deliver", Unjudged.Reason.CLOCK_CHECK_NOT_IN_LOG, eventId, ""));
    }
  }

  private void judgeOverPossibleCards(LogLine.Delivery line, int step, String objectId) {
    CardFacts before = knowledge.facts(objectId);
    CardPossibilities possible = possibilities(before, line.envelope());
    Set<Decision> decisions = possible.decisions();
    Decision recorded = line.decision();
    learnRecorded(line, step);
    if (!decisions.contains(recorded)) {
      String eventId = line.envelope().eventId().orElse(null);
      bothReadings(eventId, objectId, Map.of(objectId, possible.afterAny()), decisions, recorded);
      Object model = decisions.size() == 1 ? decisions.iterator().next() : List.copyOf(decisions);
      diverges(
          line,
          line.envelope().eventId().orElse(objectId),
          Facts.of(decisions.size() == 1 ? "decision" : "decision, one of", model));
    } else if (decisions.size() == 1) {
      tally.agrees("deliver");
    } else {
      tally.unjudged(
          new Unjudged(
              line.position(),
              "deliver",
              leftInPart.contains(objectId)
                  ? Unjudged.Reason.AFTER_DIVERGENCE
                  : Unjudged.Reason.CARD_NOT_IN_LOG,
              objectId,
              before.describe()));
    }
  }

  /**
   * Whether a DUPLICATE the model restates otherwise restates the decision of one reading of an
   * earlier divergence on the same id: a receiver that did what the model decides there restates
   * that, and is not wrong again.
   */
  private boolean restatesEitherReading(String eventId, Decision model, Decision recorded) {
    Set<Decision> either = eventId == null ? null : eitherReading.get(eventId);
    return either != null
        && model instanceof Decision.Duplicate
        && recorded instanceof Decision.Duplicate duplicate
        && either.contains(duplicate.restates());
  }

  /** The cards {@code outcome} writes or leaves, as the model reads them, where wholly known. */
  private Map<String, CardFacts> modelReading(DeliveryOutcome outcome, String objectId) {
    Map<String, CardFacts> reading = new HashMap<>();
    outcome
        .cardsAfter()
        .forEach(
            (id, card) -> {
              if (knowledge.modelKnowsCard(id)) {
                reading.put(id, CardFacts.of(card));
              }
            });
    if (objectId != null && !reading.containsKey(objectId) && knowledge.modelKnowsCard(objectId)) {
      reading.put(objectId, knowledge.facts(objectId));
    }
    return reading;
  }

  /**
   * After a divergence, keeps what both readings share: each card as the receiver's record and the
   * model's decision would leave it, the card's held inputs unsettled, and either decision for a
   * later DUPLICATE of the id to restate.
   */
  private void bothReadings(
      String eventId,
      String objectId,
      Map<String, CardFacts> modelReading,
      Set<Decision> model,
      Decision recorded) {
    modelReading.forEach(
        (id, facts) -> {
          knowledge.learn(id, facts.join(knowledge.facts(id)));
          leftInPart.add(id);
        });
    if (objectId != null) {
      // What the card holds may be what a wrong record put there, or lack what it left out: its
      // held inputs, and the ids they were recorded under, are judged from here as unseen.
      knowledge.forgetHeldOf(objectId);
    }
    if (eventId != null) {
      Set<Decision> either = eitherReading.computeIfAbsent(eventId, id -> new HashSet<>());
      for (Decision decision : model) {
        either.add(decision);
        if (decision instanceof Decision.Duplicate duplicate) {
          either.add(duplicate.restates());
        }
      }
      either.add(recorded);
      if (recorded instanceof Decision.Duplicate duplicate) {
        either.add(duplicate.restates());
      }
    }
  }

  private void diverges(LogLine.Delivery line, String subject, Facts model) {
    tally.diverges(
        new Divergence(
            line.position(),
            "decision",
            subject == null ? "a delivery without ids" : subject,
            model,
            Facts.of("decision", line.decision()),
            line));
  }

  private CardPossibilities possibilities(CardFacts facts, Envelope envelope) {
    return CardPossibilities.of(
        facts, envelope, knowledge.supportedTypes(), knowledge.retention(), knowledge.clock());
  }

  /**
   * Commits the model's own outcome, which the receiver recorded too. Cards known only in part keep
   * their facts: a conflict pauses them, if they exist, and changes nothing else.
   */
  private void commitModel(LogLine.Delivery line, int step, DeliveryOutcome outcome) {
    Envelope envelope = line.envelope();
    Effects effects = outcome.effects(knowledge.model(), step, envelope);
    List<Effects.CardWrite> cards = new ArrayList<>();
    for (Effects.CardWrite write : effects.cards()) {
      if (knowledge.modelKnowsCard(write.objectId())) {
        cards.add(write);
      }
    }
    knowledge.apply(new Effects(effects.identity(), cards, effects.held(), List.of()));
    if (outcome.decision().reason() == HeldReason.ID_CONFLICT) {
      namedCards(envelope).forEach(knowledge::pause);
    }
  }

  /** The cards a conflict of this envelope's id pauses: its own and its first record's. */
  private List<String> namedCards(Envelope envelope) {
    List<String> named = new ArrayList<>();
    envelope.objectId().ifPresent(named::add);
    envelope
        .eventId()
        .flatMap(id -> knowledge.model().identity(id))
        .map(IdentityRecord::firstRecord)
        .flatMap(first -> new Envelope(first.content()).objectId())
        .ifPresent(named::add);
    return named;
  }

  /**
   * Takes the receiver's recorded decision as what happened: its identity record, its held input,
   * and what it tells of the card.
   */
  private void learnRecorded(LogLine.Delivery line, int step) {
    Envelope envelope = line.envelope();
    Decision recorded = line.decision();
    String eventId = envelope.eventId().orElse(null);
    String objectId = envelope.objectId().orElse(null);
    List<String> toPause =
        recorded.reason() == HeldReason.ID_CONFLICT ? namedCards(envelope) : List.of();
    Effects.IdentityChange identity = identityChange(envelope, eventId, objectId, recorded, step);
    List<Effects.HeldChange> held =
        recorded instanceof Decision.Held heldDecision
            ? List.of(
                new Effects.HeldChange.Added(new HeldInput(step, envelope, heldDecision.reason())))
            : List.of();
    knowledge.apply(new Effects(identity, List.of(), held, List.of()));
    if (recorded instanceof Decision.Duplicate) {
      return;
    }
    if (recorded.reason() == HeldReason.ID_CONFLICT) {
      learnConflictPauses(line, toPause);
      return;
    }
    if (objectId != null) {
      knowledge.learn(objectId, cardAfter(knowledge.facts(objectId), envelope, recorded));
    }
  }

  private Effects.IdentityChange identityChange(
      Envelope envelope, String eventId, String objectId, Decision recorded, int step) {
    if (eventId == null) {
      return Effects.IdentityChange.NONE;
    }
    RecordedContent content =
        new RecordedContent(envelope.content(), step, knowledge.clock(), List.of(recorded));
    if (recorded instanceof Decision.Duplicate) {
      knowledge.retainedUnseen(eventId);
      return Effects.IdentityChange.NONE;
    }
    if (recorded.reason() == HeldReason.ID_CONFLICT) {
      IdentityRecord record = knowledge.model().identity(eventId).orElse(null);
      if (record == null) {
        knowledge.retainedUnseen(eventId);
        return Effects.IdentityChange.NONE;
      }
      return new Effects.IdentityChange.Variant(
          eventId, objectId, record.variants().size() + 1, content);
    }
    knowledge.notRetainedUnseen(eventId);
    if (knowledge.model().identity(eventId).isPresent()) {
      // The receiver took a retained id for a new one: its record starts again, and it goes last,
      // so the model's records stay in order of first receipt (SPEC section 5 prunes in that
      // order).
      knowledge.letGo(eventId);
    }
    return new Effects.IdentityChange.FirstRecord(eventId, objectId, content);
  }

  /**
   * A conflict pauses every known card its content and its first record name. When the first record
   * came before the log, the receiver's own list of what it paused says which; without one, any
   * card may have been paused.
   */
  private void learnConflictPauses(LogLine.Delivery line, List<String> named) {
    boolean firstRecordKnown =
        named.size() == 2
            || line.envelope()
                .eventId()
                .map(id -> knowledge.model().identity(id).isPresent())
                .orElse(false);
    if (firstRecordKnown) {
      named.forEach(knowledge::pause);
    } else if (line.paused() != null) {
      line.paused().forEach(knowledge::pause);
    } else {
      line.envelope().objectId().ifPresent(knowledge::pause);
      knowledge.everyPauseUnknown();
    }
  }

  /**
   * What the recorded decision leaves known of the card: the model's decisions over every card
   * possible, kept to those giving the recorded one. When none does (a divergence), over every card
   * at all, as if the receiver had decided from a state the log does not show.
   */
  private CardFacts cardAfter(CardFacts facts, Envelope envelope, Decision recorded) {
    CardPossibilities possible = possibilities(facts, envelope);
    List<CardPossibilities.Outcome> consistent = possible.deciding(recorded);
    if (consistent.isEmpty()) {
      possible = possibilities(facts.onlyPresence(), envelope);
      consistent = possible.deciding(recorded);
    }
    if (consistent.isEmpty()) {
      return facts.onlyPresence();
    }
    return possible.after(consistent);
  }
}
