package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.List;
import org.apiguardian.api.API;

/** One append-only audit entry: a delivery, a reconciliation outcome or a re-evaluation. */
@API(status = EXPERIMENTAL)
public sealed interface AuditEntry
    permits AuditEntry.DeliveryRecorded,
        AuditEntry.AuthorityApplied,
        AuditEntry.ResolvedByAuthority,
        AuditEntry.Reevaluated,
        AuditEntry.IdentityPruned {

  /** The scenario step during which the entry was written. */
  int step();

  Instant at();

  /**
   * A delivery and its decision. {@code variant} is true when the content was stored as a variant
   * of an existing id; {@code pausedCards} lists the cards this decision paused.
   */
  record DeliveryRecorded(
      int step,
      Instant at,
      Envelope envelope,
      Decision decision,
      boolean variant,
      List<String> pausedCards)
      implements AuditEntry {
    public DeliveryRecorded {
      pausedCards = List.copyOf(pausedCards);
    }
  }

  /** An authority replaced, confirmed or created a card; {@code before} is null when created. */
  record AuthorityApplied(
      int step,
      Instant at,
      String objectId,
      ReconcileOutcome outcome,
      boolean regressed,
      Card before,
      Card after)
      implements AuditEntry {}

  /** A held conflict resolved by an authority: kept as evidence, never re-evaluated. */
  record ResolvedByAuthority(
      int step, Instant at, int heldStep, String eventId, String objectId, HeldReason reason)
      implements AuditEntry {}

  /** A held input decided again after its card was reconciled. */
  record Reevaluated(
      int step,
      Instant at,
      int heldStep,
      String eventId,
      String objectId,
      HeldReason previousReason,
      Decision decision)
      implements AuditEntry {}

  /** An identity record dropped when its retention window ended (SPEC section 5). */
  record IdentityPruned(int step, Instant at, String eventId, Instant firstReceivedAt)
      implements AuditEntry {}
}
