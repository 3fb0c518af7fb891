package io.inboxcheck.model;

import java.time.Instant;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The append-only audit of a {@link ReceiverState}, kept in columns: the common entry, a delivery
 * that stored no variant and paused no card, is four array slots rather than an object, so the
 * audit a long run keeps costs the collector no per-entry work. Every other entry is kept as it is.
 * Reading an entry builds the same value that was appended.
 */
final class AuditLog extends AbstractList<AuditEntry> implements RandomAccess {
  private static final int FIRST_CAPACITY = 8;

  private int size;
  private int[] steps;
  private Instant[] times;
  // The delivered envelope of a plain delivery entry, or the whole entry otherwise.
  private Object[] subjects;
  private Decision[] decisions;

  AuditLog() {
    this.steps = new int[FIRST_CAPACITY];
    this.times = new Instant[FIRST_CAPACITY];
    this.subjects = new Object[FIRST_CAPACITY];
    this.decisions = new Decision[FIRST_CAPACITY];
  }

  /** An independent copy of {@code other}, sized to what it holds. */
  AuditLog(AuditLog other) {
    int capacity = Math.max(FIRST_CAPACITY, other.size);
    this.size = other.size;
    this.steps = Arrays.copyOf(other.steps, capacity);
    this.times = Arrays.copyOf(other.times, capacity);
    this.subjects = Arrays.copyOf(other.subjects, capacity);
    this.decisions = Arrays.copyOf(other.decisions, capacity);
  }

  void append(AuditEntry entry) {
    if (size == steps.length) {
      int capacity = size * 2;
      steps = Arrays.copyOf(steps, capacity);
      times = Arrays.copyOf(times, capacity);
      subjects = Arrays.copyOf(subjects, capacity);
      decisions = Arrays.copyOf(decisions, capacity);
    }
    steps[size] = entry.step();
    times[size] = entry.at();
    if (entry instanceof AuditEntry.DeliveryRecorded delivery
        && !delivery.variant()
        && delivery.pausedCards().isEmpty()) {
      subjects[size] = delivery.envelope();
      decisions[size] = delivery.decision();
    } else {
      subjects[size] = entry;
    }
    size++;
  }

  /** Whether the entry at {@code index} is kept as column slots rather than as its object. */
  boolean inColumns(int index) {
    return !(subjects[index] instanceof AuditEntry);
  }

  @Override
  public AuditEntry get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("audit entry " + index + " of " + size);
    }
    if (subjects[index] instanceof AuditEntry entry) {
      return entry;
    }
    return new AuditEntry.DeliveryRecorded(
        steps[index], times[index], (Envelope) subjects[index], decisions[index], false, List.of());
  }

  @Override
  public int size() {
    return size;
  }
}
