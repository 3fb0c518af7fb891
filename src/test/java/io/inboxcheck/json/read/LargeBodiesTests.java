package io.inboxcheck.json.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LargeBodiesTests {
  private static final String ENVELOPE = "{\"event_id\":\"e-1\",\"state\":{\"label\":\"Café\"}}";

  @Test
  void aNestedBodyIsAsDeepAsDescribedAndReadsBackToItsDescription() {
    String body = LargeBodies.nested(ENVELOPE, 129);

    assertThat(body).startsWith(ENVELOPE.substring(0, ENVELOPE.length() - 1) + ",\"nested\":[[");
    assertThat(new DeliveryBounds(1L << 20, 128, 100, 100).breach(body))
        .contains("nested deeper than the bound of 128 levels");
    assertThat(new DeliveryBounds(1L << 20, 129, 100, 100).breach(body)).isEmpty();
    assertThat(LargeBodies.described(body)).contains(new LargeBodies.Description(ENVELOPE, 129, 0));
    assertThat(LargeBodies.nested("{}", 3)).isEqualTo("{\"nested\":[[]]}");
  }

  @Test
  void aPaddedBodyHasExactlyItsBytesAndTheSameContent() {
    String body = LargeBodies.padded(ENVELOPE, 5_000);

    assertThat(body.getBytes(StandardCharsets.UTF_8)).hasSize(5_000);
    assertThat(LargeBodies.utf8Length(body)).isEqualTo(5_000);
    assertThat(LargeBodies.content(body)).isEqualTo(LargeBodies.content(ENVELOPE));
    assertThat(LargeBodies.described(body))
        .contains(new LargeBodies.Description(ENVELOPE, 0, 5_000));
  }

  @Test
  void nestedThenPaddedDescribesBoth() {
    String body = LargeBodies.padded(LargeBodies.nested(ENVELOPE, 1_000), 10_000);

    assertThat(LargeBodies.described(body))
        .contains(new LargeBodies.Description(ENVELOPE, 1_000, 10_000));
    assertThat(LargeBodies.words(LargeBodies.described(body).get()))
        .isEqualTo("nested 1000 levels deep, padded to 10000 bytes");
  }

  @Test
  void bodiesSpelledOutOrSmallAreNotDescribed() {
    assertThat(LargeBodies.described(ENVELOPE)).isEmpty();
    assertThat(
            LargeBodies.described(
                "{\"state\":{\"deep\":" + "[".repeat(200) + "]".repeat(200) + "}}"))
        .isEmpty();
    assertThat(LargeBodies.described(LargeBodies.nested(ENVELOPE, 10))).isEmpty();
    assertThat(LargeBodies.described("[1, 2]")).isEmpty();
  }

  @Test
  void aBodyPastTheReadersLimitsIsItsTextAsAString() {
    String body = LargeBodies.nested(ENVELOPE, 1_000);

    assertThat(LargeBodies.content(body)).isEqualTo(new JsonString(body));
    assertThat(LargeBodies.content(LargeBodies.nested(ENVELOPE, 129)))
        .isInstanceOf(JsonObject.class);
  }
}
