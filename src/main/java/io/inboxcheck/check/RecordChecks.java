package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The invariants about what the receiver records: counters, acks, the audit, held inputs. */
final class RecordChecks {
  private RecordChecks() {}

  /** COUNTS_HONEST: counters grow by APPLIED decisions and changing authoritative replacements. */
  static List<Violation> countersWrong(StepContext context) {
    if (context.undurableDelivery()) {
      return List.of();
    }
    long applied = 0;
    long changing = 0;
    if (context.recorded().detail() instanceof HistoryStep.Reconciled reconciled) {
      for (ObjectReconciliation object : reconciled.objects()) {
        applied +=
            object.reevaluated().stream()
                .filter(r -> r.decision().kind() == DecisionKind.APPLIED)
                .count();
      }
      changing = changingAuthoritative(context);
    } else if (context.decision() != null && context.decision().kind() == DecisionKind.APPLIED) {
      applied = 1;
    }
    long eventDelta =
        context.after().replacements().event() - context.before().replacements().event();
    long authoritativeDelta =
        context.after().replacements().authoritative()
            - context.before().replacements().authoritative();
    if (eventDelta == applied && authoritativeDelta == changing) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.COUNTERS_WRONG,
            Facts.of("event +", applied, "authoritative +", changing),
            Facts.of("event +", eventDelta, "authoritative +", authoritativeDelta)));
  }

  private static long changingAuthoritative(StepContext context) {
    ScenarioStep.Reconcile reconcile = (ScenarioStep.Reconcile) context.step();
    long changing = 0;
    for (Map.Entry<String, AuthoritativeCard> entry : reconcile.authority().entrySet()) {
      Card before = context.before().cards().get(entry.getKey());
      if (before == null || !before.sameContentAs(entry.getValue().asCard())) {
        changing++;
      }
    }
    return changing;
  }

  /** ACK_MEANS_DURABLE: a delivery whose durable write failed is not acknowledged. */
  static List<Violation> ackOnFailedWrite(StepContext context) {
    HistoryStep.Delivered delivered = context.delivered().orElse(null);
    if (delivered == null || !delivered.storageFault() || delivered.ack() != Ack.ACK) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.ACK_ON_FAILED_WRITE,
            Facts.of("ack", Ack.NO_ACK),
            Facts.of("ack", Ack.ACK, "decision", delivered.decision())));
  }

  /** ACK_MEANS_DURABLE: a decision is recorded exactly when the delivery is acknowledged. */
  static List<Violation> ackWithoutDecision(StepContext context) {
    HistoryStep.Delivered delivered = context.delivered().orElse(null);
    if (!context.undurableDelivery() || ackedFailedWrite(delivered)) {
      return List.of();
    }
    if (delivered.ack() != Ack.ACK && delivered.decision() == null) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.ACK_WITHOUT_DECISION,
            Facts.of("a decision exactly when acknowledged", true),
            Facts.of("ack", delivered.ack(), "decision", delivered.decision())));
  }

  private static boolean ackedFailedWrite(HistoryStep.Delivered delivered) {
    return delivered.storageFault() && delivered.ack() == Ack.ACK;
  }

  /** ACK_MEANS_DURABLE: a NO_ACK delivery leaves everything as it was (pruning aside). */
  static List<Violation> noAckChangedState(StepContext context) {
    HistoryStep.Delivered delivered = context.delivered().orElse(null);
    if (delivered == null || delivered.ack() != Ack.NO_ACK || delivered.decision() != null) {
      return List.of();
    }
    Observation before = context.before();
    Observation after = context.after();
    List<AuditEntry> added =
        after
            .audit()
            .subList(Math.min(before.audit().size(), after.audit().size()), after.audit().size());
    boolean onlyPruning = added.stream().allMatch(AuditEntry.IdentityPruned.class::isInstance);
    boolean unchanged =
        before.cards().equals(after.cards())
            && before.held().equals(after.held())
            && before.replacements().equals(after.replacements())
            && onlyPruning;
    if (unchanged) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.NO_ACK_CHANGED_STATE,
            Facts.of("changed cards", List.of(), "audit entries added", 0),
            Facts.of(
                "changed cards", context.changedCards(), "audit entries added", added.size())));
  }

  /** AUDIT_APPEND_ONLY: the earlier audit entries are still there, unchanged, in order. */
  static List<Violation> auditRewritten(StepContext context) {
    List<AuditEntry> before = context.before().audit();
    List<AuditEntry> after = context.after().audit();
    if (after.size() >= before.size() && after.subList(0, before.size()).equals(before)) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.AUDIT_REWRITTEN,
            Facts.of("earlier entries unchanged", before.size()),
            Facts.of("entries", after.size(), "starting with the earlier ones", false)));
  }

  /** NOTHING_LOST: a durable delivery has exactly one recorded decision in the audit. */
  static List<Violation> decisionNotRecordedOnce(StepContext context) {
    if (!context.durableDelivery()) {
      return List.of();
    }
    long entries =
        context.after().audit().stream()
            .filter(AuditEntry.DeliveryRecorded.class::isInstance)
            .filter(entry -> entry.step() == context.step().number())
            .count();
    if (entries == 1) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.DECISION_NOT_RECORDED_ONCE,
            Facts.of("recorded decisions for this delivery", 1),
            Facts.of("recorded decisions for this delivery", entries)));
  }

  /** NOTHING_LOST: every delivery decided HELD and not resolved since is still listed. */
  static List<Violation> heldDecisionNotListed(StepContext context) {
    List<SentMemory.HeldKey> listed = new ArrayList<>();
    context.after().held().forEach(input -> listed.add(SentMemory.HeldKey.of(input)));
    for (SentMemory.HeldKey expected : context.memory().expectedHeld) {
      if (!listed.remove(expected)) {
        return List.of(
            context.violation(
                Finding.HELD_DECISION_NOT_LISTED,
                Facts.of("held event id", expected.eventId(), "content", expected.content()),
                Facts.of("held event ids", heldIds(context.after().held()))));
      }
    }
    return List.of();
  }

  /**
   * NOTHING_LOST, from what the receiver shows alone: a listed held input leaves the list only at a
   * reconciliation whose authority lists the card its envelope names (SPEC section 4).
   */
  static List<Violation> heldInputDropped(StepContext context) {
    List<SentMemory.HeldKey> remaining = new ArrayList<>();
    context.after().held().forEach(input -> remaining.add(SentMemory.HeldKey.of(input)));
    for (HeldInput input : context.before().held()) {
      if (remaining.remove(SentMemory.HeldKey.of(input)) || reconciledCard(context, input)) {
        continue;
      }
      return List.of(
          context.violation(
              Finding.HELD_INPUT_DROPPED,
              Facts.of(
                  "held event id",
                  input.eventId().orElse(null),
                  "reason",
                  input.reason(),
                  "listed until its card is reconciled",
                  input.objectId().orElse(null)),
              Facts.of("held event ids", heldIds(context.after().held()))));
    }
    return List.of();
  }

  private static boolean reconciledCard(StepContext context, HeldInput input) {
    return context.step() instanceof ScenarioStep.Reconcile reconcile
        && input.objectId().map(reconcile.authority()::containsKey).orElse(false);
  }

  private static List<String> heldIds(List<HeldInput> held) {
    return held.stream().map(input -> input.eventId().orElse("(no id)")).toList();
  }
}
