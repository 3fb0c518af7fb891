package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.ReconcileOutcome;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;

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

  /** The enum type of each column that has one (V2__enum_columns.sql); the rest are plain. */
  private static final Map<String, String> COLUMN_TYPES =
      Map.of("kind", "audit_kind", "decision", "decision_kind", "outcome", "authority_outcome");

  /** The INSERT of each list of columns an entry fills, made once: a few shapes in all. */
  private static final Map<List<String>, String> INSERTS = new ConcurrentHashMap<>();

  /** The INSERT that appends {@code entry}, without a RETURNING clause. */
  static Sql.Bound insert(AuditEntry entry) {
    Map<String, Object> columns = columns(entry);
    String sql = INSERTS.computeIfAbsent(List.copyOf(columns.keySet()), AuditRows::insertInto);
    return Sql.Bound.of(sql, columns.values().toArray());
  }

  private static String insertInto(List<String> columns) {
    StringJoiner placeholders = new StringJoiner(", ");
    for (String column : columns) {
      String type = COLUMN_TYPES.get(column);
      placeholders.add(type == null ? "?" : "?::" + type);
    }
    return "INSERT INTO audit (" + String.join(", ", columns) + ") VALUES (" + placeholders + ")";
  }

  /** The columns an entry fills, by name; the rest stay at their defaults. */
  private static Map<String, Object> columns(AuditEntry entry) {
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("kind", kind(entry));
    columns.put("step", entry.step());
    columns.put("recorded_at", Codec.timestamp(entry.at()));
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      Decision decision = delivery.decision();
      Decision restated =
          decision instanceof Decision.Duplicate duplicate ? duplicate.restates() : null;
      columns.put("event_id", delivery.envelope().eventId().orElse(null));
      columns.put("object_id", delivery.envelope().objectId().orElse(null));
      columns.put("decision", decision.kind().name());
      columns.put("reason", Codec.reasonName(decision.reason()));
      columns.put("restates", restated == null ? null : restated.kind().name());
      columns.put("restates_reason", restated == null ? null : Codec.reasonName(restated.reason()));
      columns.put("variant", delivery.variant());
      columns.put("paused_cards", Codec.names(delivery.pausedCards()));
      columns.put("content", delivery.envelope().content().canonicalText());
      columns.put("raw_text", Codec.rawText(delivery.envelope()));
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      columns.put("object_id", authority.objectId());
      columns.put("outcome", authority.outcome().name());
      columns.put("regressed", authority.regressed());
      columns.put(
          "card_before", authority.before() == null ? null : Codec.card(authority.before()));
      columns.put("card_after", Codec.card(authority.after()));
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolution) {
      columns.put("event_id", resolution.eventId());
      columns.put("object_id", resolution.objectId());
      columns.put("reason", resolution.reason().name());
      columns.put("held_step", resolution.heldStep());
    } else if (entry instanceof AuditEntry.Reevaluated reevaluation) {
      columns.put("event_id", reevaluation.eventId());
      columns.put("object_id", reevaluation.objectId());
      columns.put("decision", reevaluation.decision().kind().name());
      columns.put("reason", Codec.reasonName(reevaluation.decision().reason()));
      columns.put("held_step", reevaluation.heldStep());
      columns.put("previous_reason", reevaluation.previousReason().name());
    } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
      columns.put("event_id", pruned.eventId());
      columns.put("first_received_at", Codec.timestamp(pruned.firstReceivedAt()));
    }
    return columns;
  }

  private static String kind(AuditEntry entry) {
    if (entry instanceof AuditEntry.DeliveryRecorded) {
      return DELIVERY;
    }
    if (entry instanceof AuditEntry.AuthorityApplied) {
      return AUTHORITY;
    }
    if (entry instanceof AuditEntry.ResolvedByAuthority) {
      return RESOLUTION;
    }
    return entry instanceof AuditEntry.Reevaluated ? REEVALUATION : IDENTITY_PRUNED;
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
