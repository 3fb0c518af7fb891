package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.arr;
import static io.inboxcheck.model.Envelopes.num;
import static io.inboxcheck.model.Envelopes.obj;
import static io.inboxcheck.model.Envelopes.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** SPEC section 1: semantic content compares canonical JSON, numbers by exact decimal value. */
class CanonicalJsonTests {

  @ParameterizedTest(name = "12 == {0}")
  @ValueSource(strings = {"12", "12.0", "12.000", "1.2e1", "1.2E+1", "120e-1", "0.12e2"})
  void numbersWithTheSameDecimalValueAreEqualWithEqualHashAndText(String text) {
    JsonNumber twelve = JsonNumber.of(12);

    assertThat(num(text)).isEqualTo(twelve).hasSameHashCodeAs(twelve);
    assertThat(num(text).canonicalText()).isEqualTo("12");
  }

  @Test
  void numbersAreNeverRoundedThroughDouble() {
    assertThat(num("0.30000000000000004")).isNotEqualTo(num("0.3"));
    assertThat(new JsonNumber(new BigDecimal("0.1").add(new BigDecimal("0.2"))))
        .isEqualTo(num("0.3"));
    // 2^53 + 1 is not representable as a double; both would collapse to 2^53 there.
    assertThat(num("9007199254740993")).isNotEqualTo(num("9007199254740992"));
    assertThat(num("1.00000000000000000001")).isNotEqualTo(num("1"));
    assertThat(num("9007199254740993").canonicalText()).isEqualTo("9007199254740993");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-0", "-0.0", "0.000", "0e10", "-0e-5"})
  void negativeAndScaledZerosEqualZero(String text) {
    assertThat(num(text)).isEqualTo(JsonNumber.of(0)).hasSameHashCodeAs(JsonNumber.of(0));
    assertThat(num(text).canonicalText()).isEqualTo("0");
  }

  @Test
  void numbersOfDifferentValueOrSignDiffer() {
    assertThat(num("12")).isNotEqualTo(num("12.5"));
    assertThat(num("-1")).isNotEqualTo(num("1"));
    assertThat(num("1e2")).isNotEqualTo(num("1e-2"));
  }

  @Test
  void numbersWithAHugeExponentAreComparedWithoutExpansion() {
    assertThat(num("1e999999999")).isEqualTo(num("10e999999998"));
    assertThat(num("1e999999999")).isNotEqualTo(num("1e999999998"));
    assertThat(num("1e999999999").canonicalText()).hasSizeLessThan(20);
    assertThat(num("1e-999999999").canonicalText()).hasSizeLessThan(20);
  }

  @Test
  void canonicalTextOfANumberWithTheLargestExponentStaysCompact() {
    assertThat(num("1e2147483647").canonicalText()).hasSizeLessThan(20);
  }

  @Test
  void objectKeyOrderIsIrrelevant() {
    Map<String, JsonValue> forward = new LinkedHashMap<>();
    forward.put("stage", str("ready"));
    forward.put("label", str("Map"));
    forward.put("size", num("3"));
    Map<String, JsonValue> backward = new LinkedHashMap<>();
    backward.put("size", num("3.0"));
    backward.put("label", str("Map"));
    backward.put("stage", str("ready"));

    JsonObject first = JsonObject.of(forward);
    JsonObject second = JsonObject.of(backward);

    assertThat(first).isEqualTo(second).hasSameHashCodeAs(second);
    assertThat(first.canonicalText()).isEqualTo(second.canonicalText());
    assertThat(new Envelope(first)).isEqualTo(new Envelope(second));
  }

  @Test
  void arraysKeepTheirOrder() {
    assertThat(arr(num("1"), num("2"))).isNotEqualTo(arr(num("2"), num("1")));
    assertThat(arr(num("1"), num("2"))).isEqualTo(arr(num("1.0"), num("2e0")));
    assertThat(arr(str("b"), str("a")).canonicalText()).isEqualTo("[\"b\",\"a\"]");
    assertThat(arr(num("1"))).isNotEqualTo(arr(num("1"), num("1")));
  }

  @Test
  void stringsCompareExactly() {
    assertThat(str("Map")).isNotEqualTo(str("map"));
    assertThat(str("Map")).isNotEqualTo(str("Map "));
    // Precomposed and decomposed e-acute are different strings: no Unicode normalisation.
    assertThat(str("\u00e9")).isNotEqualTo(str("e\u0301"));
    assertThat((JsonValue) str("12")).isNotEqualTo(num("12"));
  }

  @Test
  void nullBooleanAndAbsentMembersAreDistinct() {
    assertThat(obj("a", JsonNull.INSTANCE)).isNotEqualTo(JsonObject.EMPTY);
    assertThat(obj("a", JsonBoolean.FALSE)).isNotEqualTo(obj("a", JsonNull.INSTANCE));
    assertThat(obj("a", JsonBoolean.TRUE)).isNotEqualTo(obj("a", str("true")));
    assertThat(obj("a", JsonNull.INSTANCE).get("a")).contains(JsonNull.INSTANCE);
    assertThat(JsonObject.EMPTY.get("a")).isEmpty();
  }

  @Test
  void equalityIsSemanticAtEveryDepth() {
    JsonObject one =
        obj("b", arr(num("1.0"), obj("y", num("2e0"), "x", JsonNull.INSTANCE)), "a", str("z"));
    JsonObject two =
        obj("a", str("z"), "b", arr(num("1"), obj("x", JsonNull.INSTANCE, "y", num("2"))));

    assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
    assertThat(one.canonicalText()).isEqualTo(two.canonicalText());
  }

  @Test
  void canonicalTextSortsKeysAtEveryDepthWithoutWhitespace() {
    JsonObject value =
        obj(
            "state",
            obj("stage", str("ready"), "label", str("Map"), "n", num("1.50")),
            "event_id",
            str("e-1"),
            "list",
            arr(obj("b", JsonBoolean.TRUE, "a", JsonNull.INSTANCE), num("-0")));

    assertThat(value.canonicalText())
        .isEqualTo(
            "{\"event_id\":\"e-1\",\"list\":[{\"a\":null,\"b\":true},0],"
                + "\"state\":{\"label\":\"Map\",\"n\":1.5,\"stage\":\"ready\"}}");
    assertThat(value.canonicalText()).isEqualTo(value.canonicalText());
    assertThat(value.toString()).isEqualTo(value.canonicalText());
  }

  @Test
  void canonicalTextEscapesStrings() {
    assertThat(str("a\"b\\c\nd\te\u0001").canonicalText())
        .isEqualTo("\"a\\\"b\\\\c\\nd\\te\\u0001\"");
    assertThat(obj("k\"", str("v")).canonicalText()).isEqualTo("{\"k\\\"\":\"v\"}");
  }

  @Test
  void canonicalTextIsSortedEvenWhenBuiltFromAnOrderedMapWithAnotherComparator() {
    TreeMap<String, JsonValue> descending = new TreeMap<>(Comparator.reverseOrder());
    descending.put("a", num("1"));
    descending.put("b", num("2"));

    JsonObject object = new JsonObject(descending);

    assertThat(object).isEqualTo(obj("a", num("1"), "b", num("2")));
    assertThat(object.canonicalText()).isEqualTo("{\"a\":1,\"b\":2}");
  }

  @Test
  void equalValuesBuiltDifferentlyRenderTheSameText() {
    List<JsonNumber> twelves = List.of(num("12"), num("12.0"), num("1.2e1"), JsonNumber.of(12));

    assertThat(twelves).extracting(JsonValue::canonicalText).containsOnly("12");
    assertThat(num("0.50").canonicalText()).isEqualTo("0.5");
    assertThat(num("1e30").canonicalText()).isEqualTo(num("10e29").canonicalText());
    assertThat(num("1e20").canonicalText()).isEqualTo("100000000000000000000");
  }

  @Test
  void withAndWithoutReturnCopiesAndLeaveTheOriginalAlone() {
    JsonObject original = obj("a", num("1"));

    JsonObject added = original.with("b", num("2"));
    JsonObject removed = added.without("a");

    assertThat(original).isEqualTo(obj("a", num("1")));
    assertThat(added).isEqualTo(obj("a", num("1"), "b", num("2")));
    assertThat(removed).isEqualTo(obj("b", num("2")));
  }

  @Test
  void envelopeContentComparesCanonically() {
    Envelope written = new Envelope(obj("event_id", str("e-1"), "object_version", num("12.0")));
    Envelope reserialised =
        new Envelope(obj("object_version", num("1.2e1"), "event_id", str("e-1")));

    assertThat(written).isEqualTo(reserialised);
    assertThat(written.toString()).isEqualTo("{\"event_id\":\"e-1\",\"object_version\":12}");
  }
}
