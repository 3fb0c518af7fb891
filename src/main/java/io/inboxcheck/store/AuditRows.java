package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.ReconcileOutcome;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

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

  /**
   * The columns each kind of entry fills, in order, after the three every entry fills ({@code kind,
   * step, recorded_at}); the rest stay at their defaults.
   */
  private static final Map<String, List<String>> COLUMNS =
      Map.of(
          DELIVERY,
          columns(
              "event_id",
              "object_id",
              "decision",
              "reason",
              "restates",
              "restates_reason",
              "variant",
              "paused_cards",
              "content",
              "raw_text"),
          AUTHORITY,
          columns("object_id", "outcome", "regressed", "card_before", "card_after"),
          RESOLUTION,
          columns("event_id", "object_id", "reason", "held_step"),
          REEVALUATION,
          columns("event_id", "object_id", "decision", "reason", "held_step", "previous_reason"),
          IDENTITY_PRUNED,
          columns("event_id", "first_received_at"));

  private static List<String> columns(String... ofTheKind) {
    List<String> columns = new ArrayList<>(List.of("kind", "step", "recorded_at"));
    columns.addAll(List.of(ofTheKind));
    return List.copyOf(columns);
  }

  /** The INSERT of each kind of entry, without a RETURNING clause: one fixed text per kind. */
  private static final Map<String, String> INSERTS = inserts();

  /**
   * The INSERT that appends a delivery's entry (EffectsWriter makes it the head of a statement).
   */
  static final String DELIVERY_INSERT = INSERTS.get(DELIVERY);

  private static Map<String, String> inserts() {
    Map<String, String> inserts = new HashMap<>();
    COLUMNS.forEach((kind, columns) -> inserts.put(kind, insertInto(columns)));
    return Map.copyOf(inserts);
  }

  private static String insertInto(List<String> columns) {
    StringJoiner placeholders = new StringJoiner(", ");
    for (String column : columns) {
      String type = COLUMN_TYPES.get(column);
      placeholders.add(type == null ? "?" : "?::" + type);
    }
    return "INSERT INTO audit (" + String.join(", ", columns) + ") VALUES (" + placeholders + ")";
  }

  /** The INSERT that appends {@code entry}, without a RETURNING clause. */
  static Sql.Bound insert(AuditEntry entry) {
    List<Object> values = new ArrayList<>(COLUMNS.get(kind(entry)).size());
    addValues(entry, values);
    return new Sql.Bound(INSERTS.get(kind(entry)), values.toArray());
  }

  /** Adds the values of the INSERT of {@code entry}'s kind to {@code values}, in its order. */
  static void addValues(AuditEntry entry, List<Object> values) {
    values.add(kind(entry));
    values.add(entry.step());
    values.add(Codec.timestamp(entry.at()));
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      Decision decision = delivery.decision();
      Decision restated =
          decision instanceof Decision.Duplicate duplicate ? duplicate.restates() : null;
      values.add(delivery.envelope().eventId().orElse(null));
      values.add(delivery.envelope().objectId().orElse(null));
      values.add(decision.kind().name());
      values.add(Codec.reasonName(decision.reason()));
      values.add(restated == null ? null : restated.kind().name());
      values.add(restated == null ? null : Codec.reasonName(restated.reason()));
      values.add(delivery.variant());
      values.add(Codec.names(delivery.pausedCards()));
      values.add(delivery.envelope().content().canonicalText());
      values.add(Codec.rawText(delivery.envelope()));
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      values.add(authority.objectId());
      values.add(authority.outcome().name());
      values.add(authority.regressed());
      values.add(authority.before() == null ? null : Codec.card(authority.before()));
      values.add(Codec.card(authority.after()));
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolution) {
      values.add(resolution.eventId());
      values.add(resolution.objectId());
      values.add(resolution.reason().name());
      values.add(resolution.heldStep());
    } else if (entry instanceof AuditEntry.Reevaluated reevaluation) {
      values.add(reevaluation.eventId());
      values.add(reevaluation.objectId());
      values.add(reevaluation.decision().kind().name());
      values.add(Codec.reasonName(reevaluation.decision().reason()));
      values.add(reevaluation.heldStep());
      values.add(reevaluation.previousReason().name());
    } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
      values.add(pruned.eventId());
      values.add(Codec.timestamp(pruned.firstReceivedAt()));
    }
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
