package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ViewContradiction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The matching rule of docs/receiver-protocol.md: the n-th recorded arrival of one semantic content
 * is the n-th acknowledged delivery of that content; an arrival nothing matches keeps the step that
 * wrote it.
 */
class ArrivalMatchingTests {
  private static final String E1 = "{\"event_id\": \"e-1\", \"object_version\": 12.0}";
  private static final String E1_RESPELT = "{\"object_version\":12,\"event_id\":\"e-1\"}";
  private static final String E2 = "{\"event_id\": \"e-2\"}";

  @Test
  void identicalContentMapsInOrderAndRefusedDeliveriesAreNotCounted() throws Exception {
    List<ViewMapping.Sent> sent =
        List.of(
            new ViewMapping.Sent(1, envelope(E1), false), // storage fault: NO_ACK, not recorded
            new ViewMapping.Sent(2, envelope(E1), true),
            new ViewMapping.Sent(3, envelope(E2), true),
            new ViewMapping.Sent(4, envelope(E1_RESPELT), true));
    List<JsonValue> audit = List.of(delivery(1, E1), delivery(2, E2), delivery(3, E1_RESPELT));

    ViewMapping.Arrivals arrivals = ViewMapping.arrivals(audit, sent, index -> 100 + index);

    assertThat(step(arrivals, 1)).isEqualTo(2);
    assertThat(step(arrivals, 2)).isEqualTo(3);
    assertThat(step(arrivals, 3)).as("the second arrival of e-1's content, respelt").isEqualTo(4);
    assertThat(arrivals.get(arrival(3), "$", "the test's item").envelope().text())
        .isEqualTo(E1_RESPELT);
  }

  @Test
  void anArrivalNothingAcknowledgedKeepsTheStepThatWroteIt() throws Exception {
    List<ViewMapping.Sent> sent = List.of(new ViewMapping.Sent(1, envelope(E1), false));

    ViewMapping.Arrivals arrivals =
        ViewMapping.arrivals(List.of(delivery(1, E1)), sent, index -> 7);

    assertThat(step(arrivals, 1)).isEqualTo(7);
    assertThatThrownBy(() -> arrivals.get(arrival(2), "$.held[0]", "the held input"))
        .isInstanceOfSatisfying(
            ViewContradiction.class,
            contradiction -> {
              assertThat(contradiction.naming()).isEqualTo("the held input ($.held[0])");
              assertThat(contradiction.arrival()).isEqualTo(2);
              assertThat(contradiction.auditedText()).isEqualTo("arrivals 1");
            })
        .hasMessage(
            "the held input ($.held[0]) names arrival 2, which the audit does not list as a"
                + " delivery");
  }

  private static int step(ViewMapping.Arrivals arrivals, long number) {
    return arrivals.get(arrival(number), "$", "the test's item").step();
  }

  private static JsonObject arrival(long number) {
    return JsonObject.of(Map.of("arrival", JsonNumber.of(number)));
  }

  private static JsonValue delivery(long number, String text) {
    return JsonObject.of(
        Map.of(
            "kind", new JsonString("delivery"),
            "arrival", JsonNumber.of(number),
            "envelope", new JsonString(text)));
  }

  private static Envelope envelope(String text) throws Exception {
    return new Envelope(new StrictJson().parse("test", text), text);
  }
}
