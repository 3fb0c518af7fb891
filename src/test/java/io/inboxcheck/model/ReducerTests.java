package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.arr;
import static io.inboxcheck.model.Envelopes.num;
import static io.inboxcheck.model.Envelopes.obj;
import static io.inboxcheck.model.Envelopes.snapshot;
import static io.inboxcheck.model.Envelopes.state;
import static io.inboxcheck.model.Envelopes.str;
import static io.inboxcheck.model.Envelopes.with;
import static io.inboxcheck.model.Envelopes.withOccurredAt;
import static io.inboxcheck.model.Envelopes.withVersion;
import static io.inboxcheck.model.Envelopes.without;
import static io.inboxcheck.model.TestReceiver.card;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SPEC section 3, rule by rule and in rule order: the first rule that matches decides. Each test
 * also checks what must not change. One nested class per rule of the SPEC (rule 1 and rule 2 in two
 * parts each), then acknowledgement after a storage fault and recording.
 */
class ReducerTests {
  private static final Decision.Held MALFORMED = Decision.held(HeldReason.MALFORMED);
  private static final Decision.Held ID_CONFLICT = Decision.held(HeldReason.ID_CONFLICT);

  private final TestReceiver receiver = TestReceiver.guide();

  private static Envelope ready12() {
    return snapshot("e-201", "card-7", 12, "ready", "Map");
  }

  private static Decision duplicateOf(Decision restated) {
    return new Decision.Duplicate(restated);
  }

  @Nested
  @DisplayName("rule 1, identity: unusable ids, and redeliveries that are duplicates")
  class Rule1Identity {
    static Stream<Arguments> unusableEventIds() {
      Envelope valid = ready12();
      return Stream.of(
          Arguments.of("missing", without(valid, Envelope.EVENT_ID)),
          Arguments.of("empty string", with(valid, Envelope.EVENT_ID, str(""))),
          Arguments.of("number", with(valid, Envelope.EVENT_ID, num("201"))),
          Arguments.of("null", with(valid, Envelope.EVENT_ID, JsonNull.INSTANCE)),
          Arguments.of("array", with(valid, Envelope.EVENT_ID, arr(str("e-201")))),
          Arguments.of("object", with(valid, Envelope.EVENT_ID, obj("id", str("e-201")))));
    }

    @ParameterizedTest(name = "event_id {0}")
    @MethodSource("unusableEventIds")
    void unusableEventIdIsHeldMalformedWithoutIdentityEvenWhenTheRestWouldApply(
        String what, Envelope envelope) {
      DeliveryOutcome outcome = Reducer.decide(receiver.view(), envelope);

      assertThat(outcome.decision()).isEqualTo(MALFORMED);
      assertThat(outcome.identityEffect()).isEqualTo(IdentityEffect.NONE);
      assertThat(outcome.cardsAfter()).isEmpty();

      TestReceiver.Snapshot before = receiver.snapshot();
      assertThat(receiver.deliver(envelope)).isEqualTo(DeliveryResult.recorded(MALFORMED));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.view().identities()).isEmpty();
      assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
      assertThat(receiver.view().held())
          .containsExactly(new HeldInput(1, envelope, HeldReason.MALFORMED));
    }

