package io.inboxcheck.concurrent;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;

/**
 * Checks a concurrent run against the model: replaying the deliveries through the reference model
 * in the order the store's audit recorded them must reproduce every decision, the final cards, held
 * inputs and counters; every acknowledged delivery has exactly one audit entry and every
 * unacknowledged one none; and the final view keeps the invariants that a final state can show. A
 * pure function from what was sent, what was answered and what the store holds to a list of
 * problems, each a sentence; empty means serialisable.
 *
 * <p>With reconciliations racing the deliveries ({@link #checkWithReconciliations}), one
 * transaction writes several audit entries (the authority's outcome, then its resolutions and
 * re-evaluations), and a transaction that shares no lock with it may insert its entry in between.
 * The serial order is then one transaction at a time, in order of each transaction's first entry
 * (docs/storage-boundary.md 6), and {@link AuditReplay} replays it, re-evaluations included.
 */
public final class SerialisabilityCheck {
  private SerialisabilityCheck() {}

  /** One delivery the harness sent, with a step number unique in the run, and the answer. */
  public record Sent(int step, Envelope envelope, DeliveryResult answer) {}

  /**
   * One reconcile step the harness sent, with a step number unique in the run: the authority's
   * snapshot and what the receiver answered for each object.
   */
  public record Reconciled(
      int step,
      SortedMap<String, AuthoritativeCard> authority,
      List<ObjectReconciliation> answer) {}

