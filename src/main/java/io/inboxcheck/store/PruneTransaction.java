package io.inboxcheck.store;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.Retention;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Prunes one identity record whose retention ended, under the same locks a delivery of that id
 * takes, after the pure retention rule agreed on the record as it is now (SPEC section 5).
 */
final class PruneTransaction {
  private final Connection connection;
  private final StoreSettings settings;
  private final int step;
  private final String eventId;
  private final Instant clock;

  PruneTransaction(
      Connection connection, StoreSettings settings, int step, String eventId, Instant clock) {
    this.connection = connection;
    this.settings = settings;
    this.step = step;
    this.eventId = eventId;
    this.clock = clock;
  }

  /** Runs every statement up to, not including, COMMIT; true when the record was pruned. */
  boolean run() throws SQLException {
    Sql.query(connection, "SELECT lock_event(?)", row -> {}, eventId);
    List<RecordedContent> contents = new ArrayList<>();
    Set<String> names = new TreeSet<>();
    Instant[] firstReceivedAt = new Instant[1];
    // Decisions do not matter to retention; a placeholder keeps the record well formed.
    List<Decision> unused = List.of(Decision.STALE);
    Sql.query(
        connection,
        "SELECT first_step AS step, first_received_at AS received_at, first_object_id AS object_id"
            + " FROM identity_records WHERE event_id = ?"
            + " UNION ALL SELECT step, received_at, object_id FROM identity_variants"
            + " WHERE event_id = ? ORDER BY step",
        row -> {
          Instant receivedAt = Codec.instant(row, "received_at");
          if (firstReceivedAt[0] == null) {
            firstReceivedAt[0] = receivedAt;
          }
          contents.add(
              new RecordedContent(
                  io.inboxcheck.json.JsonNull.INSTANCE, row.getInt("step"), receivedAt, unused));
          if (row.getString("object_id") != null) {
            names.add(row.getString("object_id"));
          }
        },
        eventId,
        eventId);
    if (contents.isEmpty()) {
      return false;
    }
    if (settings.cardLocks() && !names.isEmpty()) {
      Sql.query(connection, "SELECT lock_cards(?)", row -> {}, names);
    }
    Set<Integer> heldSteps = new HashSet<>();
    Sql.query(
        connection,
        "SELECT step FROM held_inputs WHERE event_id = ? AND status IN ('held', 'unresolved')",
        row -> heldSteps.add(row.getInt("step")),
        eventId);
    IdentityRecord record =
        new IdentityRecord(eventId, contents.get(0), contents.subList(1, contents.size()));
    SliceView slice =
        new SliceView(
            Set.of(),
            Map.of(),
            eventId,
            record,
            List.of(),
            heldSteps,
            clock,
            settings.setup().retention(),
            settings.setup().supportedTypes());
    if (Retention.expired(slice, clock).isEmpty()) {
      return false;
    }
    Sql.update(connection, "DELETE FROM identity_records WHERE event_id = ?", eventId);
    Sql.update(
        connection,
        "INSERT INTO audit (kind, step, recorded_at, event_id, first_received_at)"
            + " VALUES ('identity_pruned', ?, ?, ?, ?)",
        step,
        Codec.timestamp(clock),
        eventId,
        Codec.timestamp(firstReceivedAt[0]));
    return true;
  }
}
