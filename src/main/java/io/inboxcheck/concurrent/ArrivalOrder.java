package io.inboxcheck.concurrent;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.model.ViewSettings;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * Step numbers renumbered in the order a serial audit first names them. The model takes a step's
 * number for its arrival order (held inputs are re-evaluated in step order), which holds for a
 * sequential run. Receivers delivering at once number their steps before they arrive, and the store
 * re-evaluates in its own arrival order, the audit's; so the replay numbers each step by where the
 * serial audit first names it, and the store's view is read with the same numbers. Steps the audit
 * never names (unacknowledged deliveries) keep no number; nothing refers to them.
 */
final class ArrivalOrder {
  private final Map<Integer, Integer> ranks = new LinkedHashMap<>();
  private final Map<Integer, Integer> steps = new LinkedHashMap<>();

  ArrivalOrder(List<AuditEntry> serial) {
    for (AuditEntry entry : serial) {
      if (!ranks.containsKey(entry.step())) {
        ranks.put(entry.step(), ranks.size() + 1);
        steps.put(ranks.size(), entry.step());
      }
    }
  }

  int rank(int step) {
    Integer rank = ranks.get(step);
    if (rank == null) {
      throw new IllegalArgumentException("step " + step + " is not in the audit");
    }
    return rank;
  }

  /** The step a rank stands for. */
  int step(int rank) {
    return steps.get(rank);
  }

  /** One sentence telling the ranks in problems apart from the harness's step numbers. */
  String legend() {
    StringBuilder text = new StringBuilder("steps above are numbered in audit order; rank=step: ");
    ranks.forEach((step, rank) -> text.append(rank).append('=').append(step).append(' '));
    return text.toString().trim();
  }

  List<AuditEntry> renumbered(List<AuditEntry> audit) {
    return audit.stream().map(this::renumbered).toList();
  }

  AuditEntry renumbered(AuditEntry entry) {
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      return new AuditEntry.DeliveryRecorded(
          rank(delivery.step()),
          delivery.at(),
          delivery.envelope(),
          delivery.decision(),
          delivery.variant(),
          delivery.pausedCards());
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      return new AuditEntry.AuthorityApplied(
          rank(authority.step()),
          authority.at(),
          authority.objectId(),
          authority.outcome(),
          authority.regressed(),
          authority.before(),
          authority.after());
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
      return new AuditEntry.ResolvedByAuthority(
          rank(resolved.step()),
          resolved.at(),
          rank(resolved.heldStep()),
          resolved.eventId(),
          resolved.objectId(),
          resolved.reason());
    } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
      return new AuditEntry.Reevaluated(
          rank(reevaluated.step()),
          reevaluated.at(),
          rank(reevaluated.heldStep()),
          reevaluated.eventId(),
          reevaluated.objectId(),
          reevaluated.previousReason(),
          reevaluated.decision());
    } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
      return new AuditEntry.IdentityPruned(
          rank(pruned.step()), pruned.at(), pruned.eventId(), pruned.firstReceivedAt());
    }
    throw new IllegalArgumentException("unknown audit entry " + entry);
  }

  HeldInput renumbered(HeldInput input) {
    return new HeldInput(rank(input.step()), input.envelope(), input.reason());
  }

  IdentityRecord renumbered(IdentityRecord record) {
    return new IdentityRecord(
        record.eventId(),
        renumbered(record.firstRecord()),
        record.variants().stream().map(this::renumbered).toList());
  }

  RecordedContent renumbered(RecordedContent content) {
    return new RecordedContent(
        content.content(), rank(content.step()), content.receivedAt(), content.decisions());
  }

  /** {@code stored} with every step renumbered and {@code serial}, renumbered, as its audit. */
  ReceiverView view(ReceiverView stored, List<AuditEntry> serial) {
    List<AuditEntry> audit = renumbered(serial);
    List<HeldInput> held = stored.held().stream().map(this::renumbered).toList();
    List<IdentityRecord> identities = stored.identities().stream().map(this::renumbered).toList();
    return new ReceiverView() {
      @Override
      public Optional<Card> card(String objectId) {
        return stored.card(objectId);
      }

      @Override
      public SortedMap<String, Card> cards() {
        return stored.cards();
      }

      @Override
      public Optional<IdentityRecord> identity(String eventId) {
        return identities.stream().filter(record -> record.eventId().equals(eventId)).findFirst();
      }

      @Override
      public Collection<IdentityRecord> identities() {
        return identities;
      }

      @Override
      public List<HeldInput> held() {
        return held;
      }

      @Override
      public boolean isHeld(int step) {
        return held.stream().anyMatch(input -> input.step() == step);
      }

      @Override
      public List<AuditEntry> audit() {
        return audit;
      }

      @Override
      public ReplacementCounters replacements() {
        return stored.replacements();
      }

      @Override
      public ViewSettings settings() {
        return stored.settings();
      }
    };
  }
}
