package io.inboxcheck.suite;

import io.inboxcheck.generate.OversizedBodies;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Coverage labels for the edges where receivers break and the rare combinations swarm generation is
 * there to reach: versions next to integer widths, clock settings at the end of an id's retention,
 * equal timestamps, long runs of one card, three variants of one id, a re-pause at a card's second
 * authority, bodies at and past each delivery bound.
 */
public final class EdgeLabels {
  /** Version edges, each with the label a version from two below to one above it earns. */
  public static final Map<Long, String> VERSION_EDGES =
      Map.of(
          1L << 31,
          "edge:version_2^31",
          1L << 32,
          "edge:version_2^32",
          1L << 53,
          "edge:version_2^53",
          Long.MAX_VALUE,
          "edge:version_2^63-1");

  /** A clock move this far from the end of an id's retention window, and its label. */
  static final Map<Duration, String> RETENTION_OFFSETS =
      Map.of(
          Duration.ZERO,
          "edge:retention_exact",
          Duration.ofSeconds(-1),
          "edge:retention_1s_before",
          Duration.ofSeconds(1),
          "edge:retention_1s_after",
          Duration.ofMillis(-1),
          "edge:retention_1ms_before",
          Duration.ofMillis(1),
          "edge:retention_1ms_after");

  /** Labels of a case with fine times, each with a floor when the generator may draw it. */
  static final List<String> FINE_TIME_LABELS =
      List.of(
          "edge:retention_1ms_before",
          "edge:retention_1ms_after",
          "edge:received_at_fraction_of_second");

  /** Labels of a retention at an edge of time, drawn only when the generator picks retention. */
  static final List<String> RETENTION_LENGTH_LABELS =
      List.of(
          "edge:retention_zero",
          "edge:retention_under_a_second",
          "edge:retention_not_whole_seconds");

  /** Consecutive deliveries naming one card, among several, that make a long run. */
  static final int LONG_RUN = 8;

  private EdgeLabels() {}

  /** Labels read off the scenario: version edges, retention edges, timestamps and runs. */
  public static SortedSet<String> ofScenario(Scenario scenario) {
    SortedSet<String> labels = new TreeSet<>();
    scenario.initial().values().forEach(card -> version(labels, card.version()));
    Map<String, Instant> firstReceivedAt = new HashMap<>();
    Map<String, Map<String, Set<String>>> occurredAtByCard = new HashMap<>();
    String runCard = null;
    int run = 0;
    Instant clock = null;
    for (ScenarioStep step : scenario.steps()) {
      if (step.time() != null && !step.time().equals(clock)) {
        clock = step.time();
        retentionEdge(labels, scenario, firstReceivedAt, clock);
        if (!firstReceivedAt.isEmpty()) {
          // A retention is only tried once the clock moves past an id it could prune.
          retentionLength(labels, scenario.retention());
        }
      }
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        reconcile.authority().values().forEach(card -> version(labels, card.version()));
      }
      if (!(step instanceof ScenarioStep.Deliver deliver)) {
        continue;
      }
      Envelope envelope = deliver.envelope();
      if (envelope.version() instanceof ObjectVersion.Valid valid) {
        version(labels, valid.value());
      }
      String objectId = envelope.objectId().orElse(null);
      run = Objects.equals(objectId, runCard) ? run + 1 : 1;
      runCard = objectId;
      if (run >= LONG_RUN && objectId != null && scenario.initial().size() > 1) {
        labels.add("edge:one_card_run");
      }
      if (!deliver.transport().storageFault()) {
        envelope.eventId().ifPresent(id -> firstReceivedAt.putIfAbsent(id, deliver.time()));
      }
      if (deliver.time().getNano() != 0) {
        labels.add("edge:received_at_fraction_of_second");
      }
      equalOccurredAt(labels, envelope, occurredAtByCard);
      OversizedBodies.shapeOf(envelope).ifPresent(shape -> labels.add(shape.label()));
    }
    return labels;
  }

  /** Labels read off a history: the rare combinations of a few fault kinds. */
  public static SortedSet<String> ofHistory(History history) {
    SortedSet<String> labels = new TreeSet<>();
    Map<String, Integer> variants = new HashMap<>();
    for (AuditEntry entry : history.audit()) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery && delivery.variant()) {
        String eventId = delivery.envelope().eventId().orElse("");
        if (variants.merge(eventId, 1, Integer::sum) >= 3) {
          labels.add("swarm:three_variants_of_one_id");
        }
      }
    }
    Set<String> reconciled = new HashSet<>();
    for (HistoryStep step : history.steps()) {
      if (!(step.detail() instanceof HistoryStep.Reconciled reconciledStep)) {
        continue;
      }
      for (ObjectReconciliation object : reconciledStep.objects()) {
        boolean repaused =
            object.reevaluated().stream().anyMatch(r -> r.decision() instanceof Decision.Held);
        if (!reconciled.add(object.objectId()) && repaused) {
          labels.add("swarm:repaused_after_second_authority");
        }
      }
    }
    return labels;
  }

  private static void version(SortedSet<String> labels, long version) {
    VERSION_EDGES.forEach(
        (edge, label) -> {
          if (version >= edge - 2 && (edge == Long.MAX_VALUE || version <= edge + 1)) {
            labels.add(label);
          }
        });
  }

  private static void retentionEdge(
      SortedSet<String> labels,
      Scenario scenario,
      Map<String, Instant> firstReceivedAt,
      Instant clock) {
    for (Instant first : firstReceivedAt.values()) {
      Duration offset = Duration.between(first.plus(scenario.retention()), clock);
      String label = RETENTION_OFFSETS.get(offset);
      if (label != null) {
        labels.add(label);
      }
    }
  }

  /** A retention of zero, of less than a second, or of seconds and a fraction. */
  private static void retentionLength(SortedSet<String> labels, Duration retention) {
    if (retention.isZero()) {
      labels.add("edge:retention_zero");
    } else if (retention.compareTo(Duration.ofSeconds(1)) < 0) {
      labels.add("edge:retention_under_a_second");
    } else if (retention.getNano() != 0) {
      labels.add("edge:retention_not_whole_seconds");
    }
  }

  /** Two different events for one card with the same occurred_at. */
  private static void equalOccurredAt(
      SortedSet<String> labels,
      Envelope envelope,
      Map<String, Map<String, Set<String>>> eventsByCardAndTime) {
    if (!(envelope.content() instanceof JsonObject object)
        || envelope.objectId().isEmpty()
        || envelope.eventId().isEmpty()) {
      return;
    }
    JsonValue occurredAt = object.get(Envelope.OCCURRED_AT).orElse(null);
    if (occurredAt == null) {
      return;
    }
    Set<String> events =
        eventsByCardAndTime
            .computeIfAbsent(envelope.objectId().get(), id -> new HashMap<>())
            .computeIfAbsent(occurredAt.canonicalText(), time -> new HashSet<>());
    events.add(envelope.eventId().get());
    if (events.size() > 1) {
      labels.add("edge:equal_occurred_at");
    }
  }
}
