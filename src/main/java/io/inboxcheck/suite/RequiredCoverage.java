package io.inboxcheck.suite;

import io.inboxcheck.check.Finding;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.generate.OversizedBodies;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.Observable;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The labels the fault-sequence property must reach, with the minimum share of generated scenarios
 * for each. If generation stops producing one, the property fails and names it.
 */
public final class RequiredCoverage {
  /** A share low enough to be robust, high enough that a broken generator is noticed. */
  static final double COMMON = 0.10;

  static final double RARE = 0.01;

  private RequiredCoverage() {}

  /** The labels the arrival-order property must reach. */
  public static Map<String, Double> forArrivalOrders() {
    Map<String, Double> required = new LinkedHashMap<>();
    required.put("order:conflict_free", 0.3);
    required.put("order:covering_authority", 0.3);
    required.put("order:permuted", 0.5);
    required.put("order:with_duplicates", 0.1);
    required.put("order:with_conflicts", 0.1);
    return required;
  }

  /** The floors of a property of the suite, by its name, for reports. */
  static Map<String, Double> forProperty(String propertyName) {
    return propertyName.startsWith("arrival order") ? forArrivalOrders() : forFaultSequences();
  }

  public static Map<String, Double> forFaultSequences() {
    return forFaultSequences(Observable.RICHEST_LEVEL);
  }

  /**
   * The labels for a receiver that shows only {@code shown}: an invariant none of whose findings it
   * can support is never exercised, so it is not required.
   */
  public static Map<String, Double> forFaultSequences(Set<Observable> shown) {
    return forFaultSequences(shown, Generation.DEFAULT);
  }

  /**
   * The labels for a receiver that shows only {@code shown}, over scenarios shaped by {@code
   * generation}: with a provider, also its retries, its last retry, its manual redeliveries, a
   * redelivery after the retention ended, a copy delayed past the retries and a second event for
   * one change, each where the provider's profile makes it possible.
   */
  public static Map<String, Double> forFaultSequences(
      Set<Observable> shown, Generation generation) {
    Map<String, Double> required = new LinkedHashMap<>();
    for (DecisionKind kind : DecisionKind.values()) {
      required.put("decision:" + kind, COMMON);
    }
    for (HeldReason reason : HeldReason.values()) {
      required.put("held:" + reason, RARE * 2);
    }
    for (ReconcileOutcome outcome : ReconcileOutcome.values()) {
      required.put("reconcile:" + outcome, RARE * 2);
    }
    required.put("reconcile:regressed", RARE);
    required.put("reconcile:resolved_by_authority", RARE);
    required.put("reevaluated:repaused", RARE / 2);
    required.put("retention:pruned", RARE);
    required.put("retention:redelivered_after_expiry", RARE);
    required.put("transport:storage_fault", RARE * 2);
    required.put("transport:ack_lost", RARE * 2);
    required.put("redelivery:respelled", RARE * 2);
    required.put("id_conflict:two_cards_paused", RARE);
    // Edge values and swarm combinations: without them whole classes of bugs hide.
    for (String edge : EdgeLabels.VERSION_EDGES.values()) {
      required.put(edge, COMMON / 2);
    }
    required.put("edge:retention_exact", RARE * 2);
    required.put("edge:retention_1s_before", RARE * 2);
    required.put("edge:retention_1s_after", RARE * 2);
    // Times finer than a second: retentions at zero and fractions, fractions of a second.
    // A millisecond either side of an edge needs a fine-times case, an aimed move and an edge
    // still ahead: about 2% of cases each, so half a percent is the floor.
    required.put("edge:retention_1ms_before", RARE / 2);
    required.put("edge:retention_1ms_after", RARE / 2);
    required.put("edge:received_at_fraction_of_second", COMMON);
    if (generation.retention().equals(ScenarioGenerator.RETENTION)) {
      EdgeLabels.RETENTION_LENGTH_LABELS.forEach(label -> required.put(label, RARE));
    }
    required.put("edge:equal_occurred_at", COMMON);
    required.put("edge:one_card_run", RARE * 2);
    required.put("swarm:three_variants_of_one_id", RARE * 2);
    required.put("swarm:repaused_after_second_authority", RARE / 2);
    // Bodies at, just past and far past each delivery bound: one of eleven shapes, a few percent
    // of cases each, so a generator that stops sending one is noticed.
    for (OversizedBodies.Shape shape : OversizedBodies.Shape.values()) {
      required.put(shape.label(), RARE / 2);
    }
    // Values a receiver must compare exactly: each family has a floor.
    ValueLabels.all().forEach(label -> required.put(label, valueFloor(label)));
    // Near twins a receiver's normalisation would merge, and the values it takes for "nothing".
    TwinLabels.all()
        .forEach(label -> required.put(label, TwinLabels.common(label) ? COMMON : RARE));
    for (Invariant invariant : Invariant.values()) {
      boolean supported =
          Arrays.stream(Finding.values())
              .anyMatch(f -> f.invariant() == invariant && f.observableIn(shown));
      if (invariant != Invariant.ORDER_INDEPENDENT
          && invariant != Invariant.CONFORMANCE
          && supported) {
        required.put("exercised:" + invariant, RARE);
      }
    }
    generation.schedule().ifPresent(schedule -> forProvider(schedule, generation, required));
    return required;
  }

