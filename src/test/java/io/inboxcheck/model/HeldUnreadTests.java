package io.inboxcheck.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.receiver.DeliveryResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A delivery past the bounds of SPEC section 1.5 is held unread: {@code HELD MALFORMED}, with no
 * identity (its redelivery is held again, never a DUPLICATE), no card change and no pause, even
 * when everything in it would apply; at the bound it is decided like any other.
 */
class HeldUnreadTests {
  private static final Decision MALFORMED = Decision.held(HeldReason.MALFORMED);

  /** A version-12 snapshot of card-7, its state holding {@code levels} of nesting in all. */
  private static Envelope nested(String eventId, int levels) {
    JsonValue deep = new JsonArray(List.of());
    for (int level = 3; level < levels; level++) {
      deep = new JsonArray(List.of(deep));
    }
    Envelope ready = Envelopes.snapshot(eventId, "card-7", 12, Envelopes.state("ready", "Map"));
    JsonObject state = Envelopes.state("ready", "Map");
    return Envelopes.with(
        ready,
        Envelope.STATE,
        Envelopes.obj("stage", state.get("stage").orElseThrow(), "deep", deep));
  }

  @Test
  void atTheBoundTheDeliveryIsDecidedLikeAnyOther() {
    TestReceiver receiver = TestReceiver.guide();
    Envelope atBound = nested("e-1", 128);

    assertThat(atBound.withinBounds()).isTrue();
    assertThat(receiver.deliver(atBound).decision().kind()).isEqualTo(DecisionKind.APPLIED);
  }

  @Test
  void pastTheBoundItIsHeldMalformedWithoutIdentityOrEffect() {
    TestReceiver receiver = TestReceiver.guide();
    Envelope past = nested("e-1", 129);
    TestReceiver.Snapshot before = receiver.snapshot();

    DeliveryOutcome outcome = Reducer.decide(receiver.view(), past);

    assertThat(past.withinBounds()).isFalse();
    assertThat(past.eventId()).as("nothing in it is read").isEmpty();
    assertThat(outcome.decision()).isEqualTo(MALFORMED);
    assertThat(outcome.identityEffect()).isEqualTo(IdentityEffect.NONE);
    assertThat(receiver.deliver(past)).isEqualTo(DeliveryResult.recorded(MALFORMED));
    assertThat(receiver.deliver(past))
        .as("a redelivery is held again, not a DUPLICATE")
        .isEqualTo(DeliveryResult.recorded(MALFORMED));
    assertThat(receiver.view().cards()).isEqualTo(before.cards());
    assertThat(receiver.view().identities()).isEmpty();
    assertThat(receiver.view().held())
        .containsExactly(
            new HeldInput(1, past, HeldReason.MALFORMED),
            new HeldInput(2, past, HeldReason.MALFORMED));
  }
}
