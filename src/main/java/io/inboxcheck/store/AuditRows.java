package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.ReconcileOutcome;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The audit vocabulary in SQL: each {@link AuditEntry} as one row of the {@code audit} table and
 * back, with the row's {@code kind} naming which entry it is. Nothing else writes or reads an audit
 * row's columns.
 */
final class AuditRows {
  static final String DELIVERY = "delivery";
  static final String AUTHORITY = "authority";
  static final String RESOLUTION = "resolution";
  static final String REEVALUATION = "reevaluation";
  static final String IDENTITY_PRUNED = "identity_pruned";

  private AuditRows() {}

  /** Appends {@code entry} and returns its sequence number, the audit's order. */
  static long append(Connection connection, AuditEntry entry) throws SQLException {
    Object at = Codec.timestamp(entry.at());
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      Decision decision = delivery.decision();
      Decision restated =
          decision instanceof Decision.Duplicate duplicate ? duplicate.restates() : null;
      return Sql.insertReturning(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, decision, reason,"
              + " restates, restates_reason, variant, paused_cards, content, raw_text)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
          DELIVERY,
          entry.step(),
          at,
          delivery.envelope().eventId().orElse(null),
          delivery.envelope().objectId().orElse(null),
          decision.kind().name(),
          Codec.reasonName(decision.reason()),
          restated == null ? null : restated.kind().name(),
          restated == null ? null : Codec.reasonName(restated.reason()),
          delivery.variant(),
          Codec.names(delivery.pausedCards()),
          delivery.envelope().content().canonicalText(),
          Codec.rawText(delivery.envelope()));
    }
    if (entry instanceof AuditEntry.AuthorityApplied authority) {
      return Sql.insertReturning(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, object_id, outcome, regressed, card_before,"
              + " card_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
          AUTHORITY,
          entry.step(),
          at,
          authority.objectId(),
          authority.outcome().name(),
          authority.regressed(),
          authority.before() == null ? null : Codec.card(authority.before()),
          Codec.card(authority.after()));
    }
    if (entry instanceof AuditEntry.ResolvedByAuthority resolution) {
      return Sql.insertReturning(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, reason, held_step)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq",
          RESOLUTION,
          entry.step(),
          at,
          resolution.eventId(),
          resolution.objectId(),
          resolution.reason().name(),
          resolution.heldStep());
    }
    if (entry instanceof AuditEntry.Reevaluated reevaluation) {
      return Sql.insertReturning(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, decision, reason,"
              + " held_step, previous_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
          REEVALUATION,
          entry.step(),
          at,
          reevaluation.eventId(),
          reevaluation.objectId(),
          reevaluation.decision().kind().name(),
          Codec.reasonName(reevaluation.decision().reason()),
          reevaluation.heldStep(),
          reevaluation.previousReason().name());
    }
    AuditEntry.IdentityPruned pruned = (AuditEntry.IdentityPruned) entry;
    return Sql.insertReturning(
        connection,
        "INSERT INTO audit (kind, step, recorded_at, event_id, first_received_at)"
            + " VALUES (?, ?, ?, ?, ?) RETURNING seq",
        IDENTITY_PRUNED,
        entry.step(),
        at,
        pruned.eventId(),
        Codec.timestamp(pruned.firstReceivedAt()));
  }

  /** The entry one {@code SELECT * FROM audit} row holds. */
  static AuditEntry read(ResultSet row) throws SQLException {
    int step = row.getInt("step");
    Instant at = Codec.instant(row, "recorded_at");
    String eventId = row.getString("event_id");
    String objectId = row.getString("object_id");
    String kind = row.getString("kind");
    return switch (kind) {
      case DELIVERY ->
          new AuditEntry.DeliveryRecorded(
              step,
              at,
              Codec.envelope(row.getString("content"), row.getString("raw_text")),
              deliveryDecision(row),
              row.getBoolean("variant"),
              Codec.names(row.getString("paused_cards")));
      case AUTHORITY ->
          new AuditEntry.AuthorityApplied(
              step,
              at,
              objectId,
              ReconcileOutcome.valueOf(row.getString("outcome")),
              row.getBoolean("regressed"),
              Codec.card(row.getString("card_before")),
              Codec.card(row.getString("card_after")));
      case RESOLUTION ->
          new AuditEntry.ResolvedByAuthority(
              step,
              at,
              row.getInt("held_step"),
              eventId,
              objectId,
              Codec.reason(row.getString("reason")));
      case REEVALUATION ->
          new AuditEntry.Reevaluated(
              step,
              at,
              row.getInt("held_step"),
              eventId,
              objectId,
              Codec.reason(row.getString("previous_reason")),
              Codec.decision(row.getString("decision"), row.getString("reason")));
      case IDENTITY_PRUNED ->
          new AuditEntry.IdentityPruned(step, at, eventId, Codec.instant(row, "first_received_at"));
      default -> throw new IllegalStateException("unknown audit kind " + kind);
    };
  }

  /** A delivery's decision: a DUPLICATE names the decision it restates in two more columns. */
  private static Decision deliveryDecision(ResultSet row) throws SQLException {
    String kind = row.getString("decision");
    if (DecisionKind.DUPLICATE.name().equals(kind)) {
      return new Decision.Duplicate(
          Codec.decision(row.getString("restates"), row.getString("restates_reason")));
    }
    return Codec.decision(kind, row.getString("reason"));
  }
}
