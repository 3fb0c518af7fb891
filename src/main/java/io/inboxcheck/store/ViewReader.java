package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the whole store into model values in one read-only snapshot, so invariants check what the
 * database holds and not what the receiver believes it wrote.
 */
final class ViewReader {
  /** The isolation of the view's transaction: one snapshot for every table it reads. */
  static final int ISOLATION = Connection.TRANSACTION_REPEATABLE_READ;

  private ViewReader() {}

  /**
   * Reads everything; the caller runs this inside one transaction whose isolation is {@link
   * #ISOLATION}, so every table comes from one snapshot.
   */
  static RecordedView read(Connection connection, StoreSettings settings, Instant clock)
      throws SQLException {
    ReceiverSetup setup = settings.setup();
    Map<String, Card> cards = new TreeMap<>();
    Sql.query(connection, CardRows.SELECT, row -> CardRows.put(cards, row));
    long[] counters = new long[2];
    Sql.query(
        connection,
        "SELECT event, authoritative FROM replacement_counters",
        row -> {
          counters[0] = row.getLong("event");
          counters[1] = row.getLong("authoritative");
        });
    settings.hook().reached(RaceHook.Window.VIEW_COUNTERS_READ, connection);
    List<AuditEntry> audit = new ArrayList<>();
    Map<String, List<Decision>> reevaluations = new HashMap<>();
    Sql.query(
        connection,
        "SELECT * FROM audit ORDER BY seq",
        row -> {
          AuditEntry entry = AuditRows.read(row);
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
    HeldRows.readStillHeld(connection, null, (deliverySeq, input) -> held.add(input));
    // The audit keeps every decision recorded again for a content, in order.
    IdentityRows.LaterDecisions later =
        (eventId, step, first) -> reevaluations.getOrDefault(eventId + "@" + step, List.of());
    return new RecordedView(
        cards,
        IdentityRows.all(connection, later),
        held,
        audit,
        new ReplacementCounters(counters[0], counters[1]),
        setup.viewAt(clock));
  }
}
