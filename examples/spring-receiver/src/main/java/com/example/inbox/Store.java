package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The receiver's tables, read and written inside the caller's transaction. Locks are taken in one
 * order by every transaction, so none waits for another in a cycle: the receiver row, an inbox
 * row, the event id, the cards in ascending order, the ledger last.
 */
@Component
public class Store {
  private final JdbcTemplate jdbc;

  Store(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** The clock and settings a decision is taken under. */
  record Settings(Instant clock, Duration retention, Set<String> supportedTypes) {}

  /** The settings, FOR SHARE: decisions run side by side, a clock move or reconcile waits. */
  Settings settingsForDecision() {
    return settings(" FOR SHARE");
  }

  /** The settings, FOR UPDATE: no decision runs until this transaction ends. */
  Settings settingsExclusively() {
    return settings(" FOR UPDATE");
  }

  private Settings settings(String lock) {
    return jdbc.queryForObject(
        "SELECT clock, retention, supported_types FROM receiver WHERE id = 1" + lock,
        (row, n) -> {
          Set<String> types = new HashSet<>();
          Json.read(row.getString(3)).forEach(type -> types.add(type.asText()));
          return new Settings(
              Instant.parse(row.getString(1)), Duration.parse(row.getString(2)), types);
        });
  }

  void setClock(Instant clock) {
    jdbc.update("UPDATE receiver SET clock = ? WHERE id = 1", clock.toString());
  }

  // acceptance

  /** The next arrival number; the counter's row lock orders acceptances until COMMIT. */
  long nextArrival() {
    return jdbc.queryForObject(
        "UPDATE arrival_counter SET last = last + 1 WHERE id = 1 RETURNING last", Long.class);
  }

  void inbox(long arrival, String envelope) {
    jdbc.update(
        "INSERT INTO arrivals (arrival, envelope) VALUES (?, ?)",
        arrival,
        envelope.getBytes(StandardCharsets.UTF_8));
    jdbc.update("INSERT INTO inbox (arrival) VALUES (?)", arrival);
  }

  /** The oldest inbox row no other worker holds, locked until COMMIT; null when none. */
  Long claimNext() {
    List<Long> next =
        jdbc.queryForList(
            "SELECT arrival FROM inbox ORDER BY arrival LIMIT 1 FOR UPDATE SKIP LOCKED",
            Long.class);
    return next.isEmpty() ? null : next.get(0);
  }

  void dequeue(long arrival) {
    jdbc.update("DELETE FROM inbox WHERE arrival = ?", arrival);
  }

  boolean inboxEmpty() {
    return jdbc.queryForObject("SELECT NOT EXISTS (SELECT 1 FROM inbox)", Boolean.class);
  }

  String envelope(long arrival) {
    byte[] bytes =
        jdbc.queryForObject(
            "SELECT envelope FROM arrivals WHERE arrival = ?", byte[].class, arrival);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  // identities

  /** Waits for any other transaction deciding under this event id (a row may not exist yet). */
  void lockEvent(String eventId) {
    jdbc.queryForList(
        "SELECT pg_advisory_xact_lock(hashtextextended('event:' || ?, 0))", eventId);
  }

  ObjectNode identity(String eventId) {
    List<String> record =
        jdbc.queryForList(
            "SELECT record FROM identities WHERE event_id = ?", String.class, eventId);
    return record.isEmpty() ? null : (ObjectNode) Json.read(record.get(0));
  }

  /** Writes a first record, ordered among first receipts by {@code seq}. */
  void insertIdentity(String eventId, long seq, ObjectNode record) {
    jdbc.update(
        "INSERT INTO identities (event_id, seq, record) VALUES (?, ?, ?)",
        eventId,
        seq,
        Json.write(record));
  }

  /** Adds a variant or a re-evaluation's decision; the first record's content never changes. */
  void updateIdentity(String eventId, ObjectNode record) {
    jdbc.update(
        "UPDATE identities SET record = ? WHERE event_id = ?", Json.write(record), eventId);
  }

  /** Retained identities in order of first receipt: event id to record. */
  Map<String, ObjectNode> identities() {
    Map<String, ObjectNode> records = new java.util.LinkedHashMap<>();
    jdbc.query(
        "SELECT event_id, record FROM identities ORDER BY seq",
        row -> {
          records.put(row.getString(1), (ObjectNode) Json.read(row.getString(2)));
        });
    return records;
  }

  void deleteIdentity(String eventId) {
    jdbc.update("DELETE FROM identities WHERE event_id = ?", eventId);
  }

  // cards

  /** The named cards that exist, locked FOR UPDATE in ascending order. */
  Map<String, Card> cardsForUpdate(Collection<String> objectIds) {
    return cards(objectIds, " FOR UPDATE");
  }

  /** The named cards read as they are, with no lock: only the planted mistake does this. */
  Map<String, Card> cardsWithoutLock(Collection<String> objectIds) {
    return cards(objectIds, "");
  }

  private Map<String, Card> cards(Collection<String> objectIds, String lock) {
    Map<String, Card> cards = new TreeMap<>();
    if (objectIds.isEmpty()) {
      return cards;
    }
    jdbc.query(
        connection -> {
          var statement =
              connection.prepareStatement(
                  "SELECT object_id, version, state, paused FROM cards"
                      + " WHERE object_id = ANY(?) ORDER BY object_id"
                      + lock);
          Array names = connection.createArrayOf("text", objectIds.toArray());
          statement.setArray(1, names);
          return statement;
        },
        row -> {
          cards.put(
              row.getString(1),
              new Card(row.getLong(2), Json.read(row.getString(3)), row.getBoolean(4)));
        });
    return cards;
  }

  Map<String, Card> allCards() {
    Map<String, Card> cards = new TreeMap<>();
    jdbc.query(
        "SELECT object_id, version, state, paused FROM cards ORDER BY object_id",
        row -> {
          cards.put(
              row.getString(1),
              new Card(row.getLong(2), Json.read(row.getString(3)), row.getBoolean(4)));
        });
    return cards;
  }

  void putCard(String objectId, Card card) {
    jdbc.update(
        "INSERT INTO cards (object_id, version, state, paused) VALUES (?, ?, ?, ?)"
            + " ON CONFLICT (object_id) DO UPDATE SET version = EXCLUDED.version,"
            + " state = EXCLUDED.state, paused = EXCLUDED.paused",
        objectId,
        card.version(),
        Json.write(card.state()),
        card.paused());
  }

  // held inputs

  /** Held inputs in the order they were decided: arrival to reason. */
  Map<Long, String> held() {
    Map<Long, String> held = new java.util.LinkedHashMap<>();
    jdbc.query(
        "SELECT arrival, reason FROM held ORDER BY seq",
        row -> {
          held.put(row.getLong(1), row.getString(2));
        });
    return held;
  }

  /** Holds a delivery decided HELD, in its place among held inputs: its audit entry's seq. */
  void hold(long arrival, String reason, long seq) {
    jdbc.update("INSERT INTO held (arrival, seq, reason) VALUES (?, ?, ?)", arrival, seq, reason);
  }

  /** A held input decided again and held again keeps its place, with its latest reason. */
  void holdAgain(long arrival, String reason) {
    jdbc.update("UPDATE held SET reason = ? WHERE arrival = ?", reason, arrival);
  }

  void release(long arrival) {
    jdbc.update("DELETE FROM held WHERE arrival = ?", arrival);
  }

  // the ledger: audit order and counters

  /**
   * Appends one audit entry at {@code clock}; answers its number. Takes the ledger's row lock,
   * held until COMMIT, so entries are numbered in the order their transactions commit.
   */
  long audit(ObjectNode entry, Instant clock) {
    long seq =
        jdbc.queryForObject(
            "UPDATE ledger SET last_audit = last_audit + 1 WHERE id = 1 RETURNING last_audit",
            Long.class);
    entry.put("at", clock.toString());
    jdbc.update("INSERT INTO audit (seq, entry) VALUES (?, ?)", seq, Json.write(entry));
    return seq;
  }

  void countReplacements(long event, long authoritative) {
    if (event != 0 || authoritative != 0) {
      jdbc.update(
          "UPDATE ledger SET event_replacements = event_replacements + ?,"
              + " authoritative_replacements = authoritative_replacements + ? WHERE id = 1",
          event,
          authoritative);
    }
  }

  JsonNode heldEnvelope(long arrival) {
    return Json.readEnvelope(envelope(arrival));
  }
}
