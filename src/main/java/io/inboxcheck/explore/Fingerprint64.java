package io.inboxcheck.explore;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit hash of a value made of records, strings, numbers, booleans, enums, lists, sets and
 * maps: equal values hash alike whatever the iteration order of their sets and maps (an element's
 * hash is added, which is order-free), and a list's hash depends on its order. Distinct values
 * collide with probability about 2^-64 each, so a search keeping only these hashes of {@code n}
 * states confuses two of them with probability at most about n^2 / 2^65 (the bound TLC states for
 * its fingerprints).
 *
 * <p>Only the types above are accepted: a value of any other class is refused, because nothing
 * tells whether its {@code toString} or {@code hashCode} is canonical.
 *
 * <p>A search hashes the same JSON values (envelope contents, card states) and ids in state after
 * state, so an instance remembers the hash of each JSON value and string it met, by identity: both
 * are immutable, so a remembered hash never goes stale. It forgets everything when it has
 * remembered {@link #REMEMBERED} values, which bounds its memory whatever a receiver under test
 * allocates.
 */
final class Fingerprint64 {
  static final int REMEMBERED = 1 << 16;

  private static final long SEED = 0x9E3779B97F4A7C15L;
  private static final ClassValue<Long> CLASS_HASH =
      new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> type) {
          return string(type.getName());
        }
      };
  private static final ClassValue<MethodHandle[]> COMPONENTS =
      new ClassValue<>() {
        @Override
        protected MethodHandle[] computeValue(Class<?> type) {
          return accessors(type);
        }
      };

  private final IdentityHashMap<Object, Long> remembered = new IdentityHashMap<>();

  /** The hash of {@code value}, remembering nothing. */
  static long of(Object value) {
    return of(value, null);
  }

  /** The hash of {@code value}, the same as {@link #of(Object)}'s. */
  long hash(Object value) {
    return of(value, this);
  }

  /** The hash of a JSON value, the same as {@link #of(Object)}'s. */
  long json(JsonValue value) {
    return of(value, this);
  }

  private static long of(Object value, Fingerprint64 memory) {
    if (memory != null && (value instanceof JsonValue || value instanceof String)) {
      Long known = memory.remembered.get(value);
      if (known != null) {
        return known;
      }
      long hash = value instanceof String text ? string(text) : json((JsonValue) value, memory);
      if (memory.remembered.size() == REMEMBERED) {
        memory.remembered.clear();
      }
      memory.remembered.put(value, hash);
      return hash;
    }
    if (value == null) {
      return mix(1);
    }
    if (value instanceof String text) {
      return string(text);
    }
    if (value instanceof Integer || value instanceof Long) {
      return mix(((Number) value).longValue() * 31 + 2);
    }
    if (value instanceof Boolean flag) {
      return mix(flag ? 3 : 4);
    }
    if (value instanceof BigDecimal number) {
      return combine(5, string(number.toString()));
    }
    if (value instanceof Enum<?> constant) {
      return combine(CLASS_HASH.get(constant.getDeclaringClass()), constant.ordinal());
    }
    if (value instanceof List<?> list) {
      long hash = mix(6 + list.size());
      for (Object element : list) {
        hash = combine(hash, of(element, memory));
      }
      return hash;
    }
    if (value instanceof Collection<?> set) {
      long sum = 0;
      for (Object element : set) {
        sum += of(element, memory);
      }
      return combine(mix(7 + set.size()), sum);
    }
    if (value instanceof Map<?, ?> map) {
      long sum = 0;
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        sum += combine(of(entry.getKey(), memory), of(entry.getValue(), memory));
      }
      return combine(mix(8 + map.size()), sum);
    }
    if (value instanceof JsonValue json) {
      return json(json, memory);
    }
    if (value instanceof Record record) {
      return record(record, memory);
    }
    throw new IllegalArgumentException(
        "cannot fingerprint a "
            + value.getClass().getName()
            + ": not a record, collection or scalar");
  }

  /** A JSON object as a record of its members would hash; every other JSON value is a record. */
  private static long json(JsonValue json, Fingerprint64 memory) {
    if (json instanceof JsonObject object) {
      return combine(CLASS_HASH.get(JsonObject.class), of(object.members(), memory));
    }
    return record((Record) json, memory);
  }

  private static long record(Record record, Fingerprint64 memory) {
    long hash = CLASS_HASH.get(record.getClass());
    try {
      for (MethodHandle accessor : COMPONENTS.get(record.getClass())) {
        hash = combine(hash, of((Object) accessor.invokeExact((Object) record), memory));
      }
    } catch (RuntimeException | Error failure) {
      throw failure;
    } catch (Throwable failure) {
      throw new IllegalStateException(failure);
    }
    return hash;
  }

  private static MethodHandle[] accessors(Class<?> type) {
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    MethodType generic = MethodType.methodType(Object.class, Object.class);
    List<MethodHandle> handles = new ArrayList<>();
    for (RecordComponent component : type.getRecordComponents()) {
      try {
        handles.add(lookup.unreflect(component.getAccessor()).asType(generic));
      } catch (IllegalAccessException hidden) {
        throw new IllegalArgumentException(
            "cannot fingerprint " + type.getName() + ": its components are not public", hidden);
      }
    }
    return handles.toArray(new MethodHandle[0]);
  }

  private static long string(String text) {
    long hash = mix(9 + text.length());
    int index = 0;
    for (; index + 4 <= text.length(); index += 4) {
      hash =
          combine(
              hash,
              text.charAt(index)
                  | (long) text.charAt(index + 1) << 16
                  | (long) text.charAt(index + 2) << 32
                  | (long) text.charAt(index + 3) << 48);
    }
    long tail = 0;
    for (int shift = 0; index < text.length(); index++, shift += 16) {
      tail |= (long) text.charAt(index) << shift;
    }
    return combine(hash, tail);
  }

  // The parts of of(), for a caller that hashes a value without building it. Each gives exactly
  // what of() gives the corresponding value, so the two can never disagree on a key.

  /** What {@link #of} gives an {@code Integer} or {@code Long}. */
  static long integral(long value) {
    return mix(value * 31 + 2);
  }

  /** What {@link #of} gives a {@code Boolean}. */
  static long bool(boolean value) {
    return mix(value ? 3 : 4);
  }

  /** What {@link #of} gives null. */
  static long absent() {
    return mix(1);
  }

  /** What {@link #of} gives an enum constant. */
  static long constant(Enum<?> value) {
    return combine(CLASS_HASH.get(value.getDeclaringClass()), value.ordinal());
  }

  /**
   * What {@link #of} gives a record of {@code type} whose components hash to {@code components}.
   */
  static long record(Class<? extends Record> type, long... components) {
    long hash = CLASS_HASH.get(type);
    for (long component : components) {
      hash = combine(hash, component);
    }
    return hash;
  }

  /** What {@link #of} gives a list whose elements hash to {@code elements}, in order. */
  static long list(long[] elements) {
    long hash = mix(6 + elements.length);
    for (long element : elements) {
      hash = combine(hash, element);
    }
    return hash;
  }

  /** What {@link #of} gives a set of {@code size} elements whose hashes add up to {@code sum}. */
  static long set(int size, long sum) {
    return combine(mix(7 + size), sum);
  }

  /** What {@link #of} adds up for one map entry. */
  static long entry(long key, long value) {
    return combine(key, value);
  }

  /**
   * What {@link #of} gives a map of {@code size} entries whose {@link #entry} hashes sum to {@code
   * sum}.
   */
  static long map(int size, long sum) {
    return combine(mix(8 + size), sum);
  }

  /** Folds {@code value} into {@code hash}; the order of folding matters. */
  static long combine(long hash, long value) {
    return mix(hash * SEED + mix(value));
  }

  /** A bijective 64-bit finaliser (SplitMix64's): every input bit moves every output bit. */
  static long mix(long value) {
    long z = value + SEED;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
