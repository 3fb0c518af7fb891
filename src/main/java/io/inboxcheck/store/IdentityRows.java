package io.inboxcheck.store;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Effects.IdentityChange;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.RecordedContent;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToLongFunction;

/**
 * Identity records rebuilt from {@code identity_records} and {@code identity_variants} rows: the
 * one decoder every transaction and the recorded view use. A row keeps the decision first recorded;
 * later ones (re-evaluations) come from the caller, who knows where it reads them.
 */
final class IdentityRows {
  private static final String FIRST_RECORDS =
      "SELECT event_id, first_content, first_step, first_received_at, first_decision,"
          + " first_reason FROM identity_records";

  private static final String VARIANTS =
      "SELECT event_id, content, step, received_at FROM identity_variants";

  private IdentityRows() {}

  /** The decisions recorded after {@code first} for the content an id recorded at a step. */
  @FunctionalInterface
  interface LaterDecisions {
    List<Decision> of(String eventId, int step, Decision first);
  }

  /**
   * One id's record as a transaction holding its identity lock sees it, with the cards its contents
   * name and the steps of its deliveries still held.
   */
  record StoredIdentity(IdentityRecord record, List<String> namedCards, Set<Integer> heldSteps) {}

  /** The record of {@code eventId}, or null when the store retains none. */
  static StoredIdentity load(Connection connection, String eventId) throws SQLException {
    Map<Integer, Decision> latest = new HashMap<>();
    Set<Integer> heldSteps = new HashSet<>();
    Sql.query(
        connection,
        "SELECT step, decision, reason, status FROM held_inputs WHERE event_id = ?",
        row -> {
          latest.put(
              row.getInt("step"),
              Codec.decision(row.getString("decision"), row.getString("reason")));
          if (!HeldRows.RESOLVED.equals(row.getString("status"))) {
            heldSteps.add(row.getInt("step"));
          }
        },
        eventId);
    // A held input's row keeps only its latest decision, which is all the reducer reads; it is
    // the first one again until a re-evaluation changes it.
    LaterDecisions later =
        (id, step, first) -> {
          Decision decided = latest.get(step);
          return decided == null || decided.equals(first) ? List.of() : List.of(decided);
        };
    List<RecordedContent> first = new ArrayList<>(1);
    Sql.query(
        connection,
        FIRST_RECORDS + " WHERE event_id = ?",
        row -> first.add(firstRecord(row, later)),
        eventId);
    if (first.isEmpty()) {
      return null;
    }
    List<RecordedContent> variants = new ArrayList<>();
    Sql.query(
        connection,
        VARIANTS + " WHERE event_id = ? ORDER BY variant_no",
        row -> variants.add(variant(row, later)),
        eventId);
    IdentityRecord record = new IdentityRecord(eventId, first.get(0), variants);
    return new StoredIdentity(record, namedCards(record), heldSteps);
  }

  /** The cards the record's first record and variants name, as their envelopes read them. */
  private static List<String> namedCards(IdentityRecord record) {
    List<String> names = new ArrayList<>();
    new Envelope(record.firstRecord().content()).objectId().ifPresent(names::add);
    for (RecordedContent variant : record.variants()) {
      new Envelope(variant.content()).objectId().ifPresent(names::add);
    }
    return names;
  }

  /** Every retained record, in order of first receipt. */
  static List<IdentityRecord> all(Connection connection, LaterDecisions later) throws SQLException {
    Map<String, List<RecordedContent>> variants = new HashMap<>();
    Sql.query(
        connection,
        VARIANTS + " ORDER BY event_id, variant_no",
        row ->
            variants
                .computeIfAbsent(row.getString("event_id"), key -> new ArrayList<>())
                .add(variant(row, later)));
    LinkedHashMap<String, IdentityRecord> records = new LinkedHashMap<>();
    Sql.query(
        connection,
        FIRST_RECORDS + " ORDER BY first_received_at, first_step",
        row -> {
          String eventId = row.getString("event_id");
          records.put(
              eventId,
              new IdentityRecord(
                  eventId, firstRecord(row, later), variants.getOrDefault(eventId, List.of())));
        });
    return new ArrayList<>(records.values());
  }

  private static RecordedContent firstRecord(ResultSet row, LaterDecisions later)
      throws SQLException {
    int step = row.getInt("first_step");
    Decision first = Codec.decision(row.getString("first_decision"), row.getString("first_reason"));
    return new RecordedContent(
        Codec.json(row.getString("first_content")),
        step,
        Codec.instant(row, "first_received_at"),
        history(first, later.of(row.getString("event_id"), step, first)));
  }

  private static RecordedContent variant(ResultSet row, LaterDecisions later) throws SQLException {
    int step = row.getInt("step");
    // A variant is always recorded as a conflict of its id (SPEC 3.1).
    Decision first = Decision.held(HeldReason.ID_CONFLICT);
    return new RecordedContent(
        Codec.json(row.getString("content")),
        step,
        Codec.instant(row, "received_at"),
        history(first, later.of(row.getString("event_id"), step, first)));
  }

  private static List<Decision> history(Decision first, List<Decision> later) {
    List<Decision> all = new ArrayList<>(1 + later.size());
    all.add(first);
    all.addAll(later);
    return all;
  }

  /**
   * Writes one identity change: a delivery's first record or variant, naming the delivery's audit
   * entry, or the deletion of a pruned record, whose variants go with it (ON DELETE CASCADE).
   */
  static void write(Connection connection, IdentityChange change, IntToLongFunction deliverySeqs)
      throws SQLException {
    if (change instanceof IdentityChange.Pruned pruned) {
      Sql.update(connection, "DELETE FROM identity_records WHERE event_id = ?", pruned.eventId());
    } else if (change instanceof IdentityChange.FirstRecord first) {
      RecordedContent content = first.content();
      Decision decision = content.latestDecision();
      Sql.update(
          connection,
          "INSERT INTO identity_records (event_id, first_content, first_object_id, first_step,"
              + " first_received_at, first_delivery_seq, first_decision, first_reason)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          first.eventId(),
          content.content().canonicalText(),
          first.objectId(),
          content.step(),
          Codec.timestamp(content.receivedAt()),
          deliverySeqs.applyAsLong(content.step()),
          decision.kind().name(),
          Codec.reasonName(decision.reason()));
    } else if (change instanceof IdentityChange.Variant variant) {
      RecordedContent content = variant.content();
      Sql.update(
          connection,
          "INSERT INTO identity_variants (event_id, variant_no, content, object_id, step,"
              + " received_at, delivery_seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
          variant.eventId(),
          variant.number(),
          content.content().canonicalText(),
          variant.objectId(),
          content.step(),
          Codec.timestamp(content.receivedAt()),
          deliverySeqs.applyAsLong(content.step()));
    }
  }
}
