package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One thing a receiver lets the harness observe (the observation contract). Each invariant needs
 * some of them; a receiver that shows fewer is checked with fewer invariants, and the report says
 * which were skipped and why.
 */
@API(status = STABLE)
public enum Observable {
  /** The ack of every delivery: the one thing every webhook receiver answers. */
  ACK("the ack"),
  /** The decision of every delivery and re-evaluation (kind, reason, what a DUPLICATE restates). */
  DECISION("decisions"),
  /** After each step: every card's version, state and pause. */
  CARDS("cards"),
  /** After each step: the held inputs (event id, content, reason) in arrival order. */
  HELD("held inputs"),
  /** After each step: the event and authoritative replacement counters. */
  COUNTERS("replacement counters"),
  /** Identity records: each retained id's first record and its variants. */
  IDENTITIES("identity records"),
  /** The audit: every recorded decision, reconciliation and pruning, in order. */
  AUDIT("the audit");

  private final String noun;

  Observable(String noun) {
    this.noun = noun;
  }

  /** What it is called in a report: "needs identity records". */
  public String noun() {
    return noun;
  }

  /** Ack per delivery, cards, held inputs and counters: the smallest contract worth checking. */
  public static final Set<Observable> STATE_LEVEL =
      Collections.unmodifiableSet(EnumSet.of(ACK, CARDS, HELD, COUNTERS));

  /** Everything: what the model, the PostgreSQL store and the HTTP receiver show. */
  public static final Set<Observable> RICHEST_LEVEL =
      Collections.unmodifiableSet(EnumSet.allOf(Observable.class));
}
