package io.inboxcheck.store;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the whole store into model values in one read-only snapshot, so invariants check what the
 * database holds and not what the receiver believes it wrote.
 */
final class ViewReader {
  private ViewReader() {}

  /** Reads everything; the caller runs this inside one REPEATABLE READ transaction. */
  static RecordedView read(Connection connection, ReceiverSetup setup, Instant clock)
      throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    Sql.query(
        connection,
        "SELECT object_id, version, state, paused FROM cards",
        row ->
            cards.put(
                row.getString("object_id"),
                new Card(
                    row.getLong("version"),
                    (JsonObject) Codec.json(row.getString("state")),
                    row.getBoolean("paused"))));
    long[] counters = new long[2];
    Sql.query(
        connection,
        "SELECT event, authoritative FROM replacement_counters",
        row -> {
          counters[0] = row.getLong("event");
          counters[1] = row.getLong("authoritative");
        });
    List<AuditEntry> audit = new ArrayList<>();
    Map<String, List<Decision>> reevaluations = new HashMap<>();
    Sql.query(
        connection,
        "SELECT * FROM audit ORDER BY seq",
        row -> {
          AuditEntry entry = auditEntry(row);
          audit.add(entry);
          if (entry instanceof AuditEntry.Reevaluated reevaluated
              && reevaluated.eventId() != null) {
            reevaluations
                .computeIfAbsent(
                    reevaluated.eventId() + "@" + reevaluated.heldStep(), key -> new ArrayList<>())
                .add(reevaluated.decision());
          }
        });
    List<HeldInput> held = new ArrayList<>();
    Sql.query(
        connection,
        "SELECT step, reason, content, raw_text FROM held_inputs"
            + " WHERE status IN ('held', 'unresolved') ORDER BY delivery_seq",
        row ->
            held.add(
                new HeldInput(
                    row.getInt("step"),
                    Codec.envelope(row.getString("content"), row.getString("raw_text")),
                    Codec.reason(row.getString("reason")))));
    return new RecordedView(
        cards,
        identities(connection, reevaluations),
        held,
        audit,
        new ReplacementCounters(counters[0], counters[1]),
        clock,
        setup.retention(),
        setup.supportedTypes());
  }

  private static List<IdentityRecord> identities(
      Connection connection, Map<String, List<Decision>> reevaluations) throws SQLException {
    Map<String, List<RecordedContent>> variants = new HashMap<>();
    Sql.query(
        connection,
        "SELECT event_id, content, step, received_at FROM identity_variants"
            + " ORDER BY event_id, variant_no",
        row -> {
          String eventId = row.getString("event_id");
          int step = row.getInt("step");
          variants
              .computeIfAbsent(eventId, key -> new ArrayList<>())
              .add(
                  new RecordedContent(
                      Codec.json(row.getString("content")),
                      step,
                      Codec.instant(row, "received_at"),
                      history(
                          Decision.held(HeldReason.ID_CONFLICT),
                          reevaluations.get(eventId + "@" + step))));
        });
    LinkedHashMap<String, IdentityRecord> records = new LinkedHashMap<>();
    Sql.query(
        connection,
        "SELECT event_id, first_content, first_step, first_received_at, first_decision,"
            + " first_reason FROM identity_records ORDER BY first_received_at, first_step",
        row -> {
          String eventId = row.getString("event_id");
          int step = row.getInt("first_step");
          RecordedContent first =
              new RecordedContent(
                  Codec.json(row.getString("first_content")),
                  step,
                  Codec.instant(row, "first_received_at"),
                  history(
                      Codec.decision(
                          row.getString("first_decision"), row.getString("first_reason")),
                      reevaluations.get(eventId + "@" + step)));
          records.put(
              eventId,
              new IdentityRecord(eventId, first, variants.getOrDefault(eventId, List.of())));
        });
    return new ArrayList<>(records.values());
  }

  private static List<Decision> history(Decision first, List<Decision> later) {
    List<Decision> all = new ArrayList<>();
    all.add(first);
    if (later != null) {
      all.addAll(later);
    }
    return all;
  }

  private static AuditEntry auditEntry(ResultSet row) throws SQLException {
    int step = row.getInt("step");
    Instant at = Codec.instant(row, "recorded_at");
    String eventId = row.getString("event_id");
    String objectId = row.getString("object_id");
    return switch (row.getString("kind")) {
      case "delivery" ->
          new AuditEntry.DeliveryRecorded(
              step,
              at,
              Codec.envelope(row.getString("content"), row.getString("raw_text")),
              Codec.decision(row),
              row.getBoolean("variant"),
              Codec.names(row.getString("paused_cards")));
      case "authority" ->
          new AuditEntry.AuthorityApplied(
              step,
              at,
              objectId,
              ReconcileOutcome.valueOf(row.getString("outcome")),
              row.getBoolean("regressed"),
              Codec.card(row.getString("card_before")),
              Codec.card(row.getString("card_after")));
      case "resolution" ->
          new AuditEntry.ResolvedByAuthority(
              step,
              at,
              row.getInt("held_step"),
              eventId,
              objectId,
              Codec.reason(row.getString("reason")));
      case "reevaluation" ->
          new AuditEntry.Reevaluated(
              step,
              at,
              row.getInt("held_step"),
              eventId,
              objectId,
              Codec.reason(row.getString("previous_reason")),
              Codec.decision(row.getString("decision"), row.getString("reason")));
      case "identity_pruned" ->
          new AuditEntry.IdentityPruned(step, at, eventId, Codec.instant(row, "first_received_at"));
      default -> throw new IllegalStateException("unknown audit kind " + row.getString("kind"));
    };
  }
}
