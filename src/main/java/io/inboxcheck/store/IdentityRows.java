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
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

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
    Decoder decoder = new Decoder(eventId);
    Sql.query(connection, SLICE_OF_EVENT, decoder::row, eventId, eventId, eventId);
    return decoder.identity();
  }

  /**
   * One id's held inputs, first record and variants in one statement, so in one snapshot: each row
   * says in {@code part} which it is (0, 1, 2). The rows come in no particular order; the {@link
   * Decoder} puts them in order, so the server sorts nothing. The id is bound three times.
   */
  static final String SLICE_OF_EVENT =
      "SELECT 0 AS part, NULL::text AS event_id, step, decision, reason, status,"
          + " NULL::text AS first_content, NULL::integer AS first_step,"
          + " NULL::timestamptz AS first_received_at, NULL::text AS first_decision,"
          + " NULL::text AS first_reason, NULL::text AS content,"
          + " NULL::timestamptz AS received_at, 0 AS variant_no"
          + " FROM held_inputs WHERE event_id = ?"
          + " UNION ALL SELECT 1, event_id, NULL, NULL, NULL, NULL, first_content, first_step,"
          + " first_received_at, first_decision, first_reason, NULL, NULL, 0"
          + " FROM identity_records WHERE event_id = ?"
          + " UNION ALL SELECT 2, event_id, step, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
          + " content, received_at, variant_no FROM identity_variants WHERE event_id = ?";

  /** One id's record rebuilt from the rows of {@link #SLICE_OF_EVENT}, wherever they are read. */
  static final class Decoder {
    private final String eventId;
    private final Map<Integer, Decision> latest = new HashMap<>();
    private final Set<Integer> heldSteps = new HashSet<>();
    private ContentRow first;
    private final SortedMap<Integer, ContentRow> variants = new TreeMap<>();
    // A held input's row keeps only its latest decision, which is all the reducer reads; it is
    // the first one again until a re-evaluation changes it.
    private final LaterDecisions later =
        (id, step, firstDecision) -> {
          Decision decided = latest.get(step);
          return decided == null || decided.equals(firstDecision) ? List.of() : List.of(decided);
        };

    Decoder(String eventId) {
      this.eventId = eventId;
    }

    /**
     * Takes one row of {@link #SLICE_OF_EVENT}, in any order: the contents are kept as read and
     * decoded by {@link #identity()}, once every held input has given its decision.
     */
    void row(ResultSet row) throws SQLException {
      switch (row.getInt("part")) {
        case 0 -> held(row);
        case 1 -> first = ContentRow.first(row);
        default -> variants.put(row.getInt("variant_no"), ContentRow.variant(row));
      }
    }

    private void held(ResultSet row) throws SQLException {
      latest.put(
          row.getInt("step"), Codec.decision(row.getString("decision"), row.getString("reason")));
      if (!HeldRows.RESOLVED.equals(row.getString("status"))) {
        heldSteps.add(row.getInt("step"));
      }
    }

    /** The record read, or null when there was no first record. */
    StoredIdentity identity() {
      if (first == null) {
        return null;
      }
      List<RecordedContent> recordedVariants = new ArrayList<>(variants.size());
      for (ContentRow variant : variants.values()) {
        recordedVariants.add(variant.recorded(later));
      }
      IdentityRecord record = new IdentityRecord(eventId, first.recorded(later), recordedVariants);
      return new StoredIdentity(record, namedCards(record), heldSteps);
    }
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
                .add(ContentRow.variant(row).recorded(later)));
    LinkedHashMap<String, IdentityRecord> records = new LinkedHashMap<>();
    Sql.query(
        connection,
        FIRST_RECORDS + " ORDER BY first_received_at, first_step",
        row -> {
          String eventId = row.getString("event_id");
          records.put(
              eventId,
              new IdentityRecord(
                  eventId,
                  ContentRow.first(row).recorded(later),
                  variants.getOrDefault(eventId, List.of())));
        });
    return new ArrayList<>(records.values());
  }

  /** A first record's or a variant's row as read: its history needs the id's later decisions. */
  private record ContentRow(
      String eventId, String content, int step, Instant receivedAt, Decision first) {
    static ContentRow first(ResultSet row) throws SQLException {
      Decision first =
          Codec.decision(row.getString("first_decision"), row.getString("first_reason"));
      return read(row, "first_content", "first_step", "first_received_at", first);
    }

    static ContentRow variant(ResultSet row) throws SQLException {
      // A variant is always recorded as a conflict of its id (SPEC 3.1).
      return read(row, "content", "step", "received_at", Decision.held(HeldReason.ID_CONFLICT));
    }

    private static ContentRow read(
        ResultSet row, String content, String step, String receivedAt, Decision first)
        throws SQLException {
      return new ContentRow(
          row.getString("event_id"),
          row.getString(content),
          row.getInt(step),
          Codec.instant(row, receivedAt),
          first);
    }

    RecordedContent recorded(LaterDecisions later) {
      return new RecordedContent(
          Codec.json(content), step, receivedAt, history(first, later.of(eventId, step, first)));
    }
  }

  private static List<Decision> history(Decision first, List<Decision> later) {
    List<Decision> all = new ArrayList<>(1 + later.size());
    all.add(first);
    all.addAll(later);
    return all;
  }

  /** Letting go of an id's record; its variants go with it (ON DELETE CASCADE). */
  static final String PRUNE = "DELETE FROM identity_records WHERE event_id = ?";

  /**
   * A delivery's first record, as a part of the statement that appends its audit entry: the row
   * names that entry's sequence number, {@code (SELECT seq FROM delivery)} (EffectsWriter).
   */
  static final String FIRST_RECORD_BY_DELIVERY =
      "INSERT INTO identity_records (event_id, first_content, first_object_id, first_step,"
          + " first_received_at, first_delivery_seq, first_decision, first_reason)"
          + " VALUES (?, ?, ?, ?, ?, (SELECT seq FROM delivery), ?, ?)";

  /** A delivery's variant, as a part of the statement that appends its audit entry, as above. */
  static final String VARIANT_BY_DELIVERY =
      "INSERT INTO identity_variants (event_id, variant_no, content, object_id, step,"
          + " received_at, delivery_seq) VALUES (?, ?, ?, ?, ?, ?, (SELECT seq FROM delivery))";

  /** Adds the values of {@link #FIRST_RECORD_BY_DELIVERY} for {@code first} to {@code values}. */
  static void addFirstRecordValues(IdentityChange.FirstRecord first, List<Object> values) {
    RecordedContent content = first.content();
    Decision decision = content.latestDecision();
    values.add(first.eventId());
    values.add(content.content().canonicalText());
    values.add(first.objectId());
    values.add(content.step());
    values.add(Codec.timestamp(content.receivedAt()));
    values.add(decision.kind().name());
    values.add(Codec.reasonName(decision.reason()));
  }

  /** Adds the values of {@link #VARIANT_BY_DELIVERY} for {@code variant} to {@code values}. */
  static void addVariantValues(IdentityChange.Variant variant, List<Object> values) {
    RecordedContent content = variant.content();
    values.add(variant.eventId());
    values.add(variant.number());
    values.add(content.content().canonicalText());
    values.add(variant.objectId());
    values.add(content.step());
    values.add(Codec.timestamp(content.receivedAt()));
  }
}
