package io.inboxcheck.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Envelope;
import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The values a receiver must compare exactly: drawn on purpose, each the same value when spelled
 * otherwise, each twin different from its source only where it says, and every draw shrinking to
 * the plain value.
 */
class ExactValuesTests {
  @Test
  void theSimplestChoicesDrawThePlainValues() {
    Choices simplest = Choices.replay(List.of());
    List<String> issued = List.of("e-1", "é-2");

    assertThat(ExactValues.stateValue(simplest, true)).isEqualTo(ExactValues.StateValue.NONE);
    assertThat(ExactValues.eventId(simplest, true, 3, issued)).isEqualTo("e-3");
    JsonObject envelope = (JsonObject) ConcurrentCase.snapshot("e-1", "card-1", 2, "").content();
    assertThat(Variants.malformed(simplest, envelope, true))
        .isEqualTo(envelope.without(Envelope.EVENT_ID));
  }

  @Test
  void aRespelledNumberIsTheSameValueInOtherText() throws InputRejected {
    List<String> values =
        List.of("12", "12.5", "-7", "0", "9007199254740993", "123456789012345678901234");
    for (String text : values) {
      JsonNumber number = new JsonNumber(new BigDecimal(text));
      for (Respelling.NumberSpelling spelling : Respelling.NumberSpelling.values()) {
        String spelled = Respelling.spell(number, spelling);
        JsonValue read = new StrictJson().parse("spelled", spelled);
        assertThat(read).as("%s as %s: %s", text, spelling, spelled).isEqualTo(number);
        if (spelling != Respelling.NumberSpelling.PLAIN) {
          assertThat(spelled).as("%s as %s", text, spelling).isNotEqualTo(number.text());
        }
      }
    }
    assertThat(Respelling.spell(JsonNumber.of(12), Respelling.NumberSpelling.TRAILING_ZERO))
        .isEqualTo("12.0");
    assertThat(Respelling.spell(JsonNumber.of(12), Respelling.NumberSpelling.EXPONENT))
        .isEqualTo("1.2e1");
    assertThat(
            Respelling.spell(
                new JsonNumber(new BigDecimal("12.5")), Respelling.NumberSpelling.EXPONENT))
        .isEqualTo("1.25e1");
  }

  @Test
  void lookAlikeIdsDifferFromAnIdSentOnlyInCaseNormalisationWhitespaceOrPastALongPrefix() {
    Set<String> seen = new java.util.TreeSet<>();
    EnumSet<ExactValues.IdKind> kinds = EnumSet.noneOf(ExactValues.IdKind.class);
    for (long seed = 0; seed < 500; seed++) {
      Choices choices = Choices.random(seed);
      List<String> issued = new ArrayList<>();
      for (int number = 1; number <= 8; number++) {
        String id = ExactValues.eventId(choices, true, number, issued);
        assertThat(issued).as("seed %d: a new id is never one sent", seed).doesNotContain(id);
        kinds.add(kindOf(id, issued));
        issued.add(id);
      }
      seen.addAll(issued);
    }
    assertThat(kinds).containsExactlyInAnyOrder(ExactValues.IdKind.values());
    assertThat(seen).allMatch(id -> !id.isEmpty());
  }

  private static ExactValues.IdKind kindOf(String id, List<String> issued) {
    for (String sent : issued) {
      if (!sent.equals(id) && sent.equalsIgnoreCase(id)) {
        return ExactValues.IdKind.CASE_TWIN;
      }
      if (!sent.equals(id) && nfc(sent).equals(nfc(id))) {
        return ExactValues.IdKind.NORMALISATION_TWIN;
      }
      if (!sent.equals(id) && sent.strip().equals(id.strip())) {
        return ExactValues.IdKind.WHITESPACE_TWIN;
      }
    }
    if (id.length() > ExactValues.LONG_PREFIX_LENGTH) {
      return ExactValues.IdKind.LONG;
    }
    return id.startsWith("e-") && id.equals(id.toLowerCase(Locale.ROOT))
        ? ExactValues.IdKind.PLAIN
        : ExactValues.IdKind.ACCENTED;
  }

  private static String nfc(String text) {
    return Normalizer.normalize(text, Normalizer.Form.NFC);
  }
}
