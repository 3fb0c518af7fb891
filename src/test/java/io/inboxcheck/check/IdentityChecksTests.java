package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.CARD;
import static io.inboxcheck.check.CheckFixtures.START;
import static io.inboxcheck.check.CheckFixtures.answered;
import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.context;
import static io.inboxcheck.check.CheckFixtures.deliver;
import static io.inboxcheck.check.CheckFixtures.delivered;
import static io.inboxcheck.check.CheckFixtures.envelope;
import static io.inboxcheck.check.CheckFixtures.held;
import static io.inboxcheck.check.CheckFixtures.memory;
import static io.inboxcheck.check.CheckFixtures.memoryAfter;
import static io.inboxcheck.check.CheckFixtures.recordedContent;
import static io.inboxcheck.check.CheckFixtures.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each identity finding on one hand-built step that passes and one that breaks it. */
class IdentityChecksTests {
  private static final Card V3 = card(3, "open");
  private static final Card V4 = card(4, "closed");
  private static final Envelope FIRST = envelope("e-1", 4L, "closed");
  private static final Envelope VARIANT = envelope("e-1", 5L, "archived");
  private static final ScenarioStep.Deliver FIRST_DELIVERY = deliver(1, FIRST);

  /** Step 2 at {@code sinceStart}, after e-1 was first delivered and applied at step 1. */
  private static StepContext secondDelivery(
      Envelope envelope, Duration sinceStart, Decision decision, Observation after) {
    return context(
        memoryAfter(V3, FIRST_DELIVERY, Decision.APPLIED),
        deliver(2, envelope, sinceStart),
        delivered(decision),
        view().card(V4).build(),
        after);
  }

  private static StepContext secondDelivery(Envelope envelope, Decision decision, Card after) {
    return secondDelivery(envelope, Duration.ofMinutes(2), decision, view().card(after).build());
  }

  private static StepContext firstRecordStep(
      Duration sinceStart, RecordedContent before, RecordedContent after) {
    return context(
        memory(V3),
        deliver(5, VARIANT, sinceStart),
        delivered(Decision.APPLIED),
        view().firstRecord("e-1", before).build(),
        after == null ? view().build() : view().firstRecord("e-1", after).build());
  }

