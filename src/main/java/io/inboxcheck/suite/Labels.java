package io.inboxcheck.suite;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/** Coverage labels of one checked run: what kinds of behaviour it actually exercised. */
public final class Labels {
  /** A provider's automatic retry of an event, at its schedule's time. */
  static final String PROVIDER_RETRY = "provider:retry";

  /** The provider's last automatic retry, at its horizon. */
  static final String PROVIDER_LAST_RETRY = "provider:last_retry";

  /** A person's redelivery after the automatic retries ended, within the manual window. */
  static final String PROVIDER_MANUAL_REDELIVERY = "provider:manual_redelivery";

  /** A redelivery at least the scenario's retention after the event's first attempt. */
  static final String PROVIDER_AFTER_RETENTION = "provider:redelivery_after_retention";

  /** An automatic copy delayed past the last retry, within the provider's documented bound. */
  static final String PROVIDER_LATE_DELIVERY = "provider:late_delivery";

  /** The same object and content under a second event id: two events for one change. */
  static final String PROVIDER_SECOND_EVENT = "provider:second_event_for_one_change";

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

  /**
   * Labels of a scenario generated with a provider's {@code schedule}, read from its steps alone:
   * each redelivery's time after the event's first attempt and its attempt number.
   */
  public static SortedSet<String> ofProvider(Scenario scenario, DeliverySchedule schedule) {
    SortedSet<String> labels = new TreeSet<>();
    Map<String, Instant> firstAttempts = new HashMap<>();
    Map<String, String> idsByChange = new HashMap<>();
    for (ScenarioStep step : scenario.steps()) {
      if (!(step instanceof ScenarioStep.Deliver deliver)) {
        continue;
      }
      Optional<String> id = deliver.envelope().eventId();
      if (id.isEmpty()) {
        continue;
      }
      String firstId = idsByChange.putIfAbsent(change(deliver), id.get());
      if (firstId != null && !firstId.equals(id.get())) {
        labels.add(PROVIDER_SECOND_EVENT);
      }
      Instant first = firstAttempts.putIfAbsent(id.get(), deliver.receivedAt());
      if (first == null) {
        continue;
      }
      Duration after = Duration.between(first, deliver.receivedAt());
      Integer attempt = deliver.transport().attempt();
      if (attempt != null && attempt > 1) {
        labels.add(PROVIDER_RETRY);
      }
      if (attempt != null && attempt > 1 && attempt == schedule.lastAttempt()) {
        labels.add(PROVIDER_LAST_RETRY);
      }
      if (attempt == null && after.compareTo(schedule.horizon()) > 0) {
        labels.add(PROVIDER_MANUAL_REDELIVERY);
      }
      if (after.compareTo(scenario.retention()) >= 0) {
        labels.add(PROVIDER_AFTER_RETENTION);
      }
      if (attempt != null
          && after.compareTo(schedule.horizon()) > 0
          && schedule.lateBound().filter(bound -> after.compareTo(bound) <= 0).isPresent()) {
        labels.add(PROVIDER_LATE_DELIVERY);
      }
    }
    return labels;
  }

  /** What one change is, whatever event carries it: the envelope without its event id. */
  private static String change(ScenarioStep.Deliver deliver) {
    JsonValue content = deliver.envelope().content();
    return content instanceof JsonObject object
        ? object.without(Envelope.EVENT_ID).canonicalText()
        : content.canonicalText();
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
