package io.inboxcheck.json.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatedValuesTests {
  private final StrictJson json = new StrictJson();

  private List<JsonValue> elements(String text) throws InputRejected {
    return ((JsonArray) json.parse("test", text)).elements();
  }

  @Test
  void anEqualShortStringIsReadAsOneSharedValue() throws InputRejected {
    List<JsonValue> first = elements("[\"card.snapshot\", \"ready\"]");
    List<JsonValue> second = elements("[\"card.snapshot\", \"ready\"]");

    assertThat(second.get(0)).isSameAs(first.get(0));
    assertThat(second.get(1)).isSameAs(first.get(1));
  }

  @Test
  void textsSharingASlotKeepTheirOwnValues() throws InputRejected {
    // "Aa" and "BB" have the same hash code, so they fall into the same slot.
    assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());

    List<JsonValue> values = elements("[\"Aa\", \"BB\", \"Aa\", 12, 12.0, 1.2e1, 13]");

    assertThat(values)
        .containsExactly(
            new JsonString("Aa"),
            new JsonString("BB"),
            new JsonString("Aa"),
            JsonNumber.of(12),
            JsonNumber.of(12),
            JsonNumber.of(12),
            JsonNumber.of(13));
    assertThat(elements("[\"Aa\"]").get(0)).isEqualTo(new JsonString("Aa"));
  }

  @Test
  void textsWhoseHashesDifferButShareASlotAreToldApartAndEachShared() throws InputRejected {
    // 97 and 1121 leave the same remainder by 1,024 slots.
    assertThat("a".hashCode()).isEqualTo(97);
    assertThat("#$".hashCode()).isEqualTo(97 + 1024);

    List<JsonValue> values = elements("[\"a\", \"#$\", \"#$\", \"a\", \"a\"]");

    assertThat(values)
        .containsExactly(
            new JsonString("a"),
            new JsonString("#$"),
            new JsonString("#$"),
            new JsonString("a"),
            new JsonString("a"));
    assertThat(values.get(2)).isSameAs(values.get(1));
    assertThat(values.get(4)).isSameAs(values.get(3));
  }

  @Test
  void escapedAndWideCharactersAreSharedByWhatTheySpell() throws InputRejected {
    String forty = "y".repeat(40);

    List<JsonValue> values =
        elements(
            "[\"\u00e9t\u00e9 \ud83d\ude00\", \"\\u00e9t\\u00e9 \\ud83d\\ude00\", \""
                + forty
                + "\", \""
                + forty
                + "\", \"\\n\", \"\\u000a\"]");

    assertThat(values.get(0)).isEqualTo(new JsonString("\u00e9t\u00e9 \ud83d\ude00"));
    assertThat(values.get(1)).isSameAs(values.get(0));
    assertThat(values.get(3)).isSameAs(values.get(2)).isEqualTo(new JsonString(forty));
    assertThat(values.get(5)).isSameAs(values.get(4)).isEqualTo(new JsonString("\n"));
  }

  @Test
  void aLongTextIsReadWithoutSharing() throws InputRejected {
    String longText = "x".repeat(41);
    String number = "1" + "0".repeat(40);

    List<JsonValue> first = elements("[\"" + longText + "\", " + number + "]");
    List<JsonValue> second = elements("[\"" + longText + "\", " + number + "]");

    assertThat(second.get(0)).isEqualTo(first.get(0)).isNotSameAs(first.get(0));
    assertThat(second.get(1)).isEqualTo(new JsonNumber(new BigDecimal(number)));
  }
}
