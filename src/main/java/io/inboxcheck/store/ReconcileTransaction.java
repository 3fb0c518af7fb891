package io.inboxcheck.store;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.ReplacementCounters;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The reconciliation of one object as one transaction (docs/storage-boundary.md 9): lock the card's
 * name, load the card and its held inputs, let the pure reconciler decide, write the difference.
 */
final class ReconcileTransaction {
  private final Connection connection;
  private final StoreSettings settings;
  private final int step;
  private final String objectId;
  private final AuthoritativeCard authority;
  private final Instant clock;

  ReconcileTransaction(
      Connection connection,
      StoreSettings settings,
      int step,
      String objectId,
      AuthoritativeCard authority,
      Instant clock) {
    this.connection = connection;
    this.settings = settings;
    this.step = step;
    this.objectId = objectId;
    this.authority = authority;
    this.clock = clock;
  }

  /** Runs every statement of this object's reconciliation up to, not including, COMMIT. */
  ObjectReconciliation run() throws SQLException {
    String rowLock = "";
    if (settings.cardLocks()) {
      Sql.query(connection, "SELECT lock_cards(?)", row -> {}, List.of(objectId));
      rowLock = " FOR UPDATE";
    }
    Map<String, Card> cards = new TreeMap<>();
    Sql.query(
        connection,
        "SELECT version, state, paused FROM cards WHERE object_id = ?" + rowLock,
        row ->
            cards.put(
                objectId,
                new Card(
                    row.getLong("version"),
                    (JsonObject) Codec.json(row.getString("state")),
                    row.getBoolean("paused"))),
        objectId);
    List<HeldInput> held = new ArrayList<>();
    Map<Integer, Long> deliverySeqs = new HashMap<>();
    Sql.query(
        connection,
        "SELECT delivery_seq, step, reason, content, raw_text FROM held_inputs"
            + " WHERE object_id = ? AND status IN ('held', 'unresolved') ORDER BY delivery_seq",
        row -> {
          held.add(
              new HeldInput(
                  row.getInt("step"),
                  Codec.envelope(row.getString("content"), row.getString("raw_text")),
                  Codec.reason(row.getString("reason"))));
          deliverySeqs.put(row.getInt("step"), row.getLong("delivery_seq"));
        },
        objectId);
    SliceView slice =
        new SliceView(
            Set.of(objectId),
            cards,
            null,
            null,
            held,
            deliverySeqs.keySet(),
            clock,
            settings.setup().retention(),
            settings.setup().supportedTypes());
    ObjectReconciliation result = Reconciler.reconcile(slice, objectId, authority);
    settings.pauseAfterLoad();
    writeCard(result);
    writeHeld(result, deliverySeqs);
    return result;
  }

  private void writeCard(ObjectReconciliation result) throws SQLException {
    Card after = result.cardAfter();
    ReplacementCounters added = result.replacements();
    if (result.outcome() == ReconcileOutcome.CREATED) {
      Sql.update(
          connection,
          "INSERT INTO cards (object_id, version, state, paused, origin, event_replacements,"
              + " authoritative_replacements) VALUES (?, ?, ?, ?, 'authority', ?, ?)",
          objectId,
          after.version(),
          after.state().canonicalText(),
          after.paused(),
          added.event(),
          added.authoritative());
    } else {
      Sql.update(
          connection,
          "UPDATE cards SET version = ?, state = ?, paused = ?,"
              + " event_replacements = event_replacements + ?,"
              + " authoritative_replacements = authoritative_replacements + ?"
              + " WHERE object_id = ?",
          after.version(),
          after.state().canonicalText(),
          after.paused(),
          added.event(),
          added.authoritative(),
          objectId);
    }
    Sql.update(
        connection,
        "INSERT INTO audit (kind, step, recorded_at, object_id, outcome, regressed, card_before,"
            + " card_after) VALUES ('authority', ?, ?, ?, ?, ?, ?, ?)",
        step,
        Codec.timestamp(clock),
        objectId,
        result.outcome().name(),
        result.regressed(),
        result.before() == null ? null : Codec.card(result.before()),
        Codec.card(after));
  }

  private void writeHeld(ObjectReconciliation result, Map<Integer, Long> deliverySeqs)
      throws SQLException {
    for (HeldInput input : result.resolved()) {
      Sql.update(
          connection,
          "UPDATE held_inputs SET status = 'resolved', resolution = 'authority'"
              + " WHERE delivery_seq = ?",
          deliverySeqs.get(input.step()));
      Sql.update(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, reason, held_step)"
              + " VALUES ('resolution', ?, ?, ?, ?, ?, ?)",
          step,
          Codec.timestamp(clock),
          input.eventId().orElse(null),
          objectId,
          input.reason().name(),
          input.step());
    }
    for (ObjectReconciliation.Reevaluation reevaluation : result.reevaluated()) {
      HeldInput input = reevaluation.input();
      boolean stillHeld = reevaluation.decision().kind() == DecisionKind.HELD;
      Sql.update(
          connection,
          "UPDATE held_inputs SET decision = ?, reason = ?, status = ?, resolution = ?"
              + " WHERE delivery_seq = ?",
          reevaluation.decision().kind().name(),
          Codec.reasonName(reevaluation.decision().reason()),
          stillHeld ? "held" : "resolved",
          stillHeld ? null : "reevaluated",
          deliverySeqs.get(input.step()));
      Sql.update(
          connection,
          "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, decision, reason,"
              + " held_step, previous_reason) VALUES ('reevaluation', ?, ?, ?, ?, ?, ?, ?, ?)",
          step,
          Codec.timestamp(clock),
          input.eventId().orElse(null),
          objectId,
          reevaluation.decision().kind().name(),
          Codec.reasonName(reevaluation.decision().reason()),
          input.step(),
          input.reason().name());
    }
    for (HeldInput input : result.stillHeld()) {
      if (input.reason().staysUnresolvedAfterAuthority()) {
        // The authority made it unnecessary without giving it a version (SPEC 4.3).
        Sql.update(
            connection,
            "UPDATE held_inputs SET status = 'unresolved' WHERE delivery_seq = ? AND status = 'held'",
            deliverySeqs.get(input.step()));
      }
    }
  }
}