    @Test
    void sameIdlessEnvelopeTwiceIsMalformedTwiceBecauseThereIsNoIdentityToDeduplicateBy() {
      Envelope idless = without(ready12(), Envelope.EVENT_ID);

      DeliveryResult first = receiver.deliver(idless);
      DeliveryResult second = receiver.deliver(idless);

      assertThat(first.decision()).isEqualTo(MALFORMED);
      assertThat(second.decision()).isEqualTo(MALFORMED);
      assertThat(receiver.view().held())
          .containsExactly(
              new HeldInput(1, idless, HeldReason.MALFORMED),
              new HeldInput(2, idless, HeldReason.MALFORMED));
      assertThat(receiver.view().identities()).isEmpty();
      assertThat(receiver.view().audit()).hasSize(2);
      assertThat(receiver.card("card-7")).isEqualTo(card(10, "queued", "Map"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nonObjectEnvelopes")
    void nonObjectEnvelopeIsHeldMalformed(String what, JsonValue content) {
      Envelope envelope = new Envelope(content);

      assertThat(receiver.deliver(envelope).decision()).isEqualTo(MALFORMED);
      assertThat(receiver.view().identities()).isEmpty();
      assertThat(receiver.view().cards().values()).noneMatch(Card::paused);
      assertThat(receiver.held()).containsExactly(Map.entry("step-1", HeldReason.MALFORMED));
    }

    static Stream<Arguments> nonObjectEnvelopes() {
      return Stream.of(
          Arguments.of("an array holding an envelope", arr(Envelopes.object(ready12()))),
          Arguments.of("a string", str("e-201")),
          Arguments.of("a number", num("12")),
          Arguments.of("null", JsonNull.INSTANCE));
    }

    @Test
    void identicalRedeliveryIsDuplicateRestatingAppliedAndChangesNothing() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), ready12());
      DeliveryResult result = receiver.deliver(ready12());

      assertThat(outcome.identityEffect()).isEqualTo(IdentityEffect.NONE);
      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result).isEqualTo(DeliveryResult.recorded(duplicateOf(Decision.APPLIED)));
      assertUnchangedExceptOneAuditEntry(before, duplicateOf(Decision.APPLIED));
      assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(1, 0));
    }

    @Test
    void identicalRedeliveryOfAStaleEventRestatesStale() {
      Envelope stale = snapshot("e-200", "card-7", 9, "building", "Map");
      assertThat(receiver.deliver(stale).decision()).isEqualTo(Decision.STALE);
      TestReceiver.Snapshot before = receiver.snapshot();

      assertThat(receiver.deliver(stale).decision()).isEqualTo(duplicateOf(Decision.STALE));
      assertUnchangedExceptOneAuditEntry(before, duplicateOf(Decision.STALE));
    }

    @Test
    void identicalRedeliveryOfASameStateEventRestatesSameState() {
      Envelope same = snapshot("e-207", "card-7", 10, "queued", "Map");
      assertThat(receiver.deliver(same).decision()).isEqualTo(Decision.SAME_STATE);
      TestReceiver.Snapshot before = receiver.snapshot();

      assertThat(receiver.deliver(same).decision()).isEqualTo(duplicateOf(Decision.SAME_STATE));
      assertUnchangedExceptOneAuditEntry(before, duplicateOf(Decision.SAME_STATE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("heldFirstDeliveries")
    void identicalRedeliveryOfAHeldEventRestatesTheHeldReasonAndIsNotHeldTwice(
        HeldReason reason, Envelope envelope) {
      assertThat(receiver.deliver(envelope).decision()).isEqualTo(Decision.held(reason));
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryResult again = receiver.deliver(envelope);

      assertThat(again).isEqualTo(DeliveryResult.recorded(duplicateOf(Decision.held(reason))));
      assertUnchangedExceptOneAuditEntry(before, duplicateOf(Decision.held(reason)));
      assertThat(receiver.view().held()).hasSize(1);
    }

    static Stream<Arguments> heldFirstDeliveries() {
      return Stream.of(
          Arguments.of(HeldReason.MALFORMED, with(ready12(), Envelope.STATE, str("ready"))),
          Arguments.of(
              HeldReason.UNSUPPORTED_TYPE, with(ready12(), Envelope.TYPE, str("card.deleted"))),
          Arguments.of(HeldReason.UNKNOWN_OBJECT, snapshot("e-300", "card-99", 1, "queued", "New")),
          Arguments.of(HeldReason.MISSING_VERSION, without(ready12(), Envelope.OBJECT_VERSION)),
          Arguments.of(HeldReason.INVALID_VERSION, withVersion(ready12(), "12.5")),
          Arguments.of(
              HeldReason.VERSION_CONFLICT, snapshot("e-209", "card-7", 10, "ready", "Other")));
    }

    @Test
    void redeliveryWithOtherKeyOrderAndEquivalentNumbersIsDuplicate() {
      Envelope first = ready12();
      receiver.deliver(first);

      for (String version : List.of("12", "12.0", "1.2e1", "120e-1", "12.000")) {
        Map<String, JsonValue> reordered = new LinkedHashMap<>();
        reordered.put(Envelope.STATE, obj("label", str("Map"), "stage", str("ready")));
        reordered.put(Envelope.TYPE, str(Envelopes.SNAPSHOT));
        reordered.put(Envelope.OCCURRED_AT, str(Envelopes.OCCURRED));
        reordered.put(Envelope.OBJECT_VERSION, num(version));
        reordered.put(Envelope.OBJECT_ID, str("card-7"));
        reordered.put(Envelope.EVENT_ID, str("e-201"));

        assertThat(receiver.deliver(new Envelope(JsonObject.of(reordered))).decision())
            .as("object_version written as %s", version)
            .isEqualTo(duplicateOf(Decision.APPLIED));
      }
      assertThat(receiver.identity("e-201").variants()).isEmpty();
      assertThat(receiver.view().cards().values()).noneMatch(Card::paused);
      assertThat(receiver.view().replacements().event()).isEqualTo(1);
    }

    @Test
    void redeliveryWithEquivalentNumbersInsideTheStateIsDuplicate() {
      receiver.deliver(snapshot("e-1", "card-7", 12, obj("size", num("3"), "ratio", num("0.5"))));

      DeliveryResult again =
          receiver.deliver(
              snapshot("e-1", "card-7", 12, obj("ratio", num("0.50"), "size", num("3.0e0"))));

      assertThat(again.decision()).isEqualTo(duplicateOf(Decision.APPLIED));
    }

    @Test
    void redeliveryWithTheStringTwelveInsteadOfTheNumberIsIdConflict() {
      receiver.deliver(ready12());

      Envelope stringVersion = with(ready12(), Envelope.OBJECT_VERSION, str("12"));

      assertThat(receiver.deliver(stringVersion).decision()).isEqualTo(ID_CONFLICT);
      assertThat(receiver.identity("e-201").variants())
          .extracting(RecordedContent::content)
          .containsExactly(stringVersion.content());
    }

    @Test
    void redeliveryDifferingOnlyInOccurredAtIsIdConflictBecauseContentIsTheWholeEnvelope() {
      receiver.deliver(ready12());

      Envelope later = withOccurredAt(ready12(), "2024-01-01T08:00:05Z");

      assertThat(receiver.deliver(later).decision()).isEqualTo(ID_CONFLICT);
      assertThat(receiver.card("card-7")).isEqualTo(new Card(12, state("ready", "Map"), true));
    }

    @Test
    void duplicateWinsOverAPausedCard() {
      receiver.deliver(ready12());
      receiver.deliver(snapshot("e-209", "card-7", 12, "ready", "Other")); // pauses card-7

      assertThat(receiver.deliver(ready12()).decision()).isEqualTo(duplicateOf(Decision.APPLIED));
      assertThat(receiver.held()).containsOnlyKeys("e-209");
    }

    @Test
    void idConflictWinsOverShapeSoAMalformedVariantStillPausesTheFirstRecordsCard() {
      receiver.deliver(ready12());

      Envelope malformedVariant = without(ready12(), Envelope.STATE);

      assertThat(receiver.deliver(malformedVariant).decision()).isEqualTo(ID_CONFLICT);
      assertThat(receiver.card("card-7").paused()).isTrue();
    }
  }

  @Nested
  @DisplayName("rule 1, identity: the same id with other content is an ID_CONFLICT")
  class Rule1IdConflicts {
    @Test
    void sameIdDifferentContentIsHeldAsIdConflictAndPausesBothNamedCards() {
      Envelope first = snapshot("e-202", "card-7", 13, "ready", "Map v2");
      receiver.deliver(first);
      Envelope variant = snapshot("e-202", "card-8", 4, "building", "Chart");
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), variant);
      DeliveryResult result = receiver.deliver(variant);

      assertThat(outcome.identityEffect()).isEqualTo(IdentityEffect.VARIANT);
      assertThat(outcome.cardsAfter())
          .containsOnlyKeys("card-7", "card-8")
          .containsEntry("card-7", new Card(13, state("ready", "Map v2"), true))
          .containsEntry("card-8", new Card(3, state("ready", "Chart"), true));
      assertThat(result).isEqualTo(DeliveryResult.recorded(ID_CONFLICT));

      IdentityRecord record = receiver.identity("e-202");
      assertThat(record.firstRecord()).isEqualTo(before.identities().get(0).firstRecord());
      assertThat(record.firstRecord().decisions()).containsExactly(Decision.APPLIED);
      assertThat(record.variants())
          .containsExactly(
              new RecordedContent(variant.content(), 2, TestReceiver.T, List.of(ID_CONFLICT)));
      assertThat(receiver.view().held())
          .containsExactly(new HeldInput(2, variant, HeldReason.ID_CONFLICT));
      assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
      assertThat(receiver.auditSince(before.audit().size()))
          .containsExactly(
              new AuditEntry.DeliveryRecorded(
                  2, TestReceiver.T, variant, ID_CONFLICT, true, List.of("card-7", "card-8")));
    }

    @Test
    void idConflictVariantNamingAnUnknownCardPausesOnlyTheKnownCardAndCreatesNothing() {
      receiver.deliver(ready12());

      receiver.deliver(snapshot("e-201", "card-99", 12, "ready", "Map"));

      assertThat(receiver.view().cards()).containsOnlyKeys("card-7", "card-8");
      assertThat(receiver.card("card-7")).isEqualTo(new Card(12, state("ready", "Map"), true));
      assertThat(receiver.card("card-8").paused()).isFalse();
      assertThat(((AuditEntry.DeliveryRecorded) last()).pausedCards()).containsExactly("card-7");
    }

    @Test
    void idConflictBetweenTwoContentsNamingUnknownCardsPausesAndCreatesNothing() {
      receiver.deliver(snapshot("e-300", "card-99", 1, "queued", "New"));
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryResult result = receiver.deliver(snapshot("e-300", "card-98", 1, "queued", "Other"));

      assertThat(result.decision()).isEqualTo(ID_CONFLICT);
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(((AuditEntry.DeliveryRecorded) last()).pausedCards()).isEmpty();
      assertThat(receiver.view().held())
          .extracting(HeldInput::reason, input -> input.objectId().orElseThrow())
          .containsExactly(
              tuple(HeldReason.UNKNOWN_OBJECT, "card-99"),
              tuple(HeldReason.ID_CONFLICT, "card-98"));
    }

    @Test
    void variantWithoutObjectIdPausesTheFirstRecordsCardOnly() {
      receiver.deliver(ready12());

      receiver.deliver(without(ready12(), Envelope.OBJECT_ID));

      assertThat(receiver.card("card-7").paused()).isTrue();
      assertThat(receiver.card("card-8").paused()).isFalse();
    }

    @Test
    void redeliveryIdenticalToAStoredVariantIsDuplicateRestatingIdConflict() {
      receiver.deliver(ready12());
      Envelope variant = snapshot("e-201", "card-7", 12, "ready", "Forge");
      receiver.deliver(variant);
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryResult again = receiver.deliver(variant);

      assertThat(again.decision()).isEqualTo(duplicateOf(ID_CONFLICT));
      assertUnchangedExceptOneAuditEntry(before, duplicateOf(ID_CONFLICT));
      assertThat(receiver.identity("e-201").variants()).hasSize(1);
    }

    @Test
    void redeliveryIdenticalToTheFirstRecordAfterAVariantStillRestatesTheFirstDecision() {
      receiver.deliver(ready12());
      receiver.deliver(snapshot("e-201", "card-7", 12, "ready", "Forge"));

      assertThat(receiver.deliver(ready12()).decision()).isEqualTo(duplicateOf(Decision.APPLIED));
    }

    @Test
    void furtherDifferentContentsAreStoredAsVariantsInArrivalOrderAndTheFirstRecordStays() {
      receiver.deliver(ready12());
      Envelope forge = snapshot("e-201", "card-7", 12, "ready", "Forge");
      Envelope other = snapshot("e-201", "card-7", 15, "archived", "Map");

      receiver.deliver(forge);
      receiver.deliver(other);

      IdentityRecord record = receiver.identity("e-201");
      assertThat(record.firstRecord().content()).isEqualTo(ready12().content());
      assertThat(record.variants())
          .extracting(RecordedContent::content)
          .containsExactly(forge.content(), other.content());
      assertThat(record.recordedSteps()).containsExactly(1, 2, 3);
      assertThat(receiver.card("card-7")).isEqualTo(new Card(12, state("ready", "Map"), true));
    }
  }

  @Nested
  @DisplayName("rule 2, shape: malformed envelopes, unsupported types, unknown cards")
  class Rule2Shape {
    static Stream<Arguments> malformedShapes() {
      Envelope valid = ready12();
      return Stream.of(
          Arguments.of("object_id missing", without(valid, Envelope.OBJECT_ID)),
          Arguments.of("object_id empty", with(valid, Envelope.OBJECT_ID, str(""))),
          Arguments.of("object_id a number", with(valid, Envelope.OBJECT_ID, num("7"))),
          Arguments.of("object_id null", with(valid, Envelope.OBJECT_ID, JsonNull.INSTANCE)),
          Arguments.of("state a string", with(valid, Envelope.STATE, str("ready"))),
          Arguments.of("state an array", with(valid, Envelope.STATE, arr(str("ready")))),
          Arguments.of("state null", with(valid, Envelope.STATE, JsonNull.INSTANCE)),
          Arguments.of("state missing", without(valid, Envelope.STATE)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedShapes")
    void badObjectIdOrNonObjectStateIsHeldMalformedAndPausesNothing(
        String what, Envelope envelope) {
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), envelope);
      DeliveryResult result = receiver.deliver(envelope);

      assertThat(outcome.identityEffect()).isEqualTo(IdentityEffect.FIRST_RECORD);
      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result).isEqualTo(DeliveryResult.recorded(MALFORMED));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.identity("e-201").firstRecord().decisions()).containsExactly(MALFORMED);
      assertThat(receiver.held()).containsExactly(Map.entry("e-201", HeldReason.MALFORMED));
    }

    @Test
    void malformedWinsOverUnsupportedTypeAndMissingVersionSoNothingIsPaused() {
      Envelope envelope =
          with(without(ready12(), Envelope.OBJECT_VERSION), Envelope.STATE, str("not an object"));
      envelope = with(envelope, Envelope.TYPE, str("card.deleted"));

      assertThat(receiver.deliver(envelope).decision()).isEqualTo(MALFORMED);
      assertThat(receiver.card("card-7").paused()).isFalse();
    }

    @ParameterizedTest(name = "type {0}")
    @MethodSource("unsupportedTypes")
    void unsupportedTypeIsHeldWithoutPausingTheCard(String what, Envelope envelope) {
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), envelope);
      DeliveryResult result = receiver.deliver(envelope);

      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.UNSUPPORTED_TYPE));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
    }

    static Stream<Arguments> unsupportedTypes() {
      Envelope valid = ready12();
      return Stream.of(
          Arguments.of("card.deleted", with(valid, Envelope.TYPE, str("card.deleted"))),
          Arguments.of("differing in case", with(valid, Envelope.TYPE, str("Card.Snapshot"))),
          Arguments.of("missing", without(valid, Envelope.TYPE)),
          Arguments.of("a number", with(valid, Envelope.TYPE, num("1"))),
          Arguments.of("null", with(valid, Envelope.TYPE, JsonNull.INSTANCE)));
    }

    @Test
    void unsupportedTypeIsCheckedBeforeUnknownObject() {
      Envelope envelope =
          with(snapshot("e-300", "card-99", 1, "queued", "New"), Envelope.TYPE, str("card.x"));

      assertThat(receiver.deliver(envelope).decision())
          .isEqualTo(Decision.held(HeldReason.UNSUPPORTED_TYPE));
    }

    @Test
    void unsupportedTypeWinsOverAMissingVersionSoTheCardIsNotPaused() {
      Envelope envelope =
          with(without(ready12(), Envelope.OBJECT_VERSION), Envelope.TYPE, str("card.deleted"));

      assertThat(receiver.deliver(envelope).decision())
          .isEqualTo(Decision.held(HeldReason.UNSUPPORTED_TYPE));
      assertThat(receiver.card("card-7").paused()).isFalse();
    }

    @Test
    void supportedTypesComeFromTheSetupNotFromTheCode() {
      TestReceiver custom =
          TestReceiver.start(
              Map.of("card-7", card(10, "queued", "Map")), Set.of("card.updated"), Duration.ZERO);

      assertThat(custom.deliver(ready12()).decision())
          .isEqualTo(Decision.held(HeldReason.UNSUPPORTED_TYPE));
      assertThat(custom.deliver(with(ready12(), Envelope.EVENT_ID, str("e-2"))).decision())
          .isEqualTo(Decision.held(HeldReason.UNSUPPORTED_TYPE));
      assertThat(
              custom
                  .deliver(
                      with(
                          snapshot("e-3", "card-7", 12, "ready", "Map"),
                          Envelope.TYPE,
                          str("card.updated")))
                  .decision())
          .isEqualTo(Decision.APPLIED);
    }

    @Test
    void unknownObjectIsHeldAndNeverCreatesTheCard() {
      Envelope envelope = snapshot("e-300", "card-99", 1, "queued", "New");
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), envelope);
      DeliveryResult result = receiver.deliver(envelope);

      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.UNKNOWN_OBJECT));
      assertThat(receiver.view().card("card-99")).isEmpty();
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(((AuditEntry.DeliveryRecorded) last()).pausedCards()).isEmpty();
    }

    @Test
    void unknownObjectIsCheckedBeforeTheVersion() {
      Envelope noVersion =
          without(snapshot("e-300", "card-99", 1, "queued", "New"), Envelope.OBJECT_VERSION);
      Envelope badVersion = withVersion(snapshot("e-301", "card-99", 1, "queued", "New"), "-1");

      assertThat(receiver.deliver(noVersion).decision())
          .isEqualTo(Decision.held(HeldReason.UNKNOWN_OBJECT));
      assertThat(receiver.deliver(badVersion).decision())
          .isEqualTo(Decision.held(HeldReason.UNKNOWN_OBJECT));
      assertThat(receiver.view().cards()).containsOnlyKeys("card-7", "card-8");
    }
  }

  @Nested
  @DisplayName("rule 2, shape: missing and invalid versions pause the card")
  class Rule2Versions {
    static Stream<Arguments> missingVersions() {
      return Stream.of(
          Arguments.of("absent", without(ready12(), Envelope.OBJECT_VERSION)),
          Arguments.of("null", with(ready12(), Envelope.OBJECT_VERSION, JsonNull.INSTANCE)));
    }

    @ParameterizedTest(name = "version {0}")
    @MethodSource("missingVersions")
    void missingVersionIsHeldAndPausesTheCardWithoutChangingIt(String what, Envelope envelope) {
      DeliveryOutcome outcome = Reducer.decide(receiver.view(), envelope);
      DeliveryResult result = receiver.deliver(envelope);

      assertThat(outcome.cardsAfter())
          .containsExactly(Map.entry("card-7", new Card(10, state("queued", "Map"), true)));
      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.MISSING_VERSION));
      assertThat(receiver.card("card-7")).isEqualTo(new Card(10, state("queued", "Map"), true));
      assertThat(receiver.card("card-8").paused()).isFalse();
      assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
      assertThat(((AuditEntry.DeliveryRecorded) last()).pausedCards()).containsExactly("card-7");
    }

    static Stream<Arguments> invalidVersions() {
      Envelope valid = ready12();
      return Stream.of(
          Arguments.of("the string \"12\"", with(valid, Envelope.OBJECT_VERSION, str("12"))),
          Arguments.of("12.5", withVersion(valid, "12.5")),
          Arguments.of("12.000001", withVersion(valid, "12.000001")),
          Arguments.of("-1", withVersion(valid, "-1")),
          Arguments.of("1e30", withVersion(valid, "1e30")),
          Arguments.of("2^63", withVersion(valid, "9223372036854775808")),
          Arguments.of("1e2147483647", withVersion(valid, "1e2147483647")),
          Arguments.of("true", with(valid, Envelope.OBJECT_VERSION, JsonBoolean.TRUE)),
          Arguments.of("{}", with(valid, Envelope.OBJECT_VERSION, JsonObject.EMPTY)),
          Arguments.of("[12]", with(valid, Envelope.OBJECT_VERSION, arr(num("12")))));
    }

    @ParameterizedTest(name = "version {0}")
    @MethodSource("invalidVersions")
    void invalidVersionIsHeldAndPausesTheCardWithoutChangingIt(String what, Envelope envelope) {
      DeliveryResult result = receiver.deliver(envelope);

      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.INVALID_VERSION));
      assertThat(receiver.card("card-7")).isEqualTo(new Card(10, state("queued", "Map"), true));
      assertThat(receiver.card("card-8").paused()).isFalse();
      assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validVersionTexts")
    void integralDecimalsAreValidVersions(String text, long value) {
      assertThat(ObjectVersion.classify(num(text))).isEqualTo(new ObjectVersion.Valid(value));
    }

    static Stream<Arguments> validVersionTexts() {
      return Stream.of(
          Arguments.of("11", 11L),
          Arguments.of("11.0", 11L),
          Arguments.of("1.1e1", 11L),
          Arguments.of("110e-1", 11L),
          Arguments.of("0", 0L),
          Arguments.of("-0", 0L),
          Arguments.of("-0.0", 0L),
          Arguments.of("9223372036854775807", Long.MAX_VALUE),
          Arguments.of("9.223372036854775807e18", Long.MAX_VALUE));
    }

    @Test
    void elevenWrittenAsElevenPointZeroOrOnePointOneEOneIsAppliedAsVersionEleven() {
      assertThat(receiver.deliver(withVersion(ready12(), "11.0")).decision())
          .isEqualTo(Decision.APPLIED);
      assertThat(receiver.card("card-7").version()).isEqualTo(11);

      Envelope sameVersion = withVersion(snapshot("e-2", "card-7", 11, "ready", "Map"), "1.1e1");
      assertThat(receiver.deliver(sameVersion).decision()).isEqualTo(Decision.SAME_STATE);
    }

    @Test
    void largestSignedLongIsAValidVersion() {
      Envelope envelope = withVersion(ready12(), "9223372036854775807");

      assertThat(receiver.deliver(envelope).decision()).isEqualTo(Decision.APPLIED);
      assertThat(receiver.card("card-7"))
          .isEqualTo(new Card(Long.MAX_VALUE, state("ready", "Map"), false));
    }

    @Test
    void missingVersionOnAnAlreadyPausedCardIsMissingVersionNotCardPaused() {
      receiver.deliver(snapshot("e-209", "card-7", 10, "ready", "Other")); // pauses card-7

      DeliveryResult result = receiver.deliver(without(ready12(), Envelope.OBJECT_VERSION));

      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.MISSING_VERSION));
      assertThat(receiver.card("card-7")).isEqualTo(new Card(10, state("queued", "Map"), true));
    }
  }

  @Nested
  @DisplayName("rule 3, pause: a paused card holds every delivery for it")
  class Rule3Pauses {
    @Test
    void pausedCardHoldsEvenAHigherVersionAsCardPausedAndStaysUnchanged() {
      receiver.deliver(snapshot("e-209", "card-7", 10, "ready", "Other")); // pauses card-7
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), ready12());
      DeliveryResult result = receiver.deliver(ready12());

      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result.decision()).isEqualTo(Decision.held(HeldReason.CARD_PAUSED));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.view().replacements()).isEqualTo(ReplacementCounters.ZERO);
      assertThat(receiver.held())
          .containsExactly(
              Map.entry("e-209", HeldReason.VERSION_CONFLICT),
              Map.entry("e-201", HeldReason.CARD_PAUSED));
    }

    @Test
    void pausedCardHoldsLowerAndEqualVersionsAsCardPausedInsteadOfStaleOrSameState() {
      receiver.deliver(snapshot("e-209", "card-7", 10, "ready", "Other")); // pauses card-7

      assertThat(receiver.deliver(snapshot("e-1", "card-7", 9, "queued", "Map")).decision())
          .isEqualTo(Decision.held(HeldReason.CARD_PAUSED));
      assertThat(receiver.deliver(snapshot("e-2", "card-7", 10, "queued", "Map")).decision())
          .isEqualTo(Decision.held(HeldReason.CARD_PAUSED));
    }

    @Test
    void pauseOfOneCardDoesNotHoldDeliveriesForAnother() {
      receiver.deliver(snapshot("e-209", "card-7", 10, "ready", "Other")); // pauses card-7

      assertThat(receiver.deliver(snapshot("e-1", "card-8", 4, "building", "Chart")).decision())
          .isEqualTo(Decision.APPLIED);
    }
  }

  @Nested
  @DisplayName("rule 4, version: ordered by version, never by arrival or timestamp")
  class Rule4VersionOrdering {
    @Test
    void higherVersionIsAppliedReplacingTheWholeStateNeverMerging() {
      TestReceiver wide =
          TestReceiver.start(
              Map.of(
                  "card-7",
                  new Card(
                      10,
                      obj("stage", str("queued"), "label", str("Map"), "owner", str("ann")),
                      false)),
              Set.of(Envelopes.SNAPSHOT),
              TestReceiver.DAY);
      JsonObject narrower = obj("stage", str("ready"), "tags", arr(str("b"), str("a")));

      DeliveryOutcome outcome =
          Reducer.decide(wide.view(), snapshot("e-1", "card-7", 12, narrower));
      DeliveryResult result = wide.deliver(snapshot("e-1", "card-7", 12, narrower));

      assertThat(outcome.cardsAfter())
          .containsExactly(Map.entry("card-7", new Card(12, narrower, false)));
      assertThat(result).isEqualTo(DeliveryResult.recorded(Decision.APPLIED));
      assertThat(wide.card("card-7")).isEqualTo(new Card(12, narrower, false));
      assertThat(wide.card("card-7").state().get("owner")).isEmpty();
      assertThat(wide.card("card-7").state().get("label")).isEmpty();
      assertThat(wide.view().replacements()).isEqualTo(new ReplacementCounters(1, 0));
    }

    @Test
    void everyAppliedDecisionCountsOneEventReplacementAndNothingElseCounts() {
      receiver.deliver(snapshot("e-1", "card-7", 11, "building", "Map")); // APPLIED
      receiver.deliver(snapshot("e-2", "card-7", 12, "ready", "Map")); // APPLIED
      receiver.deliver(snapshot("e-3", "card-7", 11, "building", "Map")); // STALE
      receiver.deliver(snapshot("e-4", "card-7", 12, "ready", "Map")); // SAME_STATE
      receiver.deliver(snapshot("e-2", "card-7", 12, "ready", "Map")); // DUPLICATE
      receiver.deliver(snapshot("e-5", "card-8", 9, "ready", "Chart")); // APPLIED

      assertThat(receiver.view().replacements()).isEqualTo(new ReplacementCounters(3, 0));
    }

    @Test
    void lowerVersionIsStaleAndChangesNothing() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();
      Envelope older = snapshot("e-200", "card-7", 11, "building", "Map");

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), older);
      DeliveryResult result = receiver.deliver(older);

      assertThat(outcome.cardsAfter()).isEmpty();
      assertThat(result).isEqualTo(DeliveryResult.recorded(Decision.STALE));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.view().held()).isEmpty();
      assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
      assertThat(receiver.identity("e-200").firstRecord().decisions())
          .containsExactly(Decision.STALE);
    }

    @Test
    void equalVersionAndSameStateFromAnotherEventIsSameStateWhateverItsOccurredAt() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();
      Envelope sameState =
          withOccurredAt(
              snapshot("e-207", "card-7", 12, obj("label", str("Map"), "stage", str("ready"))),
              "2023-06-01T00:00:00Z");

      DeliveryResult result = receiver.deliver(sameState);

      assertThat(result).isEqualTo(DeliveryResult.recorded(Decision.SAME_STATE));
      assertThat(receiver.view().cards()).isEqualTo(before.cards());
      assertThat(receiver.view().held()).isEmpty();
      assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
    }

    @Test
    void sameStateComparesNumbersInsideTheStateByValue() {
      receiver.deliver(snapshot("e-1", "card-7", 12, obj("size", num("1"))));

      assertThat(
              receiver.deliver(snapshot("e-2", "card-7", 12, obj("size", num("1.0")))).decision())
          .isEqualTo(Decision.SAME_STATE);
      assertThat(receiver.deliver(snapshot("e-3", "card-7", 12, obj("size", str("1")))).decision())
          .isEqualTo(Decision.held(HeldReason.VERSION_CONFLICT));
    }

    @Test
    void equalVersionWithDifferentStateIsVersionConflictAndPausesTheCardUnchanged() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();
      Envelope conflicting = snapshot("e-209", "card-7", 12, "ready", "Other");

      DeliveryOutcome outcome = Reducer.decide(receiver.view(), conflicting);
      DeliveryResult result = receiver.deliver(conflicting);

      assertThat(outcome.cardsAfter())
          .containsExactly(Map.entry("card-7", new Card(12, state("ready", "Map"), true)));
      assertThat(result)
          .isEqualTo(DeliveryResult.recorded(Decision.held(HeldReason.VERSION_CONFLICT)));
      assertThat(receiver.card("card-7")).isEqualTo(new Card(12, state("ready", "Map"), true));
      assertThat(receiver.card("card-8")).isEqualTo(before.cards().get("card-8"));
      assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
    }

    @Test
    void occurredAtNeverOrdersAHigherVersionWithAnOlderTimestampIsApplied() {
      Envelope newer = withOccurredAt(ready12(), "2024-01-01T09:00:00Z");
      Envelope olderClockHigherVersion =
          withOccurredAt(
              snapshot("e-202", "card-7", 13, "archived", "Map"), "2020-01-01T00:00:00Z");
      Envelope newerClockLowerVersion =
          withOccurredAt(
              snapshot("e-203", "card-7", 11, "building", "Map"), "2030-01-01T00:00:00Z");

      assertThat(receiver.deliver(newer).decision()).isEqualTo(Decision.APPLIED);
      assertThat(receiver.deliver(olderClockHigherVersion).decision()).isEqualTo(Decision.APPLIED);
      assertThat(receiver.deliver(newerClockLowerVersion).decision()).isEqualTo(Decision.STALE);
      assertThat(receiver.card("card-7")).isEqualTo(card(13, "archived", "Map"));
    }
  }

  @Nested
  @DisplayName("acknowledgement: a storage fault records nothing and answers NO_ACK")
  class StorageFaults {
    @Test
    void storageFaultAnswersNoAckAndChangesNothingAtAll() {
      receiver.deliver(snapshot("e-1", "card-8", 4, "building", "Chart"));
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryResult faulted = receiver.deliverWithStorageFault(ready12());

      assertThat(faulted).isEqualTo(new DeliveryResult(null, Ack.NO_ACK));
      assertThat(receiver.snapshot()).isEqualTo(before);
    }

    @Test
    void storageFaultOnWhatWouldBeHeldNeitherPausesNorHoldsNorStoresAVariant() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();

      receiver.deliverWithStorageFault(snapshot("e-201", "card-8", 4, "ready", "Chart"));
      receiver.deliverWithStorageFault(snapshot("e-209", "card-7", 12, "ready", "Other"));
      receiver.deliverWithStorageFault(without(ready12(), Envelope.EVENT_ID));

      assertThat(receiver.snapshot()).isEqualTo(before);
    }

    @Test
    void retryAfterAStorageFaultIsDecidedNormallyNotAsADuplicate() {
      receiver.deliverWithStorageFault(ready12());

      DeliveryResult retry = receiver.deliver(ready12());

      assertThat(retry).isEqualTo(new DeliveryResult(Decision.APPLIED, Ack.ACK));
      assertThat(receiver.card("card-7")).isEqualTo(card(12, "ready", "Map"));
      assertThat(receiver.identity("e-201").firstRecord().step()).isEqualTo(2);
      assertThat(receiver.view().audit())
          .singleElement()
          .isEqualTo(
              new AuditEntry.DeliveryRecorded(
                  2, TestReceiver.T, ready12(), Decision.APPLIED, false, List.of()));
    }
  }

  @Nested
  @DisplayName("recording: one audit entry per delivery; HELD changes no card")
  class RecordingAndAudit {
    @Test
    void everyRecordedDeliveryAddsExactlyOneAuditEntryWithItsDecision() {
      List<Envelope> deliveries =
          List.of(
              ready12(),
              ready12(),
              snapshot("e-200", "card-7", 11, "building", "Map"),
              snapshot("e-207", "card-7", 12, "ready", "Map"),
              snapshot("e-201", "card-7", 12, "ready", "Forge"),
              snapshot("e-300", "card-99", 1, "queued", "New"),
              without(snapshot("e-204", "card-8", 4, "ready", "Chart"), Envelope.OBJECT_VERSION),
              without(ready12(), Envelope.EVENT_ID));
      List<Decision> decisions = new ArrayList<>();

      for (Envelope envelope : deliveries) {
        DeliveryResult result = receiver.deliver(envelope);
        assertThat(result.ack()).isEqualTo(Ack.ACK);
        decisions.add(result.decision());
      }
      receiver.deliverWithStorageFault(snapshot("e-400", "card-8", 9, "ready", "Chart"));

      assertThat(receiver.view().audit()).hasSize(deliveries.size());
      for (int index = 0; index < deliveries.size(); index++) {
        AuditEntry entry = receiver.view().audit().get(index);
        assertThat(entry).isInstanceOf(AuditEntry.DeliveryRecorded.class);
        AuditEntry.DeliveryRecorded recorded = (AuditEntry.DeliveryRecorded) entry;
        assertThat(recorded.step()).isEqualTo(index + 1);
        assertThat(recorded.envelope()).isEqualTo(deliveries.get(index));
        assertThat(recorded.decision()).isEqualTo(decisions.get(index));
      }
      assertThat(decisions)
          .extracting(Decision::kind)
          .containsExactly(
              DecisionKind.APPLIED,
              DecisionKind.DUPLICATE,
              DecisionKind.STALE,
              DecisionKind.SAME_STATE,
              DecisionKind.HELD,
              DecisionKind.HELD,
              DecisionKind.HELD,
              DecisionKind.HELD);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyHeldReason")
    void heldDecisionChangesNoCardExceptThePauseFlag(HeldReason reason, List<Envelope> steps) {
      for (Envelope envelope : steps.subList(0, steps.size() - 1)) {
        receiver.deliver(envelope);
      }
      TestReceiver.Snapshot before = receiver.snapshot();

      DeliveryResult result = receiver.deliver(steps.get(steps.size() - 1));

      assertThat(result.decision()).isEqualTo(Decision.held(reason));
      assertThat(receiver.view().cards()).containsOnlyKeys(before.cards().keySet());
      receiver
          .view()
          .cards()
          .forEach(
              (id, after) ->
                  assertThat(after.sameContentAs(before.cards().get(id)))
                      .as("version and state of %s", id)
                      .isTrue());
      assertThat(receiver.view().replacements()).isEqualTo(before.replacements());
      assertThat(receiver.view().held()).hasSize(before.held().size() + 1);
      assertThat(receiver.view().held().get(before.held().size()).reason()).isEqualTo(reason);
    }

    static Stream<Arguments> everyHeldReason() {
      Envelope conflict = snapshot("e-209", "card-7", 10, "ready", "Other");
      return Stream.of(
          Arguments.of(
              HeldReason.ID_CONFLICT,
              List.of(ready12(), snapshot("e-201", "card-8", 20, "x", "y"))),
          Arguments.of(HeldReason.VERSION_CONFLICT, List.of(conflict)),
          Arguments.of(HeldReason.CARD_PAUSED, List.of(conflict, ready12())),
          Arguments.of(
              HeldReason.UNKNOWN_OBJECT, List.of(snapshot("e-300", "card-99", 1, "queued", "New"))),
          Arguments.of(
              HeldReason.MISSING_VERSION, List.of(without(ready12(), Envelope.OBJECT_VERSION))),
          Arguments.of(HeldReason.INVALID_VERSION, List.of(withVersion(ready12(), "1e30"))),
          Arguments.of(
              HeldReason.UNSUPPORTED_TYPE,
              List.of(with(ready12(), Envelope.TYPE, str("card.deleted")))),
          Arguments.of(HeldReason.MALFORMED, List.of(without(ready12(), Envelope.STATE))));
    }

    @Test
    void decidingIsPureAndLeavesTheStateAlone() {
      receiver.deliver(ready12());
      TestReceiver.Snapshot before = receiver.snapshot();

      Reducer.decide(receiver.view(), snapshot("e-201", "card-8", 4, "x", "y"));
      Reducer.decide(receiver.view(), snapshot("e-209", "card-7", 12, "x", "y"));
      Reducer.decide(receiver.view(), snapshot("e-210", "card-7", 13, "x", "y"));

      assertThat(receiver.snapshot()).isEqualTo(before);
    }
  }

  private AuditEntry last() {
    List<AuditEntry> audit = receiver.view().audit();
    return audit.get(audit.size() - 1);
  }

  /** A DUPLICATE (or any no-effect decision) adds one audit entry and changes nothing else. */
  private void assertUnchangedExceptOneAuditEntry(TestReceiver.Snapshot before, Decision decision) {
    TestReceiver.Snapshot after = receiver.snapshot();
    assertThat(after.cards()).isEqualTo(before.cards());
    assertThat(after.identities()).isEqualTo(before.identities());
    assertThat(after.held()).isEqualTo(before.held());
    assertThat(after.replacements()).isEqualTo(before.replacements());
    assertThat(after.audit()).startsWith(before.audit().toArray(AuditEntry[]::new));
    assertThat(after.audit()).hasSize(before.audit().size() + 1);
    AuditEntry.DeliveryRecorded entry = (AuditEntry.DeliveryRecorded) last();
    assertThat(entry.decision()).isEqualTo(decision);
    assertThat(entry.variant()).isFalse();
    assertThat(entry.pausedCards()).isEmpty();
  }
}
