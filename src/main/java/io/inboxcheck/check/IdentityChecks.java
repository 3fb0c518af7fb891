package io.inboxcheck.check;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The invariants about identities and redeliveries: one function per finding. */
final class IdentityChecks {
  private IdentityChecks() {}

  /** FIRST_RECORD_KEPT: a retained id's first record keeps its content and step. */
  static List<Violation> firstRecordChanged(StepContext context) {
    List<Violation> found = new ArrayList<>();
    for (Map.Entry<String, RecordedContent> entry : context.before().firstRecords().entrySet()) {
      RecordedContent before = entry.getValue();
      RecordedContent after = context.after().firstRecords().get(entry.getKey());
      if (after == null || prunedThenRecordedAgain(context, before, after)) {
        continue; // pruned by retention, which SPEC section 5 allows
      }
      if (!before.content().equals(after.content()) || before.step() != after.step()) {
        found.add(
            context.violation(
                Finding.FIRST_RECORD_CHANGED,
                Facts.of(
                    "event id",
                    entry.getKey(),
                    "first record",
                    before.content(),
                    "from step",
                    before.step()),
                Facts.of("first record", after.content(), "from step", after.step())));
      }
    }
    return found;
  }

  /**
   * Whether the record's retention had ended when this step's clock was set, and this step's own
   * delivery recorded the id anew. Retention prunes before the step is decided (SPEC section 5), so
   * a redelivery can replace an expired record within one step; that is a new first record, not an
   * overwritten one.
   */
  static boolean prunedThenRecordedAgain(
      StepContext context, RecordedContent before, RecordedContent after) {
    return after.step() == context.step().number()
        && !context.memory().retained(before.receivedAt());
  }

  /** IDEMPOTENT_REDELIVERY: an identical redelivery changes nothing and restates the decision. */
  static List<Violation> redeliveryNotIdempotent(StepContext context) {
    Decision recorded = context.recordedDecision();
    if (recorded == null) {
      return List.of();
    }
    Decision decision = context.decision();
    boolean restates =
        decision instanceof Decision.Duplicate duplicate && duplicate.restates().equals(recorded);
    List<String> changes = redeliveryChanges(context);
    if (restates && changes.isEmpty()) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.REDELIVERY_NOT_IDEMPOTENT,
            Facts.of("decision", "DUPLICATE", "restating", recorded, "changed", List.of()),
            Facts.of("decision", decision, "changed", changes)));
  }

  /** NO_VARIANT_APPLIED: a changed content under a retained id changes no card. */
  static List<Violation> variantChangedCard(StepContext context) {
    if (!context.retainedVariant() || context.changedCards().isEmpty()) {
      return List.of();
    }
    String eventId = context.delivery().orElseThrow().envelope().eventId().orElseThrow();
    return List.of(
        context.violation(
            Finding.VARIANT_CHANGED_CARD,
            Facts.of("variant of retained", eventId, "changed cards", List.of()),
            Facts.of("decision", context.decision(), "changed cards", context.changedCards())));
  }

  /**
   * NOTHING_LOST, from the duplicate's side: a DUPLICATE says this content was recorded before and
   * has no new effect. For content never recorded under that id (a changed content answered as a
   * duplicate) that leaves the delivery with no decision of its own: it is dropped. Holds for any
   * retention, since it only asks what was ever recorded.
   */
  static List<Violation> duplicateOfUnrecordedContent(StepContext context) {
    if (!context.durableDelivery() || !(context.decision() instanceof Decision.Duplicate)) {
      return List.of();
    }
    ScenarioStep.Deliver deliver = context.delivery().orElseThrow();
    String eventId = deliver.envelope().eventId().orElse(null);
    Set<JsonValue> recorded =
        eventId == null
            ? Set.of()
            : context.memory().recordedContents.getOrDefault(eventId, Set.of());
    if (recorded.contains(deliver.envelope().content())) {
      return List.of();
    }
    return List.of(
        context.violation(
            Finding.DUPLICATE_OF_UNRECORDED_CONTENT,
            Facts.of("DUPLICATE only for content recorded under", eventId),
            Facts.of("DUPLICATE for content", deliver.envelope().content())));
  }

  /** What one step changed that an identical redelivery must leave alone. */
  private static List<String> redeliveryChanges(StepContext context) {
    List<String> changes = new ArrayList<>();
    if (!context.changedCards().isEmpty()) {
      changes.add("cards " + context.changedCards());
    }
    if (!pausesUnchanged(context)) {
      changes.add("pauses");
    }
    if (!Objects.equals(context.before().held(), context.after().held())) {
      changes.add("held inputs");
    }
    ReplacementCounters before = context.before().replacements();
    ReplacementCounters after = context.after().replacements();
    if (!before.equals(after)) {
      changes.add("replacements " + before + " -> " + after);
    }
    return changes;
  }

  private static boolean pausesUnchanged(StepContext context) {
    for (Map.Entry<String, Card> entry : context.before().cards().entrySet()) {
      Card after = context.after().cards().get(entry.getKey());
      if (after == null || after.paused() != entry.getValue().paused()) {
        return false;
      }
    }
    return true;
  }
}
