package io.inboxcheck.conform;

import java.util.Map;

/**
 * The PostgreSQL receiver's own audit table as a log: the query that reads it in the order the
 * store wrote it, each column named as a field of docs/conform.md. The table's columns are those of
 * the store's schema files ({@code src/main/resources/db/V1__schema.sql} onwards): a delivery's
 * number is its {@code step}, a resolution or re-evaluation names its held delivery by {@code
 * held_step}, and the envelope is kept as delivered ({@code raw_text}) or, when the text was not
 * known, in canonical form ({@code content}).
 */
public final class StoreAuditTable {
  /** The name {@code --receiver-store} takes. */
  public static final String NAME = "postgres";

  /** Reads the audit table of the schema on the connection's search path. */
  public static final String QUERY =
      "SELECT kind::text AS kind,"
          + " CASE WHEN kind = 'delivery' THEN step ELSE held_step END AS arrival,"
          + " recorded_at AS received_at,"
          + " coalesce(raw_text, content) AS event,"
          + " decision::text AS decision, reason, restates, restates_reason,"
          + " paused_cards AS paused, event_id, object_id, outcome::text AS outcome, regressed,"
          + " card_before AS before, card_after AS after, previous_reason, first_received_at"
          + " FROM audit ORDER BY seq";

  private StoreAuditTable() {}

  /** The log of one store, on a server and schema the caller names. */
  public static DatabaseTable log(String jdbcUrl, String user, String password, String schema) {
    return new DatabaseTable(jdbcUrl, user, password, schema, QUERY, Map.of());
  }
}
