package io.inboxcheck.model;

import io.inboxcheck.json.JsonValue;
import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The retained identity records of a {@link ReceiverState} by event id, in order of first receipt,
 * kept in columns.
 *
 * <p>A long run retains one record per event id, hundreds of thousands of them. Kept in a linked
 * hash map, each id cost a map entry, an {@link IdentityRecord} and a {@link RecordedContent} that
 * the young collector copied, and finding an id followed pointers that missed the cache. Here the
 * common record, a first record with one decision and no variant, is a few array slots; any other
 * record is kept as its object. Of a plain record's slots only the id and the content are
 * references, in chunked columns ({@link ReferenceColumn}); its receipt time and decision are
 * primitives ({@link InstantColumn}, {@link DecisionCodes}), so recording it costs the collector's
 * write barrier little. An open-addressing index of longs holds each id's hash beside its position,
 * so looking up an id that is not retained usually reads one cache line. Reading a record builds a
 * value equal to the one that was put.
 *
 * <p>Positions are handed out in order of first put, so walking them is the order of first receipt;
 * putting a retained id again replaces its record in place. Removing an id leaves a gap: its index
 * slot stays, matching nothing, until the table grows; the columns close their gaps when at least
 * half the positions are gaps. The index has twice as many slots as there are positions, so it is
 * never more than half full.
 */
final class IdentityTable {
  private static final int FIRST_CAPACITY = 8;

  private int end;
  private int size;
  // Slot: (hash << 32) | (position + 1), or 0 when empty.
  private long[] index;
  private int[] hashes;
  // Null at a gap left by a removed id.
  private ReferenceColumn<String> eventIds;
  private ReferenceColumn<JsonValue> contents;
  private int[] steps;
  // The time and the decision as primitives: a delivery writes no reference but its id and content.
  private InstantColumn receivedAt;
  private byte[] decisions;
  // The whole record when it is not a plain first record, else null.
  private IdentityRecord[] records;

  IdentityTable() {
    allocate(FIRST_CAPACITY);
  }

  /** An independent copy of {@code other}; records are immutable, so sharing them is safe. */
  IdentityTable(IdentityTable other) {
    this.end = other.end;
    this.size = other.size;
    this.index = other.index.clone();
    this.hashes = other.hashes.clone();
    this.eventIds = new ReferenceColumn<>(other.eventIds);
    this.contents = new ReferenceColumn<>(other.contents);
    this.steps = other.steps.clone();
    this.receivedAt = new InstantColumn(other.receivedAt, other.receivedAt.capacity());
    this.decisions = other.decisions.clone();
    this.records = other.records.clone();
  }

  int size() {
    return size;
  }

  /** How many records the columns have room for before they grow or close their gaps. */
  int capacity() {
    // Every primitive column holds one slot per position; the hashes stand for them all.
    return hashes.length;
  }

  /**
   * Whether the record of a retained {@code eventId} is kept as column slots, not as its object.
   */
  boolean inColumns(String eventId) {
    return records[find(eventId)] == null;
  }

  boolean contains(String eventId) {
    return find(eventId) >= 0;
  }

  /** The record retained for {@code eventId}, or null. */
  IdentityRecord get(String eventId) {
    int position = find(eventId);
    return position < 0 ? null : record(position);
  }

  /**
   * Puts an id's first record without variants, in place of the record retained, if any; the hot
   * path of a first delivery, which builds no {@link IdentityRecord}.
   */
  void putFirstRecord(String eventId, RecordedContent firstRecord) {
    put(eventId, firstRecord, List.of());
  }

  /** Puts {@code record} under its event id, in place of the record retained, if any. */
  void put(IdentityRecord record) {
    put(record.eventId(), record.firstRecord(), record.variants());
  }

  /** Lets go of the record retained for {@code eventId}, if any. */
  void remove(String eventId) {
    int position = find(eventId);
    if (position >= 0) {
      // The content and record are let go now, not at the next growth.
      eventIds.set(position, null);
      contents.set(position, null);
      records[position] = null;
      size--;
    }
  }

  /** The retained records in order of first receipt, as a view that follows later changes. */
  AbstractCollection<IdentityRecord> values() {
    return new AbstractCollection<>() {
      @Override
      public Iterator<IdentityRecord> iterator() {
        return new Iterator<>() {
          private int position = nextRetained(0);

          @Override
          public boolean hasNext() {
            return position < end;
          }

          @Override
          public IdentityRecord next() {
            if (position >= end) {
              throw new NoSuchElementException();
            }
            IdentityRecord record = record(position);
            position = nextRetained(position + 1);
            return record;
          }
        };
      }

      @Override
      public int size() {
        return size;
      }
    };
  }

