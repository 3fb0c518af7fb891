package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Finding;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.Ack;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The invariants of SPEC section 7 that a recorded delivery breaks given what the receiver's own
 * earlier records show, whatever the model would decide: one function per finding, each returning
 * data. They read the knowledge as it stood before the line, so a log cut anywhere is held only to
 * what its own lines establish.
 */
final class HistoryInvariants {
  private static final String DELIVER = "deliver";

  private HistoryInvariants() {}

  /** Every invariant the delivery breaks, in the order of {@link Finding}. */
  static List<Violation> ofDelivery(LogLine.Delivery line, Knowledge knowledge, int number) {
    List<Violation> found = new ArrayList<>(0);
    ackWithoutDecision(line, number).ifPresent(found::add);
    if (line.decision() == null) {
      return found;
    }
    String eventId = line.envelope().eventId().orElse(null);
    // Most deliveries are of a new id and name a card the model holds: they are checked without
    // building an identity record or the card's facts.
    boolean retained = eventId != null && knowledge.model().identity(eventId).isPresent();
    if (retained) {
      redelivery(line, knowledge.model().identity(eventId).orElseThrow(), number)
          .ifPresent(found::add);
    }
    String objectId = line.envelope().objectId().orElse(null);
    Decision decision = line.decision();
    if (objectId == null || identityDecision(decision)) {
      return found;
    }
    Card known = knowledge.knownCard(objectId);
    boolean applied = decision.kind() == DecisionKind.APPLIED;
    if (known != null && (!applied || !known.paused() && !lowers(line, known.version()))) {
      return found;
    }
    CardFacts facts = known != null ? CardFacts.of(known) : knowledge.facts(objectId);
    pausedCardChanged(line, objectId, facts, number).ifPresent(found::add);
    versionLowered(line, objectId, facts, number).ifPresent(found::add);
    if (!retained) {
      inventedCard(line, objectId, facts, number).ifPresent(found::add);
    }
    return found;
  }

  /** DUPLICATE or HELD ID_CONFLICT: the decisions rule 1 makes about a retained id. */
  static boolean identityDecision(Decision decision) {
    return decision instanceof Decision.Duplicate || decision.reason() == HeldReason.ID_CONFLICT;
  }

  /** ACK_MEANS_DURABLE: an ACK without a recorded decision, or a decision answered NO_ACK. */
  static Optional<Violation> ackWithoutDecision(LogLine.Delivery line, int number) {
    boolean ackedNothing = line.ack() == Ack.ACK && line.decision() == null;
    boolean refusedDecision = line.ack() == Ack.NO_ACK && line.decision() != null;
    if (!ackedNothing && !refusedDecision) {
      return Optional.empty();
    }
    return Optional.of(
        new Violation(
            Finding.ACK_WITHOUT_DECISION,
            number,
            DELIVER,
            Facts.of("ack", "ACK exactly when a decision is recorded"),
            Facts.of("ack", line.ack(), "decision", line.decision())));
  }

  /**
   * A redelivery of a retained id: FIRST_RECORD_KEPT when the first record's own content is now a
   * conflict; NO_VARIANT_APPLIED when a changed content is applied; IDEMPOTENT_REDELIVERY when an
   * identical content changes something or restates another decision (a held input applied on
   * redelivery is one); NOTHING_LOST when a changed content is called a duplicate.
   */
  private static Optional<Violation> redelivery(
      LogLine.Delivery line, IdentityRecord record, int number) {
    Decision recorded = line.decision();
    Optional<RecordedContent> known = record.recorded(line.envelope().content());
    if (known.isEmpty()) {
      Facts observed = Facts.of("decision", recorded);
      if (recorded.kind() == DecisionKind.APPLIED) {
        return found(
            Finding.VARIANT_CHANGED_CARD,
            number,
            Facts.of("event id", record.eventId(), "changed content", "never applied"),
            observed);
      }
      if (recorded instanceof Decision.Duplicate) {
        return found(
            Finding.DUPLICATE_OF_UNRECORDED_CONTENT,
            number,
            Facts.of("event id", record.eventId(), "content", "never recorded under this id"),
            observed);
      }
      return Optional.empty();
    }
    Decision latest = known.get().latestDecision();
    if (recorded instanceof Decision.Duplicate duplicate && duplicate.restates().equals(latest)) {
      return Optional.empty();
    }
    Decision restated = new Decision.Duplicate(latest);
    Facts observed = Facts.of("decision", recorded);
    boolean firstRecord =
        known.get() == record.firstRecord()
            || known.get().content().equals(record.firstRecord().content());
    if (firstRecord && recorded.reason() == HeldReason.ID_CONFLICT) {
      return found(
          Finding.FIRST_RECORD_CHANGED,
          number,
          Facts.of("event id", record.eventId(), "first record", "this very content"),
          observed);
    }
    return found(
        Finding.REDELIVERY_NOT_IDEMPOTENT,
        number,
        Facts.of("event id", record.eventId(), "decision", restated),
        observed);
  }

  /** Whether the delivery's version is valid and below {@code version}. */
  private static boolean lowers(LogLine.Delivery line, long version) {
    return line.envelope().version() instanceof ObjectVersion.Valid valid
        && valid.value() < version;
  }

  /** PAUSED_FROZEN: a card the receiver's records show paused is changed by a delivery. */
  private static Optional<Violation> pausedCardChanged(
      LogLine.Delivery line, String objectId, CardFacts facts, int number) {
    if (line.decision().kind() != DecisionKind.APPLIED || !Boolean.TRUE.equals(facts.paused())) {
      return Optional.empty();
    }
    return found(
        Finding.PAUSED_CARD_CHANGED,
        number,
        Facts.of("card", objectId, "paused", true, "changed", "only by an authority"),
        Facts.of("decision", line.decision()));
  }

  /** VERSION_MONOTONIC: a delivery applied below the version the records show. */
  private static Optional<Violation> versionLowered(
      LogLine.Delivery line, String objectId, CardFacts facts, int number) {
    if (line.decision().kind() != DecisionKind.APPLIED
        || facts.version() == null
        || !(line.envelope().version() instanceof ObjectVersion.Valid valid)
        || valid.value() >= facts.version()) {
      return Optional.empty();
    }
    return found(
        Finding.VERSION_LOWERED,
        number,
        Facts.of("card", objectId, "version at least", facts.version()),
        Facts.of("decision", line.decision(), "version", valid.value()));
  }

  /** NO_INVENTED_CARDS: a decision only a card that exists gets, for a card known not to. */
  private static Optional<Violation> inventedCard(
      LogLine.Delivery line, String objectId, CardFacts facts, int number) {
    if (facts.presence() != CardFacts.Presence.ABSENT || !presumesCard(line.decision())) {
      return Optional.empty();
    }
    return found(
        Finding.INVENTED_CARD,
        number,
        Facts.of("card", objectId, "exists", false),
        Facts.of("decision", line.decision()));
  }

  private static boolean presumesCard(Decision decision) {
    if (decision.kind() == DecisionKind.HELD) {
      HeldReason reason = decision.reason();
      return reason == HeldReason.VERSION_CONFLICT
          || reason == HeldReason.CARD_PAUSED
          || reason == HeldReason.MISSING_VERSION
          || reason == HeldReason.INVALID_VERSION;
    }
    return decision.kind() != DecisionKind.DUPLICATE;
  }

  private static Optional<Violation> found(
      Finding finding, int number, Facts expected, Facts observed) {
    return Optional.of(new Violation(finding, number, DELIVER, expected, observed));
  }
}
