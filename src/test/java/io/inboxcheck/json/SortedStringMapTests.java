package io.inboxcheck.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SortedStringMapTests {
  private static TreeMap<String, Integer> reversed() {
    TreeMap<String, Integer> map = new TreeMap<>(Comparator.reverseOrder());
    map.put("b", 2);
    map.put("a", 1);
    map.put("c", 3);
    return map;
  }

  @Test
  void aCopyKeepsNaturalOrderWhateverTheSourceOrder() {
    SortedStringMap<Integer> copy = SortedStringMap.copyOf(reversed());

    assertThat(copy.keySet()).containsExactly("a", "b", "c");
    assertThat(copy.values()).containsExactly(1, 2, 3);
    assertThat(copy.comparator()).isNull();
    assertThat(copy.firstKey()).isEqualTo("a");
    assertThat(copy.lastKey()).isEqualTo("c");
    assertThat(copy.toString()).isEqualTo("{a=1, b=2, c=3}");
  }

  @Test
  void itEqualsAndHashesLikeAnyMapWithTheSameEntries() {
    SortedStringMap<Integer> copy = SortedStringMap.copyOf(new HashMap<>(reversed()));
    TreeMap<String, Integer> natural = new TreeMap<>(reversed());

    assertThat(copy).isEqualTo(natural);
    assertThat(natural).isEqualTo(copy);
    assertThat(copy.hashCode()).isEqualTo(natural.hashCode());
    assertThat(copy).isNotEqualTo(Map.of("a", 1, "b", 2));
  }

  @Test
  void lookupsFindPresentKeysOnly() {
    SortedStringMap<Integer> copy = SortedStringMap.copyOf(reversed());

    assertThat(copy.get("b")).isEqualTo(2);
    assertThat(copy.get("d")).isNull();
    assertThat(copy.get(7)).isNull();
    assertThat(copy.containsKey("c")).isTrue();
    assertThat(copy.containsKey("")).isFalse();
    assertThat(copy.size()).isEqualTo(3);
  }

  @Test
  void rangeViewsFollowTheNaturalOrder() {
    SortedStringMap<Integer> copy = SortedStringMap.copyOf(reversed());

    assertThat(copy.headMap("b").keySet()).containsExactly("a");
    assertThat(copy.tailMap("b").keySet()).containsExactly("b", "c");
    assertThat(copy.subMap("a", "c").keySet()).containsExactly("a", "b");
  }

  @Test
  void itIsImmutableAndACopyOfACopyIsTheSameMap() {
    SortedStringMap<Integer> copy = SortedStringMap.copyOf(reversed());

    assertThatThrownBy(() -> copy.put("d", 4)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> copy.remove("a")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(copy::clear).isInstanceOf(UnsupportedOperationException.class);
    assertThat(SortedStringMap.copyOf(copy)).isSameAs(copy);
  }

  @Test
  void theEmptyAndOneEntryMapsBehaveLikeTheirCopies() {
    assertThat(SortedStringMap.copyOf(Map.of())).isSameAs(SortedStringMap.of()).isEmpty();
    assertThatThrownBy(() -> SortedStringMap.of().firstKey())
        .isInstanceOf(NoSuchElementException.class);
    assertThatThrownBy(() -> SortedStringMap.of().lastKey())
        .isInstanceOf(NoSuchElementException.class);
    assertThat(SortedStringMap.of("k", 1)).isEqualTo(Map.of("k", 1));
    var iterator = SortedStringMap.of("k", 1).entrySet().iterator();
    iterator.next();
    assertThat(iterator.hasNext()).isFalse();
    assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void membersGivenInAnyOrderAreSortedAndADuplicateIsRefused() {
    String[] keys = {"c", "a", "b", "z"};
    Integer[] values = {3, 1, 2, 26};

    SortedStringMap<Integer> map = SortedStringMap.ofDistinct(keys, values, 3, null);

    assertThat(map.keySet()).containsExactly("a", "b", "c");
    assertThat(map.values()).containsExactly(1, 2, 3);
    assertThat(keys).containsExactly("c", "a", "b", "z");
    assertThat(SortedStringMap.ofDistinct(keys, values, 0, null)).isSameAs(SortedStringMap.of());
    assertThatThrownBy(
            () -> SortedStringMap.ofDistinct(new String[] {"b", "a", "b"}, values, 3, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate key b");
  }
}
