package io.inboxcheck.store;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.Reducer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One delivery as one transaction: lock, load the slice, let the pure reducer decide, write exactly
 * the difference (docs/storage-boundary.md 5). The caller commits; nothing here decides anything.
 */
final class DeliveryTransaction {
  private final Connection connection;
  private final StoreSettings settings;
  private final int step;
  private final Envelope envelope;
  private final Instant clock;

  DeliveryTransaction(
      Connection connection, StoreSettings settings, int step, Envelope envelope, Instant clock) {
    this.connection = connection;
    this.settings = settings;
    this.step = step;
    this.envelope = envelope;
    this.clock = clock;
  }

  /** The first record and variants of the delivery's id, and what each one was decided. */
  private record StoredIdentity(
      IdentityRecord record, List<String> namedCards, Set<Integer> heldSteps) {}

  /** Runs every statement of the delivery up to, not including, COMMIT. */
  Decision run() throws SQLException {
    Optional<String> eventId = envelope.eventId();
    StoredIdentity identity = null;
    if (eventId.isPresent()) {
      // Rule 3.1 reads the identity record: lock its name first, so its absence is locked too.
      Sql.query(connection, "SELECT lock_event(?)", row -> {}, eventId.get());
      identity = loadIdentity(eventId.get());
    }
    SortedSet<String> names = new TreeSet<>();
    envelope.objectId().ifPresent(names::add);
    if (identity != null) {
      names.addAll(identity.namedCards());
    }
    Map<String, Card> cards = lockAndLoadCards(names);
    if (identity != null) {
      // A reconciliation re-evaluates held inputs under the card locks alone, so the decisions
      // this id recorded are read again now that those locks are held. The first record and the
      // variants, which chose the locks, change only under the identity lock held since above;
      // an id without a record has no held input to re-read, and none can appear meanwhile.
      identity = loadIdentity(eventId.get());
    }
    SliceView slice =
        new SliceView(
            names,
            cards,
            eventId.orElse(null),
            identity == null ? null : identity.record(),
            List.of(),
            identity == null ? Set.of() : identity.heldSteps(),
            clock,
            settings.setup().retention(),
            settings.setup().supportedTypes());
    DeliveryOutcome outcome = Reducer.decide(slice, envelope);
    if (!names.containsAll(outcome.cardsAfter().keySet())) {
      throw new IllegalStateException(
          "the reducer changed cards " + outcome.cardsAfter().keySet() + " outside " + names);
    }
    settings.pauseAfterLoad();
    write(outcome, cards, identity);
    return outcome.decision();
  }

  private StoredIdentity loadIdentity(String eventId) throws SQLException {
    Map<Integer, Decision> latest = new HashMap<>();
    Set<Integer> heldSteps = new HashSet<>();
    Sql.query(
        connection,
        "SELECT step, decision, reason, status FROM held_inputs WHERE event_id = ?",
        row -> {
          latest.put(
              row.getInt("step"),
              Codec.decision(row.getString("decision"), row.getString("reason")));
          if (!"resolved".equals(row.getString("status"))) {
            heldSteps.add(row.getInt("step"));
          }
        },
        eventId);
    List<RecordedContent> first = new ArrayList<>();
    List<String> names = new ArrayList<>();
    Sql.query(
        connection,
        "SELECT first_content, first_object_id, first_step, first_received_at, first_decision,"
            + " first_reason FROM identity_records WHERE event_id = ?",
        row -> {
          int firstStep = row.getInt("first_step");
          Decision decided =
              Codec.decision(row.getString("first_decision"), row.getString("first_reason"));
          first.add(
              new RecordedContent(
                  Codec.json(row.getString("first_content")),
                  firstStep,
                  Codec.instant(row, "first_received_at"),
                  decisions(decided, latest.get(firstStep))));
          names.add(row.getString("first_object_id"));
        },
        eventId);
    if (first.isEmpty()) {
      return null;
    }
    List<RecordedContent> variants = new ArrayList<>();
    Sql.query(
        connection,
        "SELECT content, object_id, step, received_at FROM identity_variants"
            + " WHERE event_id = ? ORDER BY variant_no",
        row -> {
          int variantStep = row.getInt("step");
          Decision conflict = Decision.held(HeldReason.ID_CONFLICT);
          variants.add(
              new RecordedContent(
                  Codec.json(row.getString("content")),
                  variantStep,
                  Codec.instant(row, "received_at"),
                  decisions(conflict, latest.get(variantStep))));
          names.add(row.getString("object_id"));
        },
        eventId);
    names.removeIf(name -> name == null);
    return new StoredIdentity(
        new IdentityRecord(eventId, first.get(0), variants), names, heldSteps);
  }

  /** The decision first recorded, then the latest one if a re-evaluation changed it. */
  private static List<Decision> decisions(Decision first, Decision latest) {
    if (latest == null || latest.equals(first)) {
      return List.of(first);
    }
    return List.of(first, latest);
  }

