package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.Reducer;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The explorer's state key, computed from the model's public view. */
class StateFingerprintTests {
  private static final Instant T = Instant.parse("2024-01-01T08:00:00Z");

  @Test
  void statesReachedInEitherOrderOfIndependentDeliveriesShareAFingerprint() {
    ReceiverState first = guide();
    deliver(first, 1, snapshot("e-1", "card-7", 12, "Map"));
    deliver(first, 2, snapshot("e-2", "card-8", 4, "Chart"));
    ReceiverState second = guide();
    deliver(second, 1, snapshot("e-2", "card-8", 4, "Chart"));
    deliver(second, 2, snapshot("e-1", "card-7", 12, "Map"));

    // Name each step by the delivery it carried, as the explorer does.
    StateFingerprint firstPrint = StateFingerprint.of(first, step -> step, time -> 0);
    StateFingerprint secondPrint = StateFingerprint.of(second, step -> 3 - step, time -> 0);

    assertThat(secondPrint).isEqualTo(firstPrint);
    assertThat(firstPrint.cards()).containsKeys("card-7", "card-8");
    // Named by step number instead, the two orders differ: the names carry the order.
    assertThat(StateFingerprint.of(second, step -> step, time -> 0)).isNotEqualTo(firstPrint);
  }

  @Test
  void aFingerprintKeepsVariantsHeldInputsAndRetentionClasses() {
    ReceiverState state = guide();
    deliver(state, 1, snapshot("e-1", "card-7", 12, "Map"));
    StateFingerprint before = StateFingerprint.of(state, step -> step, time -> 0);
    deliver(state, 2, snapshot("e-1", "card-7", 13, "Forge"));
    StateFingerprint after = StateFingerprint.of(state, step -> step, time -> 0);

    assertThat(after.identities().get("e-1").variants()).hasSize(1);
    assertThat(after.heldByCard().get("card-7")).hasSize(1);
    assertThat(after).isNotEqualTo(before);
    assertThat(StateFingerprint.of(state, step -> step, time -> 1)).isNotEqualTo(after);
  }

  private static ReceiverState guide() {
    return new ReceiverState(
        Map.of("card-7", card(10, "Map"), "card-8", card(3, "Chart")),
        Set.of("card.snapshot"),
        Duration.ofHours(24),
        T);
  }

  private static void deliver(ReceiverState state, int step, Envelope envelope) {
    state.commit(step, envelope, Reducer.decide(state, envelope));
  }

  private static Card card(long version, String label) {
    return new Card(version, JsonObject.of(Map.of("label", new JsonString(label))), false);
  }

  private static Envelope snapshot(String eventId, String objectId, long version, String label) {
    Map<String, JsonValue> members = new TreeMap<>();
    members.put(Envelope.EVENT_ID, new JsonString(eventId));
    members.put(Envelope.OBJECT_ID, new JsonString(objectId));
    members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    members.put(Envelope.STATE, JsonObject.of(Map.of("label", new JsonString(label))));
    return new Envelope(JsonObject.of(members));
  }
}
