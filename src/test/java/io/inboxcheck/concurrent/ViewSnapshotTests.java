package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.Violation;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A view read while writers run must show each transaction whole. The model's views are, so each
 * broken view here is the model's with one table read at another moment: the check names what the
 * audit lists and that table lacks.
 */
class ViewSnapshotTests {
  static final Instant T = Instant.parse("2024-01-01T08:00:00Z");

  @Test
  void aConsistentViewPasses() {
    assertThat(ViewSnapshot.check(guide(), twoDeliveries())).isEmpty();
  }

  @Test
  void anAuditedIdWithoutItsIdentityRecordIsCaught() {
    ReceiverView view = twoDeliveries();
    ReceiverView identitiesReadEarlier = replacing(view, "identities", List.of());

    assertThat(ViewSnapshot.check(guide(), identitiesReadEarlier))
        .extracting(Violation::describe)
        .anySatisfy(
            problem ->
                assertThat(problem)
                    .startsWith("FIRST_RECORD_KEPT")
                    .contains("event id e-2")
                    .contains("identity record absent"));
  }

  @Test
  void anAuditedHeldInputMissingFromTheHeldListIsCaught() {
    ReceiverView view = twoDeliveries();
    ReceiverView heldReadEarlier = replacing(view, "held", List.of());

    assertThat(ViewSnapshot.check(guide(), heldReadEarlier))
        .extracting(Violation::describe)
        .anySatisfy(problem -> assertThat(problem).startsWith("NOTHING_LOST"));
  }

  /** e-1 APPLIED to card-7, e-2 held for an unknown card. */
  private static ReceiverView twoDeliveries() {
    ModelReceiver model = new ModelReceiver(guide());
    model.deliver(1, snapshot("e-1", "card-7", 11), Transport.PLAIN);
    model.deliver(2, snapshot("e-2", "card-99", 1), Transport.PLAIN);
    return model.view();
  }

  /** {@code view} with one method answering {@code value}: that table read at another moment. */
  private static ReceiverView replacing(ReceiverView view, String method, Object value) {
    return (ReceiverView)
        Proxy.newProxyInstance(
            ReceiverView.class.getClassLoader(),
            new Class<?>[] {ReceiverView.class},
            (proxy, called, arguments) ->
                called.getName().equals(method) ? value : called.invoke(view, arguments));
  }

  private static ReceiverSetup guide() {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put("card-7", new Card(10, (JsonObject) parse("{\"stage\":\"queued\"}"), false));
    return new ReceiverSetup(cards, Set.of("card.snapshot"), Duration.ofHours(24), T);
  }

  private static Envelope snapshot(String eventId, String objectId, long version) {
    String text =
        "{\"event_id\":\""
            + eventId
            + "\",\"object_id\":\""
            + objectId
            + "\",\"object_version\":"
            + version
            + ",\"occurred_at\":\"2024-01-01T08:00:00Z\",\"type\":\"card.snapshot\","
            + "\"state\":{\"stage\":\"ready\"}}";
    return new Envelope(parse(text), text);
  }

  private static io.inboxcheck.json.JsonValue parse(String text) {
    try {
      return new StrictJson().parse("test", text);
    } catch (InputRejected rejected) {
      throw new IllegalArgumentException(rejected.getMessage());
    }
  }
}
