package io.inboxcheck.scenario;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one scenario step did and the receiver's state after it (SPEC section 10).
 *
 * @param clock the receiver clock after the step
 * @param pruned event ids whose identity records retention dropped during this step
 */
public record HistoryStep(
    int step,
    Instant clock,
    Detail detail,
    SortedMap<String, Card> cards,
    List<HeldInput> held,
    ReplacementCounters replacements,
    List<String> pruned) {

  public HistoryStep {
    cards = new TreeMap<>(cards);
    held = List.copyOf(held);
    pruned = List.copyOf(pruned);
  }

  /** The kind-specific part of a step. */
  public sealed interface Detail permits Delivered, Reconciled, Advanced {
    String kind();
  }

  /**
   * A delivery and the receiver's answer. {@code decision} is null when the write was not durable.
   * {@code retentionExpired} is harness knowledge: the id was delivered before in this scenario but
   * its identity record had been pruned, so the receiver could not tell this was a redelivery.
   */
  public record Delivered(
      String eventId,
      String objectId,
      Decision decision,
      Ack ack,
      boolean ackLost,
      Integer attempt,
      boolean storageFault,
      boolean retentionExpired)
      implements Detail {
    @Override
    public String kind() {
      return "deliver";
    }
  }

  /** A reconciliation and what it did to each listed object, in ascending object id order. */
  public record Reconciled(List<ObjectReconciliation> objects) implements Detail {
    public Reconciled {
      objects = List.copyOf(objects);
    }

    @Override
    public String kind() {
      return "reconcile";
    }
  }

  /** The clock moved on by {@code by}. */
  public record Advanced(Duration by) implements Detail {
    @Override
    public String kind() {
      return "advance";
    }
  }

  /** The paused cards after the step, sorted. */
  public List<String> paused() {
    return cards.entrySet().stream()
        .filter(e -> e.getValue().paused())
        .map(e -> e.getKey())
        .toList();
  }
}
