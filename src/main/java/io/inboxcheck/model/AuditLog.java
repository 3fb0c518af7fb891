package io.inboxcheck.model;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The append-only audit of a {@link ReceiverState}, kept in columns: the common entry, a delivery
 * that stored no variant and paused no card, is a few array slots rather than an object, so the
 * audit a long run keeps costs the collector no per-entry work. Of those slots only the envelope is
 * a reference; the time and the decision are primitives ({@link InstantColumn}, {@link
 * DecisionCodes}). Every other entry is kept as it is. Reading an entry builds a value equal to the
 * one appended.
 */
final class AuditLog extends AbstractList<AuditEntry> implements RandomAccess {
  private static final int FIRST_CAPACITY = 8;

  private int size;
  private int[] steps;
  private final InstantColumn times;
  // The delivered envelope of a plain delivery entry, or the whole entry otherwise.
  private final ReferenceColumn<Object> subjects;
  // The decision of a plain delivery entry (DecisionCodes).
  private byte[] decisions;

  AuditLog() {
    this.steps = new int[FIRST_CAPACITY];
    this.times = new InstantColumn(FIRST_CAPACITY);
    this.subjects = new ReferenceColumn<>();
    this.decisions = new byte[FIRST_CAPACITY];
  }

  /** An independent copy of {@code other}, sized to what it holds. */
  AuditLog(AuditLog other) {
    int capacity = Math.max(FIRST_CAPACITY, other.size);
    this.size = other.size;
    this.steps = Arrays.copyOf(other.steps, capacity);
    this.times = new InstantColumn(other.times, capacity);
    this.subjects = new ReferenceColumn<>(other.subjects);
    this.decisions = Arrays.copyOf(other.decisions, capacity);
  }

  /** Makes room for {@code entries} more entries, so appending them never grows the columns. */
  void reserve(int entries) {
    resize(Math.max(steps.length, size + entries));
  }

  /** How many entries the columns have room for before they grow. */
  int capacity() {
    return steps.length;
  }

  private void resize(int capacity) {
    steps = Arrays.copyOf(steps, capacity);
    times.resize(capacity);
    decisions = Arrays.copyOf(decisions, capacity);
  }

  void append(AuditEntry entry) {
    if (size == steps.length) {
      resize(size * 2);
    }
    steps[size] = entry.step();
    times.set(size, entry.at());
    if (entry instanceof AuditEntry.DeliveryRecorded delivery
        && !delivery.variant()
        && delivery.pausedCards().isEmpty()) {
      subjects.set(size, delivery.envelope());
      decisions[size] = DecisionCodes.code(delivery.decision());
    } else {
      subjects.set(size, entry);
    }
    size++;
  }

  /** Whether the entry at {@code index} is kept as column slots rather than as its object. */
  boolean inColumns(int index) {
    return !(subjects.get(index) instanceof AuditEntry);
  }

  @Override
  public AuditEntry get(int index) {
    if (index < 0 || index >= size) {
      throw new IndexOutOfBoundsException("audit entry " + index + " of " + size);
    }
    Object subject = subjects.get(index);
    if (subject instanceof AuditEntry entry) {
      return entry;
    }
    return new AuditEntry.DeliveryRecorded(
        steps[index],
        times.get(index),
        (Envelope) subject,
        DecisionCodes.decision(decisions[index]),
        false,
        List.of());
  }

  @Override
  public int size() {
    return size;
  }
}