  private void put(String eventId, RecordedContent first, List<RecordedContent> variants) {
    int hash = eventId.hashCode();
    int position = find(eventId, hash);
    if (position < 0) {
      position = append(eventId, hash);
    }
    boolean plain = variants.isEmpty() && first.decisions().size() == 1;
    contents.set(position, first.content());
    steps[position] = first.step();
    receivedAt.set(position, first.receivedAt());
    decisions[position] = DecisionCodes.code(first.latestDecision());
    records[position] = plain ? null : new IdentityRecord(eventId, first, variants);
  }

  private IdentityRecord record(int position) {
    if (records[position] != null) {
      return records[position];
    }
    RecordedContent first =
        new RecordedContent(
            contents.get(position),
            steps[position],
            receivedAt.get(position),
            List.of(DecisionCodes.decision(decisions[position])));
    return new IdentityRecord(eventIds.get(position), first, List.of());
  }

  private int nextRetained(int from) {
    int position = from;
    while (position < end && eventIds.get(position) == null) {
      position++;
    }
    return position;
  }

  private int find(String eventId) {
    return find(eventId, eventId.hashCode());
  }

  private int find(String eventId, int hash) {
    int mask = index.length - 1;
    for (int slot = home(hash, mask); ; slot = (slot + 1) & mask) {
      long entry = index[slot];
      if (entry == 0) {
        return -1;
      }
      int position = (int) entry - 1;
      if ((int) (entry >>> 32) == hash && eventId.equals(eventIds.get(position))) {
        return position;
      }
    }
  }

  private int append(String eventId, int hash) {
    if (end == capacity()) {
      if (size * 2 <= end) {
        closeGaps();
      } else {
        resize(capacity() * 2);
      }
    }
    int position = end++;
    size++;
    hashes[position] = hash;
    eventIds.set(position, eventId);
    insert(((long) hash << 32) | (position + 1));
    return position;
  }

  /**
   * Makes room for {@code records} more first receipts, so putting them never grows the columns: a
   * run that knows how many deliveries it will make pays for the room once, before it starts.
   */
  void reserve(int records) {
    int wider = capacity();
    while (wider < end + records) {
      wider *= 2;
    }
    resize(wider);
  }

  /**
   * Widens the columns to {@code wider}, a power of two no smaller than now, every position staying
   * where it is. The index is rebuilt by walking the old one in slot order: a slot's entries land
   * near the same fraction of the new index, so the writes move through memory in order rather than
   * at random, which is what made growing a large table slow. Slots of removed ids are dropped on
   * the way.
   */
  private void resize(int wider) {
    hashes = Arrays.copyOf(hashes, wider);
    steps = Arrays.copyOf(steps, wider);
    receivedAt.resize(wider);
    decisions = Arrays.copyOf(decisions, wider);
    records = Arrays.copyOf(records, wider);
    long[] old = index;
    index = new long[wider * 2];
    for (long entry : old) {
      if (entry != 0 && eventIds.get((int) entry - 1) != null) {
        insert(entry);
      }
    }
  }

  /**
   * Moves every retained record to the front of new columns of the same size, in order, and indexes
   * them again: when at least half the positions are gaps, closing them frees as much room as
   * doubling would.
   */
  private void closeGaps() {
    int[] oldHashes = hashes;
    ReferenceColumn<String> oldEventIds = eventIds;
    ReferenceColumn<JsonValue> oldContents = contents;
    int[] oldSteps = steps;
    InstantColumn oldReceivedAt = receivedAt;
    byte[] oldDecisions = decisions;
    IdentityRecord[] oldRecords = records;
    int oldEnd = end;
    allocate(oldHashes.length);
    for (int from = 0; from < oldEnd; from++) {
      if (oldEventIds.get(from) != null) {
        int to = end++;
        hashes[to] = oldHashes[from];
        eventIds.set(to, oldEventIds.get(from));
        contents.set(to, oldContents.get(from));
        steps[to] = oldSteps[from];
        receivedAt.copy(oldReceivedAt, from, to);
        decisions[to] = oldDecisions[from];
        records[to] = oldRecords[from];
        insert(((long) hashes[to] << 32) | (to + 1));
      }
    }
  }

  private void allocate(int capacity) {
    end = 0;
    index = new long[capacity * 2];
    hashes = new int[capacity];
    eventIds = new ReferenceColumn<>();
    contents = new ReferenceColumn<>();
    steps = new int[capacity];
    receivedAt = new InstantColumn(capacity);
    decisions = new byte[capacity];
    records = new IdentityRecord[capacity];
  }

  /** Puts an index entry, (hash << 32) | (position + 1), in the first free slot from its home. */
  private void insert(long entry) {
    int mask = index.length - 1;
    int slot = home((int) (entry >>> 32), mask);
    while (index[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    index[slot] = entry;
  }

  /**
   * The first slot to probe: the top bits of the hash times the golden ratio, so ids whose hashes
   * differ only in their low bits still spread over the whole index.
   */
  private static int home(int hash, int mask) {
    return (hash * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask);
  }
}
