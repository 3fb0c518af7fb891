package io.inboxcheck.json;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An immutable map from strings in their natural order, kept as two sorted arrays: one object and
 * two arrays where a {@link TreeMap} behind an unmodifiable view keeps one node per entry. JSON
 * objects and the cards a decision writes are small and read far more often than built, so lookups
 * are a binary search and iteration walks the arrays. Equality and hashing are those of any {@link
 * Map}; the rarely used range views are built on demand.
 *
 * @param <V> the value type
 */
public final class SortedStringMap<V> extends AbstractMap<String, V>
    implements SortedMap<String, V> {
  private static final SortedStringMap<?> EMPTY =
      new SortedStringMap<>(new String[0], new Object[0]);

  private final String[] keys;
  private final Object[] values;

  private SortedStringMap(String[] keys, Object[] values) {
    this.keys = keys;
    this.values = values;
  }

  /** The empty map. */
  @SuppressWarnings("unchecked")
  public static <V> SortedStringMap<V> of() {
    return (SortedStringMap<V>) EMPTY;
  }

  /** A one-entry map. */
  public static <V> SortedStringMap<V> of(String key, V value) {
    return new SortedStringMap<>(
        new String[] {Objects.requireNonNull(key, "key")}, new Object[] {value});
  }

  /**
   * An immutable copy in natural key order, whatever order or comparator {@code map} keeps; a map
   * of this class is returned as it is.
   */
  @SuppressWarnings("unchecked")
  public static <V> SortedStringMap<V> copyOf(Map<String, ? extends V> map) {
    if (map instanceof SortedStringMap<?> frozen) {
      return (SortedStringMap<V>) frozen;
    }
    if (map.isEmpty()) {
      return of();
    }
    Map<String, ? extends V> ordered =
        map instanceof SortedMap<String, ? extends V> sorted && sorted.comparator() == null
            ? map
            : new TreeMap<>(map);
    String[] keys = new String[ordered.size()];
    Object[] values = new Object[keys.length];
    int index = 0;
    for (Map.Entry<String, ? extends V> entry : ordered.entrySet()) {
      keys[index] = Objects.requireNonNull(entry.getKey(), "key");
      values[index] = entry.getValue();
      index++;
    }
    return new SortedStringMap<>(keys, values);
  }

  /**
   * A map of the first {@code size} keys, given in any order, with their values; the arrays are
   * copied, not kept. A JSON reader collects an object's members this way without a tree map, and
   * passes {@code shared} (or null) so that maps of the same keys share one sorted key array.
   *
   * @throws IllegalArgumentException when a key appears twice
   */
  public static <V> SortedStringMap<V> ofDistinct(
      String[] keys, V[] values, int size, SharedKeys shared) {
    String[] sortedKeys = Arrays.copyOf(keys, size);
    Object[] sortedValues = Arrays.copyOf(values, size, Object[].class);
    // Insertion sort: members are few and usually arrive almost in order.
    for (int next = 1; next < size; next++) {
      String key = sortedKeys[next];
      Object value = sortedValues[next];
      int at = next - 1;
      while (at >= 0 && sortedKeys[at].compareTo(key) > 0) {
        sortedKeys[at + 1] = sortedKeys[at];
        sortedValues[at + 1] = sortedValues[at];
        at--;
      }
      if (at >= 0 && sortedKeys[at].equals(key)) {
        throw new IllegalArgumentException("duplicate key " + key);
      }
      sortedKeys[at + 1] = Objects.requireNonNull(key, "key");
      sortedValues[at + 1] = value;
    }
    if (size == 0) {
      return of();
    }
    return new SortedStringMap<>(
        shared == null ? sortedKeys : shared.share(sortedKeys), sortedValues);
  }

  private int indexOf(Object key) {
    return key instanceof String text ? Arrays.binarySearch(keys, text) : -1;
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int index = indexOf(key);
    return index >= 0 ? (V) values[index] : null;
  }

  @Override
  public Set<Map.Entry<String, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Map.Entry<String, V> next() {
            if (next >= keys.length) {
              throw new NoSuchElementException();
            }
            Map.Entry<String, V> entry =
                new AbstractMap.SimpleImmutableEntry<>(keys[next], (V) values[next]);
            next++;
            return entry;
          }
        };
      }

      @Override
      public int size() {
        return keys.length;
      }
    };
  }

  @Override
  public Comparator<? super String> comparator() {
    return null;
  }

  @Override
  public String firstKey() {
    if (keys.length == 0) {
      throw new NoSuchElementException();
    }
    return keys[0];
  }

  @Override
  public String lastKey() {
    if (keys.length == 0) {
      throw new NoSuchElementException();
    }
    return keys[keys.length - 1];
  }

  @Override
  public SortedMap<String, V> subMap(String fromKey, String toKey) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(this).subMap(fromKey, toKey));
  }

  @Override
  public SortedMap<String, V> headMap(String toKey) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(this).headMap(toKey));
  }

  @Override
  public SortedMap<String, V> tailMap(String fromKey) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(this).tailMap(fromKey));
  }
}
