package io.inboxcheck.store;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.HeldInput;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Held inputs as rows of {@code held_inputs}, each found by its delivery's audit sequence number:
 * written from held changes, and read back. A row is held, unresolved (left by an authority without
 * a version, SPEC 4.3) or resolved, by an authority or by a re-evaluation.
 */
final class HeldRows {
  static final String HELD = "held";
  static final String UNRESOLVED = "unresolved";
  static final String RESOLVED = "resolved";

  /** The condition that selects the rows the receiver still holds, unresolved ones included. */
  static final String STILL_HELD = "status IN ('" + HELD + "', '" + UNRESOLVED + "')";

  private HeldRows() {}

  /** Reads the inputs still held, with their delivery's sequence number, in arrival order. */
  static void readStillHeld(Connection connection, String objectIdOrAll, HeldRowReader reader)
      throws SQLException {
    String sql =
        "SELECT delivery_seq, step, reason, content, raw_text FROM held_inputs WHERE "
            + STILL_HELD
            + (objectIdOrAll == null ? "" : " AND object_id = ?")
            + " ORDER BY delivery_seq";
    Object[] values = objectIdOrAll == null ? new Object[0] : new Object[] {objectIdOrAll};
    Sql.query(
        connection,
        sql,
        row ->
            reader.read(
                row.getLong("delivery_seq"),
                new HeldInput(
                    row.getInt("step"),
                    Codec.envelope(row.getString("content"), row.getString("raw_text")),
                    Codec.reason(row.getString("reason")))),
        values);
  }

  /** Receives one held input and its delivery's sequence number. */
  @FunctionalInterface
  interface HeldRowReader {
    void read(long deliverySeq, HeldInput input) throws SQLException;
  }

  /**
   * A delivery decided HELD, as a part of the statement that appends its audit entry: the row names
   * that entry's sequence number, {@code (SELECT seq FROM delivery)} (EffectsWriter).
   */
  static final String ADDED_BY_DELIVERY =
      "INSERT INTO held_inputs (delivery_seq, step, event_id, object_id, decision, reason,"
          + " status, content, raw_text) VALUES ((SELECT seq FROM delivery), ?, ?, ?, ?, ?,"
          + " ?::held_status, ?, ?)";

  /** Adds the values of {@link #ADDED_BY_DELIVERY} for {@code input} to {@code values}. */
  static void addAddedValues(HeldInput input, List<Object> values) {
    values.add(input.step());
    values.add(input.eventId().orElse(null));
    values.add(input.objectId().orElse(null));
    values.add(DecisionKind.HELD.name());
    values.add(input.reason().name());
    values.add(HELD);
    values.add(input.envelope().content().canonicalText());
    values.add(Codec.rawText(input.envelope()));
  }

  private static final String RESOLVED_BY_AUTHORITY =
      "UPDATE held_inputs SET status = ?::held_status, resolution = 'authority'"
          + " WHERE delivery_seq = ?";

  private static final String REEVALUATED =
      "UPDATE held_inputs SET decision = ?, reason = ?, status = ?::held_status,"
          + " resolution = ?::held_resolution WHERE delivery_seq = ?";

  private static final String LEFT_UNRESOLVED =
      "UPDATE held_inputs SET status = ?::held_status WHERE delivery_seq = ?"
          + " AND status = ?::held_status";

  /**
   * The statement that writes what a reconciliation decided for the held input of the delivery
   * numbered {@code deliverySeq}; an input is added only by its own delivery ({@link
   * #ADDED_BY_DELIVERY}).
   */
  static Sql.Bound statement(HeldChange change, long deliverySeq) {
    if (change instanceof HeldChange.ResolvedByAuthority) {
      return new Sql.Bound(RESOLVED_BY_AUTHORITY, RESOLVED, deliverySeq);
    } else if (change instanceof HeldChange.Reevaluated reevaluated) {
      Decision decision = reevaluated.decision();
      boolean stillHeld = decision.kind() == DecisionKind.HELD;
      return new Sql.Bound(
          REEVALUATED,
          decision.kind().name(),
          Codec.reasonName(decision.reason()),
          stillHeld ? HELD : RESOLVED,
          stillHeld ? null : "reevaluated",
          deliverySeq);
    } else if (change instanceof HeldChange.LeftUnresolved) {
      return new Sql.Bound(LEFT_UNRESOLVED, UNRESOLVED, deliverySeq, HELD);
    }
    throw new IllegalStateException(
        "a held input is added by its delivery's own statement, not at step "
            + change.input().step());
  }
}
