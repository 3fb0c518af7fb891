package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.Envelope;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NearTwinsTests {
  private static final JsonObject STATE =
      JsonObject.EMPTY
          .with("label", new JsonString("Crème brûlée"))
          .with("stage", new JsonString("ready"));

  @Test
  void eachTextTwinIsAnotherStateThatANormalisingReceiverWouldMerge() {
    JsonObject nfc = twin(STATE, NearTwins.StateTwin.NORMALISATION);
    assertThat(nfc(nfc.canonicalText())).isEqualTo(nfc(STATE.canonicalText()));
    assertThat(twin(nfc, NearTwins.StateTwin.NORMALISATION)).isEqualTo(STATE);

    JsonObject padded = twin(STATE, NearTwins.StateTwin.WHITESPACE);
    assertThat(padded.get("stage")).contains(new JsonString("ready "));

    JsonObject otherCase = twin(STATE, NearTwins.StateTwin.CASE);
    assertThat(otherCase.canonicalText().toLowerCase(Locale.ROOT))
        .isEqualTo(STATE.canonicalText().toLowerCase(Locale.ROOT));
  }

  @Test
  void aNothingTwinSwapsOneNothingForAnotherAndNeverComesBackToTheSameState() {
    String member = ExactValues.NOTHING_MEMBER;
    List<JsonValue> seen = new ArrayList<>();
    seen.add(null);
    JsonObject state = STATE;
    for (int swap = 0; swap < 2; swap++) {
      state = twin(state, NearTwins.StateTwin.NOTHING);
      seen.add(state.get(member).orElse(null));
    }
    // absent -> null -> absent again: the twin of a twin is the state itself.
    assertThat(seen).containsExactly(null, JsonNull.INSTANCE, null);
    assertThat(twinOf(JsonObject.EMPTY)).isEqualTo(new JsonArray(List.of()));
    assertThat(twinOf(new JsonArray(List.of()))).isEqualTo(JsonObject.EMPTY);
    assertThat(twinOf(JsonNumber.of(0))).isEqualTo(JsonBoolean.FALSE);
    assertThat(twinOf(JsonBoolean.FALSE)).isEqualTo(JsonNumber.of(0));
    assertThat(twinOf(new JsonString(""))).isEqualTo(JsonNull.INSTANCE);
    assertThat(
            NearTwins.stateTwin(STATE.with(member, JsonNumber.of(3)), NearTwins.StateTwin.NOTHING))
        .as("a member holding something has no nothing twin")
        .isEmpty();
    assertThat(NearTwins.stateTwin(JsonObject.EMPTY, NearTwins.StateTwin.CASE))
        .as("no text, no case twin")
        .isEmpty();
  }

  @Test
  void idsWrittenWithEscapesReadBackAsTheSameEnvelope() {
    JsonObject envelope =
        JsonObject.EMPTY
            .with(Envelope.EVENT_ID, new JsonString("e-3"))
            .with(Envelope.OBJECT_ID, new JsonString("cárd-1"))
            .with(Envelope.STATE, STATE);

    String text = NearTwins.withEscapedIds(envelope);

    assertThat(text).contains("\"\\u0065\\u002d\\u0033\"").doesNotContain("\"e-3\"");
    assertThat(LargeBodies.content(text)).isEqualTo(envelope);
  }

  @Test
  void aTextTwinOfAKnownIdDiffersOnlyInCaseOrWhitespaceAndFallsBackWhenNotDrawn() {
    List<String> known = List.of("card-1", "card-2");
    boolean padded = false;
    boolean otherCase = false;
    for (long seed = 0; seed < 200; seed++) {
      String twin = NearTwins.textTwin(Choices.random(seed), 100, known, "card-9");
      assertThat(known).doesNotContain(twin);
      assertThat(known).contains(twin.strip().toLowerCase(Locale.ROOT));
      padded |= !twin.equals(twin.strip());
      otherCase |= !twin.equals(twin.toLowerCase(Locale.ROOT));
    }
    assertThat(padded).isTrue();
    assertThat(otherCase).isTrue();
    assertThat(NearTwins.textTwin(Choices.random(1), 0, known, "card-9")).isEqualTo("card-9");
  }

  private static JsonValue twinOf(JsonValue nothing) {
    return twin(STATE.with(ExactValues.NOTHING_MEMBER, nothing), NearTwins.StateTwin.NOTHING)
        .get(ExactValues.NOTHING_MEMBER)
        .orElse(null);
  }

  private static JsonObject twin(JsonObject state, NearTwins.StateTwin kind) {
    Optional<JsonObject> twin = NearTwins.stateTwin(state, kind);
    assertThat(twin).as("%s twin of %s", kind, state.canonicalText()).isPresent();
    assertThat(twin.get()).isNotEqualTo(state);
    return twin.get();
  }

  private static String nfc(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFC);
  }
}
