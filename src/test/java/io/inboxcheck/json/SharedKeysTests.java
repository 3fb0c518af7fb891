package io.inboxcheck.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SharedKeysTests {
  private final SharedKeys shared = new SharedKeys();

  @Test
  void equalKeysShareTheFirstArray() {
    String[] first = {"label", "stage"};
    String[] second = {"label", "stage"};

    assertThat(shared.share(first)).isSameAs(first);
    assertThat(shared.share(second)).isSameAs(first);
  }

  @Test
  void keysWithTheSameHashAreToldApart() {
    // "Aa" and "BB" hash alike, so their one-key arrays do too.
    String[] aa = {"Aa"};
    String[] bb = {"BB"};

    assertThat(shared.share(aa)).isSameAs(aa);
    assertThat(shared.share(bb)).isSameAs(bb);
    assertThat(shared.share(new String[] {"BB"})).isSameAs(bb);
    assertThat(shared.share(new String[] {"Aa"})).containsExactly("Aa");
  }

  @Test
  void onlyObjectsOfAtMostThirtyTwoKeysShare() {
    String[] most = keys(SharedKeys.MOST_KEYS);
    String[] more = keys(SharedKeys.MOST_KEYS + 1);

    assertThat(shared.share(most)).isSameAs(most);
    assertThat(shared.share(keys(SharedKeys.MOST_KEYS))).isSameAs(most);
    assertThat(shared.share(more)).isSameAs(more);
    assertThat(shared.share(keys(SharedKeys.MOST_KEYS + 1))).isNotSameAs(more);
  }

  @Test
  void mapsBuiltThroughSharedKeysKeepTheirOwnValues() {
    SortedStringMap<Integer> first =
        SortedStringMap.ofDistinct(new String[] {"b", "a"}, new Integer[] {2, 1}, 2, shared);
    SortedStringMap<Integer> second =
        SortedStringMap.ofDistinct(new String[] {"a", "b"}, new Integer[] {3, 4}, 2, shared);

    assertThat(first).isEqualTo(Map.of("a", 1, "b", 2));
    assertThat(second).isEqualTo(Map.of("a", 3, "b", 4));
    assertThat(second.firstKey()).isEqualTo("a");
    assertThat(second.lastKey()).isEqualTo("b");
  }

  private static String[] keys(int count) {
    return IntStream.range(0, count).mapToObj(index -> "k" + (100 + index)).toArray(String[]::new);
  }
}