  public static List<String> check(ReceiverSetup setup, List<Sent> sent, ReceiverView stored) {
    List<String> problems = new ArrayList<>();
    Map<Integer, Sent> byStep = new HashMap<>();
    sent.forEach(delivery -> byStep.put(delivery.step(), delivery));
    List<AuditEntry.DeliveryRecorded> serial = new ArrayList<>();
    for (AuditEntry entry : stored.audit()) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        serial.add(delivery);
      }
    }
    oneEntryPerAcknowledgedDelivery(sent, serial, problems);

    ModelReceiver model = new ModelReceiver(setup);
    for (AuditEntry.DeliveryRecorded entry : serial) {
      Sent delivery = byStep.get(entry.step());
      if (delivery == null) {
        problems.add("audit entry for step " + entry.step() + ", which was never sent");
        continue;
      }
      Decision expected =
          model.deliver(entry.step(), delivery.envelope(), Transport.PLAIN).decision();
      if (!expected.equals(entry.decision())) {
        problems.add(
            FinalStates.decisionDiffers(
                entry.step(),
                delivery.envelope(),
                entry.decision(),
                expected,
                "the model in audit order"));
      }
      if (delivery.answer().ack() == Ack.ACK
          && !Objects.equals(delivery.answer().decision(), entry.decision())) {
        problems.add(
            "step "
                + entry.step()
                + ": answered "
                + delivery.answer().decision().describe()
                + " but recorded "
                + entry.decision().describe());
      }
    }
    ReceiverView expected = model.view();
    FinalStates.compare(expected, stored, problems);
    FinalViewInvariants.check(setup, List.<AuditEntry>copyOf(serial), stored)
        .forEach(violation -> problems.add(violation.describe()));
    return problems;
  }

  /**
   * Deliveries and reconciliations sent at once. {@code serial} is the store's audit one
   * transaction at a time ({@link #inTransactionOrder}); replaying it through the model must give
   * every recorded decision, resolution and re-evaluation, the final cards, held inputs, identity
   * records and counters. Every acknowledged delivery has exactly one audit entry with the decision
   * it answered, every unacknowledged one none, and each object a reconciliation answered has
   * exactly one authority entry that says what the answer said. The replay numbers steps in audit
   * order ({@link ArrivalOrder}): concurrent receivers number their steps before they arrive.
   */
  public static List<String> checkWithReconciliations(
      ReceiverSetup setup,
      List<Sent> sent,
      List<Reconciled> reconciled,
      List<AuditEntry> serial,
      ReceiverView stored) {
    List<String> problems = new ArrayList<>();
    if (serial.size() != stored.audit().size()
        || !new HashSet<>(serial).equals(new HashSet<>(stored.audit()))) {
      problems.add("the serial order is not a reordering of the stored audit");
    }
    Map<Integer, Sent> byStep = new HashMap<>();
    sent.forEach(delivery -> byStep.put(delivery.step(), delivery));
    List<AuditEntry.DeliveryRecorded> deliveries = new ArrayList<>();
    for (AuditEntry entry : serial) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        deliveries.add(delivery);
        Sent answered = byStep.get(delivery.step());
        if (answered == null) {
          problems.add("audit entry for step " + delivery.step() + ", which was never sent");
        } else if (answered.answer().ack() == Ack.ACK
            && !Objects.equals(answered.answer().decision(), delivery.decision())) {
          problems.add(
              "step "
                  + delivery.step()
                  + ": answered "
                  + answered.answer().decision().describe()
                  + " but recorded "
                  + delivery.decision().describe());
        }
      }
    }
    oneEntryPerAcknowledgedDelivery(sent, deliveries, problems);
    answeredAsAudited(reconciled, serial, problems);

    Map<Integer, SortedMap<String, AuthoritativeCard>> authorities = new HashMap<>();
    reconciled.forEach(step -> authorities.put(step.step(), step.authority()));
    ArrivalOrder arrival = new ArrivalOrder(serial);
    List<String> replayed =
        AuditReplay.check(
            setup,
            arrival.renumbered(serial),
            arrival.view(stored, serial),
            (rank, objectId) -> {
              int step = arrival.step(rank);
              SortedMap<String, AuthoritativeCard> authority = authorities.get(step);
              return authority == null ? null : authority.get(objectId);
            });
    problems.addAll(replayed);
    if (!replayed.isEmpty()) {
      problems.add(arrival.legend());
    }
    FinalViewInvariants.check(setup, serial, stored)
        .forEach(violation -> problems.add(violation.describe()));
    return problems;
  }

  /**
   * The audit one transaction at a time, in order of each transaction's first entry; {@code
   * transactions} holds each entry's transaction id, in the same order as {@code audit}. Entries of
   * one transaction keep their order.
   */
  public static List<AuditEntry> inTransactionOrder(
      List<AuditEntry> audit, List<Long> transactions) {
    if (audit.size() != transactions.size()) {
      throw new IllegalArgumentException(
          audit.size() + " audit entries but " + transactions.size() + " transaction ids");
    }
    Map<Long, List<AuditEntry>> byTransaction = new LinkedHashMap<>();
    for (int index = 0; index < audit.size(); index++) {
      byTransaction
          .computeIfAbsent(transactions.get(index), id -> new ArrayList<>())
          .add(audit.get(index));
    }
    List<AuditEntry> serial = new ArrayList<>();
    byTransaction.values().forEach(serial::addAll);
    return serial;
  }

  /** Each object a reconciliation answered has one authority entry saying the same. */
  private static void answeredAsAudited(
      List<Reconciled> reconciled, List<AuditEntry> serial, List<String> problems) {
    Map<String, List<AuditEntry.AuthorityApplied>> entries = new HashMap<>();
    Map<String, List<String>> reevaluations = new HashMap<>();
    for (AuditEntry entry : serial) {
      if (entry instanceof AuditEntry.AuthorityApplied authority) {
        entries
            .computeIfAbsent(
                authority.step() + " " + authority.objectId(), key -> new ArrayList<>())
            .add(authority);
      } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
        reevaluations
            .computeIfAbsent(
                reevaluated.step() + " " + reevaluated.objectId(), key -> new ArrayList<>())
            .add(reevaluated.heldStep() + ":" + reevaluated.decision().describe());
      }
    }
    for (Reconciled step : reconciled) {
      for (ObjectReconciliation answer : step.answer()) {
        String key = step.step() + " " + answer.objectId();
        List<AuditEntry.AuthorityApplied> found = entries.getOrDefault(key, List.of());
        if (found.size() != 1) {
          problems.add(
              "reconcile step " + key + " has " + found.size() + " authority entries, expected 1");
          continue;
        }
        AuditEntry.AuthorityApplied entry = found.get(0);
        if (entry.outcome() != answer.outcome()
            || entry.regressed() != answer.regressed()
            || !Objects.equals(entry.before(), answer.before())
            || !Objects.equals(entry.after(), answer.cardAfter())) {
          problems.add("reconcile step " + key + ": answered " + answer + " but recorded " + entry);
        }
        List<String> answered =
            answer.reevaluated().stream()
                .map(r -> r.input().step() + ":" + r.decision().describe())
                .toList();
        if (!answered.equals(reevaluations.getOrDefault(key, List.of()))) {
          problems.add(
              "reconcile step "
                  + key
                  + ": answered re-evaluations "
                  + answered
                  + " but recorded "
                  + reevaluations.getOrDefault(key, List.of()));
        }
      }
    }
  }

  private static void oneEntryPerAcknowledgedDelivery(
      List<Sent> sent, List<AuditEntry.DeliveryRecorded> serial, List<String> problems) {
    Map<Integer, Integer> entries = new HashMap<>();
    serial.forEach(entry -> entries.merge(entry.step(), 1, Integer::sum));
    for (Sent delivery : sent) {
      int count = entries.getOrDefault(delivery.step(), 0);
      int wanted = delivery.answer().ack() == Ack.ACK ? 1 : 0;
      if (count != wanted) {
        problems.add(
            "step "
                + delivery.step()
                + " answered "
                + delivery.answer().ack()
                + " has "
                + count
                + " audit entries, expected "
                + wanted);
      }
    }
  }
}
