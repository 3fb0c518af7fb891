package io.inboxcheck.json.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StrictJsonTests {
  private final StrictJson json = new StrictJson();

  /** An object of the keys k0 .. k(count-1), then {@code extra} members as written. */
  private static String object(int count, String extra) {
    String members =
        IntStream.range(0, count)
            .mapToObj(index -> "\"k" + index + "\": " + index)
            .collect(Collectors.joining(", "));
    return "{" + members + (extra.isEmpty() ? "" : ", " + extra) + "}";
  }

  @Test
  void aRepeatedKeyIsRefusedWhereItsNameStarts() {
    assertThatThrownBy(() -> json.parse("small.json", "{\"a\": 1,\n \"b\": 2,\n  \"a\": 3}"))
        .isInstanceOf(InputRejected.class)
        .hasMessage(
            "small.json: line 3, column 3: duplicate key 'a'; every key may appear once per object");
  }

  @Test
  void aRepeatedKeyInALargeObjectIsRefusedAsInASmallOne() {
    // Beyond sixteen members the keys are kept in a set rather than compared one by one.
    for (int before : new int[] {15, 16, 17, 40}) {
      String text = object(before, "\"k0\": 0");
      assertThatThrownBy(() -> json.parse("large.json", text))
          .as("a repeat after %d members", before)
          .isInstanceOf(InputRejected.class)
          .hasMessageContaining("duplicate key 'k0'")
          .hasMessageContaining("column " + (text.lastIndexOf("\"k0\"") + 1));
      String last = "\"k" + (before - 1) + "\": 0";
      assertThatThrownBy(() -> json.parse("large.json", object(before, last)))
          .as("the last key repeated after %d members", before)
          .hasMessageContaining("duplicate key 'k" + (before - 1) + "'");
    }
  }

  @Test
  void distinctKeysAreReadWhateverTheObjectsSize() throws InputRejected {
    for (int count : new int[] {0, 1, 16, 17, 40}) {
      JsonValue value = json.parse("distinct.json", object(count, ""));
      assertThat(((JsonObject) value).members()).as("%d members", count).hasSize(count);
    }
  }

  @Test
  void theSameKeyInDifferentObjectsIsNoRepeat() throws InputRejected {
    JsonValue value = json.parse("nested.json", "{\"a\": {\"a\": {\"a\": 1}}, \"b\": {\"a\": 2}}");

    assertThat(value.canonicalText()).isEqualTo("{\"a\":{\"a\":{\"a\":1}},\"b\":{\"a\":2}}");
  }
}
