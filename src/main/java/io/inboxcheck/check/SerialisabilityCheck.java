package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks a concurrent run against the model: replaying the deliveries through the reference model
 * in the order the store's audit recorded them must reproduce every decision, the final cards, held
 * inputs and counters; every acknowledged delivery has exactly one audit entry and every
 * unacknowledged one none; and the final view keeps the invariants that a final state can show. A
 * pure function from what was sent, what was answered and what the store holds to a list of
 * problems, each a sentence; empty means serialisable.
 */
public final class SerialisabilityCheck {
  private SerialisabilityCheck() {}

  /** One delivery the harness sent, with a step number unique in the run, and the answer. */
  public record Sent(int step, Envelope envelope, DeliveryResult answer) {}

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
            "step "
                + entry.step()
                + " ("
                + delivery.envelope().eventId().orElse("no id")
                + "): the store recorded "
                + entry.decision().describe()
                + ", the model in audit order decides "
                + expected.describe());
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
    finalViewInvariants(setup, serial, stored, problems);
    return problems;
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

  private static void finalViewInvariants(
      ReceiverSetup setup,
      List<AuditEntry.DeliveryRecorded> serial,
      ReceiverView stored,
      List<String> problems) {
    for (Map.Entry<String, Card> initial : setup.initialCards().entrySet()) {
      Card now = stored.cards().get(initial.getKey());
      if (now == null || now.version() < initial.getValue().version()) {
        problems.add(Invariant.VERSION_MONOTONIC + ": " + initial.getKey() + " is " + now);
      }
    }
    for (String id : stored.cards().keySet()) {
      if (!setup.initialCards().containsKey(id)) {
        problems.add(Invariant.NO_INVENTED_CARDS + ": card " + id + " exists");
      }
    }
    long applied =
        serial.stream().filter(entry -> entry.decision().kind() == DecisionKind.APPLIED).count();
    if (stored.replacements().event() != applied) {
      problems.add(
          Invariant.COUNTS_HONEST
              + ": event counter "
              + stored.replacements().event()
              + ", APPLIED entries "
              + applied);
    }
    Set<String> firstSeen = new HashSet<>();
    Map<String, Integer> firstSteps = new HashMap<>();
    for (AuditEntry.DeliveryRecorded entry : serial) {
      entry
          .envelope()
          .eventId()
          .filter(firstSeen::add)
          .ifPresent(id -> firstSteps.put(id, entry.step()));
    }
    for (IdentityRecord record : stored.identities()) {
      Integer first = firstSteps.get(record.eventId());
      if (first == null || first != record.firstRecord().step()) {
        problems.add(
            Invariant.FIRST_RECORD_KEPT
                + ": "
                + record.eventId()
                + " first record from step "
                + record.firstRecord().step()
                + ", first audited at step "
                + first);
      }
    }
    Set<Integer> listed = new HashSet<>();
    stored.held().forEach(input -> listed.add(input.step()));
    for (AuditEntry.DeliveryRecorded entry : serial) {
      if (entry.decision().kind() == DecisionKind.HELD && !listed.contains(entry.step())) {
        problems.add(Invariant.NOTHING_LOST + ": held step " + entry.step() + " is not listed");
      }
    }
  }
}
