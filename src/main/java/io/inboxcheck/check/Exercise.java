package io.inboxcheck.check;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.RecordedContent;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * Counts, apart from the checks themselves, how often each invariant was exercised: checked on a
 * step where it could have failed (a paused card for PAUSED_FROZEN, a redelivery for
 * IDEMPOTENT_REDELIVERY, a storage fault for ACK_MEANS_DURABLE, ...). Property coverage
 * requirements read these counts.
 */
final class Exercise {
  private Exercise() {}

  /** Adds one step's exercise of every invariant in {@code checked} to {@code tally}. */
  static void count(StepContext context, Set<Invariant> checked, EnumMap<Invariant, Long> tally) {
    Map<Invariant, Long> step = new EnumMap<>(Invariant.class);
    for (Map.Entry<String, RecordedContent> entry : context.before().firstRecords().entrySet()) {
      if (context.after().firstRecords().containsKey(entry.getKey())) {
        add(step, Invariant.FIRST_RECORD_KEPT, 1);
      }
    }
    if (context.undurableDelivery()) {
      add(step, Invariant.ACK_MEANS_DURABLE, 1);
    } else if (context.durableDelivery()) {
      countDelivery(context, step);
    } else if (context.quiet()) {
      add(step, Invariant.PAUSED_FROZEN, pausedBefore(context));
      add(step, Invariant.CLOCK_CHANGES_NO_CARD, 1);
    }
    if (!context.undurableDelivery()) {
      add(step, Invariant.COUNTS_HONEST, 1);
    }
    add(step, Invariant.NO_INVENTED_CARDS, 1);
    add(step, Invariant.AUDIT_APPEND_ONLY, 1);
    step.forEach(
        (invariant, count) -> {
          if (checked.contains(invariant) && count > 0) {
            tally.merge(invariant, count, Long::sum);
          }
        });
  }

  private static void countDelivery(StepContext context, Map<Invariant, Long> step) {
    add(step, Invariant.NOTHING_LOST, 1);
    add(step, Invariant.VERSION_MONOTONIC, 1);
    add(step, Invariant.PAUSED_FROZEN, pausedBefore(context));
    DecisionKind kind = context.decision() == null ? null : context.decision().kind();
    if (kind == DecisionKind.HELD) {
      add(step, Invariant.HELD_NO_EFFECT, 1);
    }
    if (kind == DecisionKind.APPLIED) {
      add(step, Invariant.FULL_REPLACEMENT, 1);
    }
    if (IdentityChecks.recordedDecision(context) != null) {
      add(step, Invariant.IDEMPOTENT_REDELIVERY, 1);
    } else if (IdentityChecks.retainedVariant(context)) {
      add(step, Invariant.NO_VARIANT_APPLIED, 1);
    }
  }

  private static long pausedBefore(StepContext context) {
    return context.before().cards().values().stream().filter(Card::paused).count();
  }

  private static void add(Map<Invariant, Long> step, Invariant invariant, long count) {
    step.merge(invariant, count, Long::sum);
  }
}
