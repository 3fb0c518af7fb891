package com.example.inbox.control;

import com.example.inbox.Card;
import com.example.inbox.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What only a test does to the tables: wipe them for a scenario's setup, and read the whole
 * receiver as the protocol's view, all of it as of one moment.
 */
@Component
@ConditionalOnProperty(name = "INBOXCHECK_CONTROL", havingValue = "1")
class ControlState {
  private final JdbcTemplate jdbc;
  private final TransactionTemplate writes;
  private final TransactionTemplate snapshot;

  ControlState(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
    this.jdbc = jdbc;
    this.writes = new TransactionTemplate(transactions);
    this.snapshot = new TransactionTemplate(transactions);
    // One snapshot for every table: a decision committed between two reads would otherwise show
    // as pending in one and decided in the other.
    snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
    snapshot.setReadOnly(true);
  }

  /**
   * Wipes every table and starts from the setup, in one transaction: it waits for the decisions
   * and acceptances in flight (their row locks), and none starts until it commits.
   */
  void reset(Map<String, Card> initial, JsonNode supportedTypes, Duration retention, Instant start) {
    writes.executeWithoutResult(
        status -> {
          jdbc.queryForList("SELECT id FROM receiver WHERE id = 1 FOR UPDATE");
          jdbc.queryForList("SELECT id FROM arrival_counter WHERE id = 1 FOR UPDATE");
          for (String table : new String[] {"audit", "held", "identities", "inbox", "arrivals", "cards"}) {
            jdbc.update("DELETE FROM " + table);
          }
          jdbc.update("UPDATE arrival_counter SET last = 0");
          jdbc.update(
              "UPDATE ledger SET last_audit = 0, event_replacements = 0,"
                  + " authoritative_replacements = 0");
          jdbc.update(
              "UPDATE receiver SET clock = ?, retention = ?, supported_types = ?",
              start.toString(),
              retention.toString(),
              Json.write(supportedTypes));
          initial.forEach(
              (objectId, card) ->
                  jdbc.update(
                      "INSERT INTO cards (object_id, version, state, paused) VALUES (?, ?, ?, false)",
                      objectId,
                      card.version(),
                      Json.write(card.state())));
        });
  }

  boolean nothingPending() {
    return jdbc.queryForObject("SELECT NOT EXISTS (SELECT 1 FROM inbox)", Boolean.class);
  }

  /** GET view (docs/receiver-protocol.md, "The view"), with "pending" for accepted deliveries. */
  ObjectNode view() {
    return snapshot.execute(status -> readView());
  }

  private ObjectNode readView() {
    ObjectNode view = Json.object();
    view.put("protocol", ControlApi.PROTOCOL);
    view.put("clock", jdbc.queryForObject("SELECT clock FROM receiver WHERE id = 1", String.class));
    ObjectNode cards = view.putObject("cards");
    jdbc.query(
        "SELECT object_id, version, state, paused FROM cards ORDER BY object_id",
        row -> {
          ObjectNode card = cards.putObject(row.getString(1));
          card.put("version", row.getLong(2));
          card.set("state", Json.read(row.getString(3)));
          card.put("paused", row.getBoolean(4));
        });
    ArrayNode held = view.putArray("held");
    jdbc.query(
        "SELECT h.arrival, h.reason, a.envelope FROM held h JOIN arrivals a USING (arrival)"
            + " ORDER BY h.seq",
        row -> {
          ObjectNode input = held.addObject();
          input.put("arrival", row.getLong(1));
          input.put(
              "event_id",
              Json.nonEmptyText(
                  Json.readEnvelope(new String(row.getBytes(3), StandardCharsets.UTF_8)),
                  "event_id"));
          input.put("reason", row.getString(2));
        });
    ArrayNode identities = view.putArray("identities");
    jdbc.query(
        "SELECT event_id, record FROM identities ORDER BY seq",
        row -> {
          JsonNode record = Json.read(row.getString(2));
          ObjectNode identity = identities.addObject();
          identity.put("event_id", row.getString(1));
          identity.set("first_received_at", record.get("first_received_at"));
          identity.set("first", recorded(record.get("first")));
          ArrayNode variants = identity.putArray("variants");
          record.get("variants").forEach(variant -> variants.add(recorded(variant)));
        });
    ObjectNode replacements = view.putObject("replacements");
    jdbc.query(
        "SELECT event_replacements, authoritative_replacements FROM ledger WHERE id = 1",
        row -> {
          replacements.put("event", row.getLong(1));
          replacements.put("authoritative", row.getLong(2));
        });
    ArrayNode pending = view.putArray("pending");
    jdbc.query(
        "SELECT i.arrival, a.envelope FROM inbox i JOIN arrivals a USING (arrival) ORDER BY i.arrival",
        row -> {
          ObjectNode item = pending.addObject();
          item.put("arrival", row.getLong(1));
          item.put("envelope", new String(row.getBytes(2), StandardCharsets.UTF_8));
        });
    // Audit entries are stored as JSON text and sent as they are.
    ArrayNode audit = view.putArray("audit");
    jdbc.query(
        "SELECT entry FROM audit ORDER BY seq",
        row -> {
          audit.addRawValue(new RawValue(row.getString(1)));
        });
    return view;
  }

  private static ObjectNode recorded(JsonNode recorded) {
    ObjectNode shown = Json.object();
    shown.set("arrival", recorded.get("arrival"));
    shown.set("received_at", recorded.get("received_at"));
    shown.set("decisions", recorded.get("decisions"));
    return shown;
  }
}
