package com.example.inbox;

import com.example.inbox.InboxProperties.Mistake;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Decides one inboxed delivery per transaction (SPEC 3.6): claim the oldest inbox row no other
 * worker holds, lock its event id and the cards it names, decide by {@link Policy}, write the
 * decision and its audit entry, delete the inbox row, COMMIT. A crash anywhere before the COMMIT
 * leaves the row in the inbox for the next worker; after it, the row is gone with the decision.
 */
@Component
public class Decider {
  private final Store store;
  private final TransactionTemplate transactions;
  private final Mistake mistake;

  Decider(Store store, TransactionTemplate transactions, InboxProperties properties) {
    this.store = store;
    this.transactions = transactions;
    this.mistake = properties.mistake();
  }

  /** Decides the oldest delivery no other worker is deciding; false when there is none. */
  boolean decideNext() {
    return switch (mistake) {
      case DECISION_IN_SECOND_TRANSACTION -> dequeueThenDecide();
      case TRANSACTIONAL_PRIVATE_METHOD -> decideInPrivate();
      default -> transactions.execute(status -> decideOne());
    };
  }

  private boolean decideOne() {
    Store.Settings settings = store.settingsForDecision();
    Long arrival = store.claimNext();
    if (arrival == null) {
      return false;
    }
    decide(arrival, settings);
    store.dequeue(arrival);
    return true;
  }

  private void decide(long arrival, Store.Settings settings) {
    String text = store.envelope(arrival);
    JsonNode envelope = Json.readEnvelope(text);
    String eventId = Json.nonEmptyText(envelope, "event_id");
    ObjectNode identity = null;
    if (eventId != null) {
      store.lockEvent(eventId);
      identity = store.identity(eventId);
    }
    TreeSet<String> named = new TreeSet<>();
    if (eventId != null) {
      String objectId = Json.nonEmptyText(envelope, "object_id");
      if (objectId != null) {
        named.add(objectId);
      }
      if (identity != null && identity.get("first").hasNonNull("object_id")) {
        named.add(identity.get("first").get("object_id").textValue());
      }
    }
    Map<String, Card> cards;
    if (mistake == Mistake.CARD_READ_WITHOUT_LOCK) {
      cards = store.cardsWithoutLock(named);
      callAnotherService(); // the card may change meanwhile, and nothing stops it
    } else {
      cards = store.cardsForUpdate(named);
    }
    Policy.Outcome outcome = Policy.decide(envelope, identity, cards, settings);
    record(arrival, text, envelope, eventId, identity, outcome, settings.clock());
  }

  /** Writes one decision: identity record, cards, held input, counter and audit entry. */
  private void record(
      long arrival,
      String text,
      JsonNode envelope,
      String eventId,
      ObjectNode identity,
      Policy.Outcome outcome,
      Instant clock) {
    ObjectNode decision = outcome.decision();
    ArrayNode paused = Json.object().arrayNode();
    outcome.cardsAfter().forEach((objectId, card) -> {
      store.putCard(objectId, card);
      if (card.paused()) {
        paused.add(objectId);
      }
    });
    ObjectNode entry = Json.object();
    entry.put("kind", "delivery");
    entry.put("arrival", arrival);
    entry.put("envelope", text);
    entry.set("decision", decision);
    entry.put("variant", outcome.record() == Policy.Record.VARIANT);
    entry.set("paused", paused);
    long seq = store.audit(entry, clock);
    ObjectNode recorded = Json.object();
    recorded.put("arrival", arrival);
    recorded.put("received_at", clock.toString());
    recorded.put("content", outcome.record() == Policy.Record.NONE ? "" : Json.canonical(envelope));
    recorded.put("object_id", Json.nonEmptyText(envelope, "object_id"));
    recorded.set("decisions", Json.object().arrayNode().add(decision));
    if (outcome.record() == Policy.Record.FIRST) {
      ObjectNode record = Json.object();
      record.put("first_received_at", clock.toString());
      record.set("first", recorded);
      record.set("variants", Json.object().arrayNode());
      store.insertIdentity(eventId, seq, record);
    } else if (outcome.record() == Policy.Record.VARIANT) {
      ((ArrayNode) identity.get("variants")).add(recorded);
      store.updateIdentity(eventId, identity);
    }
    if (Decisions.is(decision, "HELD")) {
      store.hold(arrival, decision.get("reason").asText(), seq);
    }
    store.countReplacements(Decisions.is(decision, "APPLIED") ? 1 : 0, 0);
  }

  // the planted mistakes (InboxProperties.Mistake)

  /**
   * The decision-in-second-transaction mistake: the inbox row is deleted and committed, the
   * worker calls another service, then records the decision in a second transaction. A crash in
   * between loses an acknowledged delivery.
   */
  private boolean dequeueThenDecide() {
    Long arrival =
        transactions.execute(
            status -> {
              store.settingsForDecision();
              Long claimed = store.claimNext();
              if (claimed != null) {
                store.dequeue(claimed);
              }
              return claimed;
            });
    if (arrival == null) {
      return false;
    }
    callAnotherService();
    transactions.executeWithoutResult(status -> decide(arrival, store.settingsForDecision()));
    return true;
  }

  /**
   * The transactional-private-method mistake: Spring's proxy cannot see a private method called on
   * {@code this}, so the annotation does nothing and every statement commits on its own. The inbox
   * row's lock ends with the statement that took it, and two workers decide one delivery.
   */
  private boolean decideInPrivate() {
    return decideAnnotated();
  }

  @Transactional
  private boolean decideAnnotated() {
    return decideOne();
  }

  /** Stands for the call to another service a real worker makes while it decides. */
  private static void callAnotherService() {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextInt(5, 50));
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
