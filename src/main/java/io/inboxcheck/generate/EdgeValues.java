package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The values where receivers break, drawn on purpose: versions next to the widths that store them
 * (a signed and an unsigned 32-bit integer, the integers a double holds exactly, a long) and clock
 * settings on, just before and just after the end of an id's retention. A provider's sequence stays
 * valid: versions only grow and never pass 2^63-1.
 */
final class EdgeValues {
  /** Where a version overflows its store: int, unsigned int, a double's exact integers, long. */
  static final List<Long> VERSION_EDGES = List.of(1L << 31, 1L << 32, 1L << 53, Long.MAX_VALUE);

  /** How far below an edge a drawn version may start; it reaches at most one above. */
  static final int BELOW_EDGE = 2;

  /** Percent of version draws that land next to an edge, in a case that draws edge versions. */
  static final int EDGE_VERSION_PERCENT = 25;

  /** The seconds a retention edge is missed by: exactly on it, one before, one after. */
  static final List<Integer> RETENTION_OFFSETS = List.of(0, -1, 1);

  private EdgeValues() {}

  /** A card's first version: small, or (when {@code edges}) sometimes just below an edge. */
  static long initialVersion(Choices choices, boolean edges) {
    if (edgeDrawn(choices, edges)) {
      return nearEdge(choices);
    }
    return choices.integer(0, 5);
  }

  /**
   * The provider's next version after {@code latest}: usually a gap of 1 to 3, sometimes (when
   * {@code edges}) a jump next to an edge above it. At 2^63-1 nothing is higher, so it stays there:
   * the caller re-emits the same state at that version.
   */
  static long nextVersion(Choices choices, long latest, boolean edges) {
    if (edgeDrawn(choices, edges)) {
      long near = nearEdge(choices);
      if (near > latest) {
        return near;
      }
    }
    long gap = choices.integer(1, 3);
    return latest + Math.min(gap, Long.MAX_VALUE - latest);
  }

  /**
   * Whether this draw goes to an edge. The choice is recorded even when edges are off (forced to
   * false), so turning them off while shrinking keeps every later choice in its place.
   */
  private static boolean edgeDrawn(Choices choices, boolean edges) {
    return choices.bool(edges ? EDGE_VERSION_PERCENT : 0);
  }

  /** A version from {@link #BELOW_EDGE} below an edge to one above it, never past 2^63-1. */
  private static long nearEdge(Choices choices) {
    long edge = choices.pick(VERSION_EDGES);
    long offset = choices.integer(0, BELOW_EDGE + 1) - (long) BELOW_EDGE;
    return offset > 0 && edge == Long.MAX_VALUE ? edge : edge + offset;
  }

  /** A time on, one second before or one second after the end of a retention window. */
  static Instant retentionEdge(Choices choices, Instant firstReceivedAt, Duration retention) {
    return firstReceivedAt.plus(retention).plusSeconds(choices.pick(RETENTION_OFFSETS));
  }
}
