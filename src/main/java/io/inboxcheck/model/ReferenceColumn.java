package io.inboxcheck.model;

import java.util.Arrays;

/**
 * A column of references kept in chunks of at most {@value #CHUNK} slots, for {@link IdentityTable}
 * and {@link AuditLog}.
 *
 * <p>One array per column, as large as the run is long, lives in the old generation from the moment
 * it is allocated. Every delivery then stores a reference to a new value into that old array, and
 * the collector pays for each store: the write barrier's slow path, and a card to scan at the next
 * young collection. A chunk is allocated when the column reaches it, so the chunk being written is
 * usually as young as the values written into it, and both are promoted together. A chunk starts
 * small and doubles up to its full size, so the short columns of the many small states the explorer
 * copies stay short.
 */
final class ReferenceColumn<T> {
  private static final int SHIFT = 10;
  static final int CHUNK = 1 << SHIFT;
  private static final int MASK = CHUNK - 1;
  private static final int FIRST_CHUNK = 8;
  private static final Object[] NONE = new Object[0];

  // A chunk not yet reached is null.
  private Object[][] chunks;

  ReferenceColumn() {
    this.chunks = new Object[1][];
  }

  /** An independent copy of {@code other}. */
  ReferenceColumn(ReferenceColumn<T> other) {
    this.chunks = other.chunks.clone();
    for (int chunk = 0; chunk < chunks.length; chunk++) {
      if (chunks[chunk] != null) {
        chunks[chunk] = chunks[chunk].clone();
      }
    }
  }

  /** The reference in {@code slot}, or null when none was written there. */
  @SuppressWarnings("unchecked")
  T get(int slot) {
    Object[] chunk = chunks[slot >>> SHIFT];
    int at = slot & MASK;
    return chunk != null && at < chunk.length ? (T) chunk[at] : null;
  }

  void set(int slot, T value) {
    int index = slot >>> SHIFT;
    if (index >= chunks.length) {
      chunks = Arrays.copyOf(chunks, index * 2);
    }
    Object[] chunk = chunks[index] == null ? NONE : chunks[index];
    int at = slot & MASK;
    if (at >= chunk.length) {
      int length = Math.max(FIRST_CHUNK, chunk.length);
      while (length <= at) {
        length *= 2;
      }
      chunk = Arrays.copyOf(chunk, Math.min(CHUNK, length));
      chunks[index] = chunk;
    }
    chunk[at] = value;
  }
}