  /**
   * The floor of one exact-value label: common for what states carry, lower for the rarer
   * combinations (a respelled restatement, twins of ids and texts), lowest for each id type. An id
   * type comes only on a malformed envelope of a case that draws exact values, split six ways,
   * about 0.5% of cases each: its floor sits well below that, so a correct receiver's check at
   * default tries (whose seed follows the receiver's name) does not fall short by chance, while a
   * generator that stops drawing a type still does.
   */
  private static double valueFloor(String label) {
    if (label.startsWith("value:state_") && !label.equals(ValueLabels.STATE_NUMBER_RESPELLED)) {
      return COMMON;
    }
    return label.startsWith("value:id_type:") ? RARE / 5 : RARE;
  }

  private static void forProvider(
      DeliverySchedule schedule, Generation generation, Map<String, Double> required) {
    if (!schedule.retryOffsets().isEmpty()) {
      required.put(Labels.PROVIDER_RETRY, COMMON);
      required.put(Labels.PROVIDER_LAST_RETRY, COMMON);
    }
    if (schedule.manualWindow().isPresent()) {
      required.put(Labels.PROVIDER_MANUAL_REDELIVERY, COMMON);
    }
    if (schedule.outlasts(generation.retention())) {
      required.put(Labels.PROVIDER_AFTER_RETENTION, COMMON);
    }
    if (schedule.lateBound().isPresent()) {
      required.put(Labels.PROVIDER_LATE_DELIVERY, COMMON);
    }
    if (schedule.severalIdsForOneChange()) {
      required.put(Labels.PROVIDER_SECOND_EVENT, COMMON);
    }
    // Following a provider, copies come when it sends them: a retention edge no copy can reach
    // (Slack's last comes 2 hours after the first, Svix's retries at fixed times) is not aimed at.
    Duration retention = generation.retention();
    if (!schedule.canSendAt(retention.minusSeconds(1))) {
      required.remove("edge:retention_1s_before");
    }
    if (!schedule.canSendAt(retention)) {
      required.remove("edge:retention_exact");
    }
    if (!schedule.canSendAt(retention.plusSeconds(1))) {
      required.remove("edge:retention_1s_after");
    }
    // A provider's schedule keeps its own whole-second times and the chosen retention.
    EdgeLabels.FINE_TIME_LABELS.forEach(required::remove);
    EdgeLabels.RETENTION_LENGTH_LABELS.forEach(required::remove);
  }
}
