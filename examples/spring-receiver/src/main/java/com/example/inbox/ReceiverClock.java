package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The receiver's own clock (SPEC section 2), never an envelope's {@code occurred_at}. Moving it
 * lets go of the identity records whose retention ended (SPEC section 5). In production it follows
 * the wall clock; under test the control API moves it.
 */
@Component
public class ReceiverClock {
  private final Store store;
  private final TransactionTemplate transactions;
  private volatile boolean followsWallClock = true;

  ReceiverClock(Store store, TransactionTemplate transactions) {
    this.store = store;
    this.transactions = transactions;
  }

  /** A clock moved by whoever controls it from now on, not by the wall clock. */
  public void controlledFromOutside() {
    followsWallClock = false;
  }

  /** In production, before a decision: the clock catches up with the wall clock. */
  void catchUpWithWallClock() {
    if (followsWallClock) {
      transactions.executeWithoutResult(
          status -> {
            Instant clock = store.settingsExclusively().clock();
            Instant now = Instant.now();
            if (now.isAfter(clock)) {
              moveLocked(now);
            }
          });
    }
  }

  /** Thrown when a clock move would go back; the clock does not move. */
  public static final class Backwards extends RuntimeException {
    Backwards(String message) {
      super(message);
    }
  }

  /**
   * Moves the clock to {@code time} in one transaction that no decision interleaves with; answers
   * the event ids pruned, in order of first receipt.
   */
  public List<String> moveTo(Instant time) {
    return transactions.execute(
        status -> {
          Instant clock = store.settingsExclusively().clock();
          if (time.isBefore(clock)) {
            throw new Backwards("the receiver clock never goes back: " + time + " < " + clock);
          }
          return moveLocked(time);
        });
  }

  private List<String> moveLocked(Instant time) {
    store.setClock(time);
    Store.Settings settings = store.settingsExclusively();
    Set<Long> held = new HashSet<>(store.held().keySet());
    List<String> pruned = new ArrayList<>();
    for (Map.Entry<String, ObjectNode> identity : store.identities().entrySet()) {
      ObjectNode record = identity.getValue();
      Instant firstReceivedAt = Instant.parse(record.get("first_received_at").asText());
      if (time.isBefore(firstReceivedAt.plus(settings.retention()))) {
        break; // kept in order of first receipt: no later record has expired either
      }
      boolean stillHeld = false;
      for (JsonNode recorded : Policy.contents(record)) {
        stillHeld |= held.contains(recorded.get("arrival").asLong());
      }
      if (!stillHeld) {
        store.deleteIdentity(identity.getKey());
        ObjectNode entry = Json.object();
        entry.put("kind", "identity_pruned");
        entry.put("event_id", identity.getKey());
        entry.put("first_received_at", firstReceivedAt.toString());
        store.audit(entry, time);
        pruned.add(identity.getKey());
      }
    }
    return pruned;
  }
}
