package io.inboxcheck.concurrent;

import io.inboxcheck.check.Facts;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a store's final view must show whatever the interleaving, each stated only as far as it is
 * true of any serial order: an authority may lower a card (SPEC 4, {@code regressed}) or create
 * one, and an identity pruned by retention may be first recorded again later. Findings are {@link
 * Violation}s of the whole run (step 0), the shape every other check returns.
 */
final class FinalViewInvariants {
  private FinalViewInvariants() {}

  static List<Violation> check(ReceiverSetup setup, List<AuditEntry> audit, ReceiverView stored) {
    List<Violation> found = new ArrayList<>();
    found.addAll(versionsNeverLoweredByDeliveries(setup, audit, stored));
    found.addAll(noInventedCards(setup, audit, stored));
    found.addAll(countsHonest(audit, stored));
    found.addAll(firstRecordsKept(audit, stored));
    found.addAll(nothingLost(audit, stored));
    return found;
  }

  private static Violation violation(Invariant invariant, Facts expected, Facts observed) {
    return Violation.of(invariant, 0, "run", expected, observed);
  }

  /**
   * VERSION_MONOTONIC concerns deliveries: in audit order a card's version starts at its initial
   * one, is set by each authority entry (raised or lowered) and raised by each APPLIED delivery or
   * re-evaluation; the final version is never below that.
   */
  private static List<Violation> versionsNeverLoweredByDeliveries(
      ReceiverSetup setup, List<AuditEntry> audit, ReceiverView stored) {
    Map<String, Long> floor = new HashMap<>();
    setup.initialCards().forEach((id, card) -> floor.put(id, card.version()));
    Map<Integer, Envelope> delivered = deliveredEnvelopes(audit);
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.AuthorityApplied authority) {
        floor.put(authority.objectId(), authority.after().version());
      } else if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        raiseByApplied(floor, delivery.envelope(), delivery.decision());
      } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
        raiseByApplied(floor, delivered.get(reevaluated.heldStep()), reevaluated.decision());
      }
    }
    List<Violation> found = new ArrayList<>();
    floor.forEach(
        (id, version) -> {
          Card now = stored.cards().get(id);
          if (now == null || now.version() < version) {
            found.add(
                violation(
                    Invariant.VERSION_MONOTONIC,
                    Facts.of(
                        "card",
                        id,
                        "at least version",
                        version,
                        "reached by",
                        "its initial card, authorities and APPLIED decisions in audit order"),
                    Facts.of("card", id, "now", now)));
          }
        });
    return found;
  }

  private static void raiseByApplied(
      Map<String, Long> floor, Envelope envelope, Decision decision) {
    if (envelope == null || decision.kind() != DecisionKind.APPLIED) {
      return;
    }
    if (envelope.version() instanceof ObjectVersion.Valid valid) {
      envelope
          .objectId()
          .ifPresent(
              id -> floor.merge(id, valid.value(), (was, applied) -> Math.max(was, applied)));
    }
  }

  private static Map<Integer, Envelope> deliveredEnvelopes(List<AuditEntry> audit) {
    Map<Integer, Envelope> delivered = new HashMap<>();
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        delivered.put(delivery.step(), delivery.envelope());
      }
    }
    return delivered;
  }

  /** NO_INVENTED_CARDS: the initial cards plus those an authority listed, nothing else. */
  private static List<Violation> noInventedCards(
      ReceiverSetup setup, List<AuditEntry> audit, ReceiverView stored) {
    Set<String> known = new HashSet<>(setup.initialCards().keySet());
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.AuthorityApplied authority) {
        known.add(authority.objectId());
      }
    }
    List<Violation> found = new ArrayList<>();
    for (String id : stored.cards().keySet()) {
      if (!known.contains(id)) {
        found.add(
            violation(
                Invariant.NO_INVENTED_CARDS,
                Facts.of("cards from", "initial or authority"),
                Facts.of("card", id)));
      }
    }
    return found;
  }

  /** COUNTS_HONEST: the counters equal what the audit says replaced a state. */
  private static List<Violation> countsHonest(List<AuditEntry> audit, ReceiverView stored) {
    long applied =
        audit.stream()
            .filter(
                entry ->
                    (entry instanceof AuditEntry.DeliveryRecorded delivery
                            && delivery.decision().kind() == DecisionKind.APPLIED)
                        || (entry instanceof AuditEntry.Reevaluated reevaluated
                            && reevaluated.decision().kind() == DecisionKind.APPLIED))
            .count();
    long authoritative =
        audit.stream()
            .filter(
                entry ->
                    entry instanceof AuditEntry.AuthorityApplied authority
                        && authority.outcome() != ReconcileOutcome.CONFIRMED)
            .count();
    if (stored.replacements().event() == applied
        && stored.replacements().authoritative() == authoritative) {
      return List.of();
    }
    return List.of(
        violation(
            Invariant.COUNTS_HONEST,
            Facts.of(
                "event counter (APPLIED entries)",
                applied,
                "authoritative counter (REPLACED and CREATED entries)",
                authoritative),
            Facts.of(
                "event counter",
                stored.replacements().event(),
                "authoritative counter",
                stored.replacements().authoritative())));
  }

  /**
   * FIRST_RECORD_KEPT: a retained identity's first record is the first delivery of its id in audit
   * order since retention last pruned that id.
   */
  private static List<Violation> firstRecordsKept(List<AuditEntry> audit, ReceiverView stored) {
    Map<String, Integer> firstSteps = new HashMap<>();
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.IdentityPruned pruned) {
        firstSteps.remove(pruned.eventId());
      } else if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        delivery.envelope().eventId().ifPresent(id -> firstSteps.putIfAbsent(id, entry.step()));
      }
    }
    List<Violation> found = new ArrayList<>();
    for (IdentityRecord record : stored.identities()) {
      Integer first = firstSteps.get(record.eventId());
      if (first == null || first != record.firstRecord().step()) {
        found.add(
            violation(
                Invariant.FIRST_RECORD_KEPT,
                Facts.of("event id", record.eventId(), "first record from step", first),
                Facts.of("first record from step", record.firstRecord().step())));
      }
    }
    return found;
  }

  /** NOTHING_LOST: an input held after the last audit entry about it is still listed as held. */
  private static List<Violation> nothingLost(List<AuditEntry> audit, ReceiverView stored) {
    Set<Integer> listed = new HashSet<>();
    stored.held().forEach(input -> listed.add(input.step()));
    Map<Integer, Boolean> stillHeld = new HashMap<>();
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        stillHeld.put(delivery.step(), delivery.decision().kind() == DecisionKind.HELD);
      } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
        stillHeld.put(reevaluated.heldStep(), reevaluated.decision().kind() == DecisionKind.HELD);
      } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
        stillHeld.put(resolved.heldStep(), false);
      }
    }
    List<Violation> found = new ArrayList<>();
    stillHeld.forEach(
        (step, held) -> {
          if (held && !listed.contains(step)) {
            found.add(
                violation(
                    Invariant.NOTHING_LOST,
                    Facts.of("held delivery of step", step, "listed", true),
                    Facts.of("held delivery of step", step, "listed", false)));
          }
        });
    return found;
  }
}