  @Test
  void anOverwrittenFirstRecordIsReportedWithBothContents() {
    RecordedContent first = recordedContent(FIRST, 1, START);
    RecordedContent overwritten = recordedContent(VARIANT, 1, START);
    List<Violation> found =
        IdentityChecks.firstRecordChanged(firstRecordStep(Duration.ofHours(1), first, overwritten));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.FIRST_RECORD_CHANGED);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("event id", "e-1"),
            Map.entry("first record", FIRST.content()),
            Map.entry("from step", 1));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("first record", VARIANT.content()), Map.entry("from step", 1));
  }

  @Test
  void aFirstRecordMovedToAnotherStepIsReported() {
    RecordedContent first = recordedContent(FIRST, 1, START);
    assertThat(
            IdentityChecks.firstRecordChanged(
                firstRecordStep(Duration.ofHours(1), first, recordedContent(FIRST, 3, START))))
        .hasSize(1);
    assertThat(
            IdentityChecks.firstRecordChanged(
                firstRecordStep(Duration.ofHours(1), first, recordedContent(VARIANT, 5, START))))
        .as("recorded anew at this step while still retained is an overwrite")
        .hasSize(1);
  }

  @Test
  void aKeptPrunedOrExpiredAndRecordedAgainFirstRecordIsNoFinding() {
    RecordedContent first = recordedContent(FIRST, 1, START);
    assertThat(
            IdentityChecks.firstRecordChanged(firstRecordStep(Duration.ofHours(1), first, first)))
        .isEmpty();
    assertThat(IdentityChecks.firstRecordChanged(firstRecordStep(Duration.ofHours(1), first, null)))
        .as("pruned")
        .isEmpty();
    assertThat(
            IdentityChecks.firstRecordChanged(
                firstRecordStep(Duration.ofHours(24), first, recordedContent(VARIANT, 5, START))))
        .as("retention ended exactly when this step's clock was set; recorded anew at this step")
        .isEmpty();
    assertThat(
            IdentityChecks.firstRecordChanged(
                firstRecordStep(Duration.ofHours(25), first, recordedContent(VARIANT, 4, START))))
        .as("expired, but not recorded by this step")
        .hasSize(1);
  }

  @Test
  void anIdenticalRedeliveryThatRestatesAndChangesNothingPasses() {
    StepContext redelivery = secondDelivery(FIRST, new Decision.Duplicate(Decision.APPLIED), V4);
    assertThat(redelivery.recordedDecision()).isEqualTo(Decision.APPLIED);
    assertThat(redelivery.retainedVariant()).isFalse();
    assertThat(IdentityChecks.redeliveryNotIdempotent(redelivery)).isEmpty();
  }

  @Test
  void aRedeliveryRestatingAnotherDecisionIsReported() {
    Decision wrong = new Decision.Duplicate(Decision.STALE);
    List<Violation> found =
        IdentityChecks.redeliveryNotIdempotent(secondDelivery(FIRST, wrong, V4));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.REDELIVERY_NOT_IDEMPOTENT);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("decision", "DUPLICATE"),
            Map.entry("restating", Decision.APPLIED),
            Map.entry("changed", List.of()));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("decision", wrong), Map.entry("changed", List.of()));
  }

  @Test
  void aRedeliveryThatChangesAnythingIsReportedWithWhatChanged() {
    Decision duplicate = new Decision.Duplicate(Decision.APPLIED);
    assertThat(changes(secondDelivery(FIRST, Decision.APPLIED, card(5, "again"))))
        .containsExactly("cards [card-1]");
    assertThat(changes(secondDelivery(FIRST, duplicate, V4.pause()))).containsExactly("pauses");
    Observation heldAdded = view().card(V4).held(held(2, FIRST, HeldReason.CARD_PAUSED)).build();
    assertThat(changes(secondDelivery(FIRST, Duration.ofMinutes(2), duplicate, heldAdded)))
        .containsExactly("held inputs");
    Observation counted = view().card(V4).replacements(1, 0).build();
    assertThat(changes(secondDelivery(FIRST, Duration.ofMinutes(2), duplicate, counted)))
        .containsExactly(
            "replacements ReplacementCounters[event=0, authoritative=0]"
                + " -> ReplacementCounters[event=1, authoritative=0]");
    assertThat(changes(secondDelivery(FIRST, Duration.ofMinutes(2), duplicate, view().build())))
        .containsExactly("cards [card-1]", "pauses");
  }

  @SuppressWarnings("unchecked")
  private static List<String> changes(StepContext context) {
    List<Violation> found = IdentityChecks.redeliveryNotIdempotent(context);
    assertThat(found).hasSize(1);
    return (List<String>) found.get(0).observed().get("changed");
  }

  @Test
  void aRedeliveryAfterRetentionOrNotDurableIsNoRedelivery() {
    StepContext expired =
        secondDelivery(
            FIRST, Duration.ofHours(24).plusMinutes(1), Decision.APPLIED, view().card(V3).build());
    assertThat(expired.recordedDecision()).isNull();
    assertThat(IdentityChecks.redeliveryNotIdempotent(expired)).isEmpty();
    StepContext lost =
        context(
            memoryAfter(V3, FIRST_DELIVERY, Decision.APPLIED),
            deliver(2, FIRST),
            answered(null, Ack.NO_ACK, false),
            view().card(V4).build(),
            view().card(V3).build());
    assertThat(lost.recordedDecision()).isNull();
    assertThat(IdentityChecks.redeliveryNotIdempotent(lost)).isEmpty();
    StepContext anotherId = secondDelivery(envelope("e-2", 4L, "closed"), Decision.APPLIED, V3);
    assertThat(anotherId.recordedDecision()).isNull();
    StepContext noId =
        secondDelivery(envelope(null, CARD, 4L, "closed"), Decision.held(HeldReason.MALFORMED), V3);
    assertThat(noId.recordedDecision()).isNull();
    assertThat(noId.retainedVariant()).isFalse();
  }

  @Test
  void aRetainedVariantThatChangesACardIsReported() {
    StepContext variant = secondDelivery(VARIANT, Decision.APPLIED, card(5, "archived"));
    assertThat(variant.retainedVariant()).isTrue();
    List<Violation> found = IdentityChecks.variantChangedCard(variant);

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.VARIANT_CHANGED_CARD);
    assertThat(found.get(0).expected().values())
        .containsExactly(
            Map.entry("variant of retained", "e-1"), Map.entry("changed cards", List.of()));
    assertThat(found.get(0).observed().values())
        .containsExactly(
            Map.entry("decision", Decision.APPLIED), Map.entry("changed cards", List.of(CARD)));
  }

  @Test
  void aVariantHeldWithoutChangeARedeliveryOrANewIdIsNoVariantFinding() {
    Decision conflict = Decision.held(HeldReason.ID_CONFLICT);
    assertThat(IdentityChecks.variantChangedCard(secondDelivery(VARIANT, conflict, V4))).isEmpty();
    assertThat(
            IdentityChecks.variantChangedCard(
                secondDelivery(FIRST, Decision.APPLIED, card(5, "again"))))
        .isEmpty();
    assertThat(
            IdentityChecks.variantChangedCard(
                secondDelivery(envelope("e-2", 5L, "x"), Decision.APPLIED, card(5, "x"))))
        .isEmpty();
    assertThat(
            IdentityChecks.variantChangedCard(
                secondDelivery(
                    VARIANT,
                    Duration.ofHours(25),
                    Decision.APPLIED,
                    view().card(card(5, "archived")).build())))
        .as("the id's retention has ended")
        .isEmpty();
  }

  @Test
  void aDuplicateForContentNeverRecordedIsADroppedDelivery() {
    Decision duplicate = new Decision.Duplicate(Decision.APPLIED);
    List<Violation> found =
        IdentityChecks.duplicateOfUnrecordedContent(secondDelivery(VARIANT, duplicate, V4));

    assertThat(found).hasSize(1);
    assertThat(found.get(0).finding()).isEqualTo(Finding.DUPLICATE_OF_UNRECORDED_CONTENT);
    assertThat(found.get(0).expected().values())
        .containsExactly(Map.entry("DUPLICATE only for content recorded under", "e-1"));
    assertThat(found.get(0).observed().values())
        .containsExactly(Map.entry("DUPLICATE for content", VARIANT.content()));
    Envelope noId = envelope(null, CARD, 4L, "closed");
    List<Violation> withoutId =
        IdentityChecks.duplicateOfUnrecordedContent(secondDelivery(noId, duplicate, V4));
    assertThat(withoutId).hasSize(1);
    assertThat(withoutId.get(0).expected().get("DUPLICATE only for content recorded under"))
        .isNull();
  }

  @Test
  void aDuplicateOfRecordedContentOrAnotherDecisionIsNoDroppedDelivery() {
    Decision duplicate = new Decision.Duplicate(Decision.APPLIED);
    assertThat(IdentityChecks.duplicateOfUnrecordedContent(secondDelivery(FIRST, duplicate, V4)))
        .isEmpty();
    assertThat(
            IdentityChecks.duplicateOfUnrecordedContent(
                secondDelivery(FIRST, Duration.ofHours(30), duplicate, view().card(V4).build())))
        .as("recorded once is enough, whatever the retention")
        .isEmpty();
    assertThat(
            IdentityChecks.duplicateOfUnrecordedContent(
                secondDelivery(VARIANT, Decision.APPLIED, card(5, "archived"))))
        .isEmpty();
    StepContext lost =
        context(
            memory(V3),
            deliver(2, VARIANT),
            answered(duplicate, Ack.ACK, true),
            view().card(V3).build(),
            view().card(V3).build());
    assertThat(IdentityChecks.duplicateOfUnrecordedContent(lost)).isEmpty();
  }
}
