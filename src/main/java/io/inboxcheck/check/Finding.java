package io.inboxcheck.check;

import static io.inboxcheck.receiver.Observable.ACK;
import static io.inboxcheck.receiver.Observable.AUDIT;
import static io.inboxcheck.receiver.Observable.CARDS;
import static io.inboxcheck.receiver.Observable.COUNTERS;
import static io.inboxcheck.receiver.Observable.DECISION;
import static io.inboxcheck.receiver.Observable.HELD;
import static io.inboxcheck.receiver.Observable.IDENTITIES;

import io.inboxcheck.receiver.Observable;
import java.util.EnumSet;
import java.util.Set;

/**
 * One distinct way an invariant breaks, with what the harness must observe to see it. An invariant
 * that can break in several ways (NOTHING_LOST, ACK_MEANS_DURABLE) has one finding per way, so a
 * report never gives three failures one label. Declared in the order a step is checked: the first
 * finding of a step is the one reported.
 */
public enum Finding {
  FIRST_RECORD_CHANGED(Invariant.FIRST_RECORD_KEPT, EnumSet.of(IDENTITIES)),
  /** Named before the card findings so a clock advance that changes a card is called that. */
  CARD_CHANGED_BY_CLOCK(Invariant.CLOCK_CHANGES_NO_CARD, EnumSet.of(CARDS)),
  /** A delivery whose durable write failed was acknowledged anyway. */
  ACK_ON_FAILED_WRITE(Invariant.ACK_MEANS_DURABLE, EnumSet.of(ACK)),
  /** An ack without a recorded decision, or a decision without an ack. */
  ACK_WITHOUT_DECISION(Invariant.ACK_MEANS_DURABLE, EnumSet.of(ACK, DECISION)),
  /** A NO_ACK delivery still changed cards, held inputs, counters or the audit. */
  NO_ACK_CHANGED_STATE(Invariant.ACK_MEANS_DURABLE, EnumSet.of(ACK, CARDS, HELD, COUNTERS)),
  PAUSED_CARD_CHANGED(Invariant.PAUSED_FROZEN, EnumSet.of(CARDS)),
  VERSION_LOWERED(Invariant.VERSION_MONOTONIC, EnumSet.of(CARDS)),
  HELD_CHANGED_CARD(Invariant.HELD_NO_EFFECT, EnumSet.of(DECISION, CARDS)),
  STATE_NOT_REPLACED(Invariant.FULL_REPLACEMENT, EnumSet.of(DECISION, CARDS)),
  REDELIVERY_NOT_IDEMPOTENT(
      Invariant.IDEMPOTENT_REDELIVERY, EnumSet.of(DECISION, CARDS, HELD, COUNTERS)),
  VARIANT_CHANGED_CARD(Invariant.NO_VARIANT_APPLIED, EnumSet.of(DECISION, CARDS)),
  /** A DUPLICATE answered for content never recorded under its id: the delivery was dropped. */
  DUPLICATE_OF_UNRECORDED_CONTENT(Invariant.NOTHING_LOST, EnumSet.of(DECISION)),
  COUNTERS_WRONG(Invariant.COUNTS_HONEST, EnumSet.of(DECISION, COUNTERS)),
  /** A durable delivery without exactly one recorded decision in the audit. */
  DECISION_NOT_RECORDED_ONCE(Invariant.NOTHING_LOST, EnumSet.of(DECISION, AUDIT)),
  INVENTED_CARD(Invariant.NO_INVENTED_CARDS, EnumSet.of(CARDS)),
  AUDIT_REWRITTEN(Invariant.AUDIT_APPEND_ONLY, EnumSet.of(AUDIT)),
  /**
   * What the receiver shows names an arrival its audit does not list as a delivery (an identity
   * record, a held input, an audit entry, a reconciliation's answer): a delivery it recorded is
   * missing from the audit. Judged where the view is read (CheckedRun), since no view can be built.
   */
  VIEW_CONTRADICTS_AUDIT(Invariant.AUDIT_APPEND_ONLY, EnumSet.of(AUDIT)),
  /** A delivery decided HELD (and not resolved since) is missing from the held inputs. */
  HELD_DECISION_NOT_LISTED(Invariant.NOTHING_LOST, EnumSet.of(DECISION, HELD)),
  /** A listed held input vanished at a step that is not a reconciliation of its card. */
  HELD_INPUT_DROPPED(Invariant.NOTHING_LOST, EnumSet.of(HELD)),
  /** The receiver threw instead of answering; it needs nothing observed to be seen. */
  RECEIVER_THREW(Invariant.RECEIVER_ANSWERS, EnumSet.noneOf(Observable.class));

  private final Invariant invariant;
  private final Set<Observable> needs;

  Finding(Invariant invariant, Set<Observable> needs) {
    this.invariant = invariant;
    this.needs = needs;
  }

  public Invariant invariant() {
    return invariant;
  }

  /** What the harness must observe of a receiver to look for this finding. */
  public Set<Observable> needs() {
    return needs;
  }

  /** Whether a receiver showing {@code shown} can be checked for this finding. */
  public boolean observableIn(Set<Observable> shown) {
    return shown.containsAll(needs);
  }
}