  private Map<String, Card> lockAndLoadCards(SortedSet<String> names) throws SQLException {
    Map<String, Card> cards = new TreeMap<>();
    if (names.isEmpty()) {
      return cards;
    }
    String rowLock = "";
    if (settings.cardLocks()) {
      // Card names first (a card that does not exist yet is locked too), then the rows.
      Sql.query(connection, "SELECT lock_cards(?)", row -> {}, names);
      rowLock = " FOR UPDATE";
    }
    Sql.query(
        connection,
        "SELECT object_id, version, state, paused FROM cards WHERE object_id = ANY(?)"
            + " ORDER BY object_id"
            + rowLock,
        row ->
            cards.put(
                row.getString("object_id"),
                new Card(
                    row.getLong("version"),
                    (io.inboxcheck.json.JsonObject) Codec.json(row.getString("state")),
                    row.getBoolean("paused"))),
        names);
    return cards;
  }

  private void write(DeliveryOutcome outcome, Map<String, Card> before, StoredIdentity identity)
      throws SQLException {
    Decision decision = outcome.decision();
    String eventId = envelope.eventId().orElse(null);
    String objectId = envelope.objectId().orElse(null);
    String content = envelope.content().canonicalText();
    List<String> paused = new ArrayList<>();
    outcome
        .cardsAfter()
        .forEach(
            (id, card) -> {
              if (card.paused()) {
                paused.add(id);
              }
            });
    Decision recorded =
        decision instanceof Decision.Duplicate duplicate ? duplicate.restates() : null;
    long seq =
        Sql.insertReturning(
            connection,
            "INSERT INTO audit (kind, step, recorded_at, event_id, object_id, decision, reason,"
                + " restates, restates_reason, variant, paused_cards, content, raw_text)"
                + " VALUES ('delivery', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
            step,
            Codec.timestamp(clock),
            eventId,
            objectId,
            decision.kind().name(),
            Codec.reasonName(decision.reason()),
            recorded == null ? null : recorded.kind().name(),
            recorded == null ? null : Codec.reasonName(recorded.reason()),
            outcome.identityEffect() == IdentityEffect.VARIANT,
            Codec.names(paused),
            content,
            Codec.rawText(envelope));
    if (outcome.identityEffect() == IdentityEffect.FIRST_RECORD) {
      Sql.update(
          connection,
          "INSERT INTO identity_records (event_id, first_content, first_object_id, first_step,"
              + " first_received_at, first_delivery_seq, first_decision, first_reason)"
              + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          eventId,
          content,
          objectId,
          step,
          Codec.timestamp(clock),
          seq,
          decision.kind().name(),
          Codec.reasonName(decision.reason()));
    } else if (outcome.identityEffect() == IdentityEffect.VARIANT) {
      Sql.update(
          connection,
          "INSERT INTO identity_variants (event_id, variant_no, content, object_id, step,"
              + " received_at, delivery_seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
          eventId,
          identity.record().variants().size() + 1,
          content,
          objectId,
          step,
          Codec.timestamp(clock),
          seq);
    }
    writeCards(outcome, before);
    if (decision.kind() == DecisionKind.HELD) {
      Sql.update(
          connection,
          "INSERT INTO held_inputs (delivery_seq, step, event_id, object_id, decision, reason,"
              + " status, content, raw_text) VALUES (?, ?, ?, ?, 'HELD', ?, 'held', ?, ?)",
          seq,
          step,
          eventId,
          objectId,
          decision.reason().name(),
          content,
          Codec.rawText(envelope));
    }
  }

  private void writeCards(DeliveryOutcome outcome, Map<String, Card> before) throws SQLException {
    boolean applied = outcome.decision().kind() == DecisionKind.APPLIED;
    for (Map.Entry<String, Card> entry : outcome.cardsAfter().entrySet()) {
      Card old = before.get(entry.getKey());
      Card card = entry.getValue();
      if (!old.sameContentAs(card)) {
        replaceState(entry.getKey(), card, applied);
      } else if (card.paused() && !old.paused()) {
        Sql.update(
            connection, "UPDATE cards SET paused = true WHERE object_id = ?", entry.getKey());
      }
    }
  }

  private void replaceState(String objectId, Card card, boolean applied) throws SQLException {
    if (!applied) {
      throw new IllegalStateException("only APPLIED replaces a card's state in a delivery");
    }
    if (!settings.cardLocks()) {
      // The broken variant: a plain read-modify-write, trusting what it read without a lock.
      Sql.update(
          connection,
          "UPDATE cards SET version = ?, state = ?, paused = ?,"
              + " event_replacements = event_replacements + 1 WHERE object_id = ?",
          card.version(),
          card.state().canonicalText(),
          card.paused(),
          objectId);
      return;
    }
    // The guard states the negative space: never lower a version, never touch a paused card.
    int updated =
        Sql.update(
            connection,
            "UPDATE cards SET version = ?, state = ?, event_replacements = event_replacements + 1"
                + " WHERE object_id = ? AND version < ? AND NOT paused",
            card.version(),
            card.state().canonicalText(),
            objectId,
            card.version());
    if (updated != 1) {
      throw new IllegalStateException(
          "the store and the reducer disagree about "
              + objectId
              + ": the guarded update hit "
              + updated
              + " rows");
    }
  }
}
