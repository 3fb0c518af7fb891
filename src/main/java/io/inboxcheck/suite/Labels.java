package io.inboxcheck.suite;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/** Coverage labels of one checked run: what kinds of behaviour it actually exercised. */
public final class Labels {
  private Labels() {}

  public static SortedSet<String> of(History history, Map<Invariant, Long> exercised) {
    SortedSet<String> labels = new TreeSet<>();
    for (HistoryStep step : history.steps()) {
      if (step.detail() instanceof HistoryStep.Delivered delivered) {
        delivery(labels, delivered);
      } else if (step.detail() instanceof HistoryStep.Reconciled reconciled) {
        reconciled.objects().forEach(object -> reconciliation(labels, object));
      }
      if (!step.pruned().isEmpty()) {
        labels.add("retention:pruned");
      }
    }
    for (AuditEntry entry : history.audit()) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery
          && delivery.variant()
          && delivery.pausedCards().size() > 1) {
        labels.add("id_conflict:two_cards_paused");
      }
    }
    exercised.forEach(
        (invariant, count) -> {
          if (count > 0) {
            labels.add("exercised:" + invariant);
          }
        });
    return labels;
  }

  /** Labels about how envelopes were spelled, which histories do not record. */
  public static SortedSet<String> ofSpelling(Scenario scenario) {
    SortedSet<String> labels = new TreeSet<>();
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Deliver deliver
          && !deliver.envelope().text().equals(deliver.envelope().content().canonicalText())) {
        labels.add("redelivery:respelled");
      }
    }
    return labels;
  }

  private static void delivery(SortedSet<String> labels, HistoryStep.Delivered delivered) {
    Decision decision = delivered.decision();
    if (decision == null) {
      labels.add("ack:NO_ACK");
    } else {
      labels.add("decision:" + decision.kind());
      if (decision.reason() != null) {
        labels.add("held:" + decision.reason());
      }
      if (decision instanceof Decision.Duplicate duplicate) {
        labels.add("restates:" + duplicate.restates().kind());
      }
    }
    if (delivered.storageFault()) {
      labels.add("transport:storage_fault");
    }
    if (delivered.ackLost()) {
      labels.add("transport:ack_lost");
    }
    if (delivered.retentionExpired()) {
      labels.add("retention:redelivered_after_expiry");
    }
  }

  private static void reconciliation(SortedSet<String> labels, ObjectReconciliation object) {
    labels.add("reconcile:" + object.outcome());
    if (object.regressed()) {
      labels.add("reconcile:regressed");
    }
    if (!object.resolved().isEmpty()) {
      labels.add("reconcile:resolved_by_authority");
    }
    for (ObjectReconciliation.Reevaluation reevaluation : object.reevaluated()) {
      labels.add("reevaluated:" + reevaluation.decision().kind());
      if (reevaluation.decision() instanceof Decision.Held) {
        labels.add("reevaluated:repaused");
      }
    }
  }
}
