package io.inboxcheck.store;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.HeldInput;
import java.sql.Connection;
import java.sql.SQLException;

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
   * The statement that writes one held change to the row of the delivery numbered {@code
   * deliverySeq}, a value or an expression ({@link Sql.Inline}).
   */
  static Sql.Bound statement(HeldChange change, Object deliverySeq) {
    HeldInput input = change.input();
    if (change instanceof HeldChange.Added) {
      return Sql.Bound.of(
          "INSERT INTO held_inputs (delivery_seq, step, event_id, object_id, decision, reason,"
              + " status, content, raw_text) VALUES (?, ?, ?, ?, ?, ?, ?::held_status, ?, ?)",
          deliverySeq,
          input.step(),
          input.eventId().orElse(null),
          input.objectId().orElse(null),
          DecisionKind.HELD.name(),
          input.reason().name(),
          HELD,
          input.envelope().content().canonicalText(),
          Codec.rawText(input.envelope()));
    } else if (change instanceof HeldChange.ResolvedByAuthority) {
      return Sql.Bound.of(
          "UPDATE held_inputs SET status = ?::held_status, resolution = 'authority'"
              + " WHERE delivery_seq = ?",
          RESOLVED,
          deliverySeq);
    } else if (change instanceof HeldChange.Reevaluated reevaluated) {
      Decision decision = reevaluated.decision();
      boolean stillHeld = decision.kind() == DecisionKind.HELD;
      return Sql.Bound.of(
          "UPDATE held_inputs SET decision = ?, reason = ?, status = ?::held_status,"
              + " resolution = ?::held_resolution WHERE delivery_seq = ?",
          decision.kind().name(),
          Codec.reasonName(decision.reason()),
          stillHeld ? HELD : RESOLVED,
          stillHeld ? null : "reevaluated",
          deliverySeq);
    }
    return Sql.Bound.of(
        "UPDATE held_inputs SET status = ?::held_status WHERE delivery_seq = ?"
            + " AND status = ?::held_status",
        UNRESOLVED,
        deliverySeq,
        HELD);
  }
}
