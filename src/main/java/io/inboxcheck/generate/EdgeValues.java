package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The values where receivers break, drawn on purpose: versions next to the widths that store them
 * (a signed and an unsigned 32-bit integer, the integers a double holds exactly, a long) and clock
 * settings on, just before and just after the end of an id's retention; in a case with fine times,
 * retentions of zero, under a second and of a fraction of seconds, receipt times with fractions of
 * a second and clock moves a millisecond either side of a retention edge. A provider's sequence
 * stays valid: versions only grow and never pass 2^63-1.
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

  /**
   * Where a clock move lands around a retention edge in a case with fine times: on it, or a
   * millisecond before or after it (a second either side is the other cases' offset).
   */
  static final List<Duration> FINE_RETENTION_OFFSETS =
      List.of(Duration.ZERO, Duration.ofMillis(-1), Duration.ofMillis(1));

  /**
   * Retentions at the edges of time: none at all (every id pruned at the first clock move), a
   * millisecond, half a second, and a second and a half (not a whole number of seconds).
   */
  static final List<Duration> FINE_RETENTIONS =
      List.of(Duration.ZERO, Duration.ofMillis(1), Duration.ofMillis(500), Duration.ofMillis(1500));

  /** Percent of cases with fine times whose retention is one of {@link #FINE_RETENTIONS}. */
  static final int FINE_RETENTION_PERCENT = 50;

  /** Percent of a fine-times case's clock moves that carry a fraction of a second. */
  static final int FRACTION_PERCENT = 70;

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

  /**
   * A time on, one second before or one second after the end of a retention window; with {@code
   * fine} times, on it or a millisecond before or after it, and when the case aims at {@code
   * seconds} edges too, any of the five.
   */
  static Instant retentionEdge(
      Choices choices, Instant firstReceivedAt, Duration retention, boolean fine, boolean seconds) {
    Instant end = firstReceivedAt.plus(retention);
    if (!fine) {
      return end.plusSeconds(choices.pick(RETENTION_OFFSETS));
    }
    List<Duration> offsets = new ArrayList<>(FINE_RETENTION_OFFSETS);
    if (seconds) {
      offsets.addAll(List.of(Duration.ofSeconds(-1), Duration.ofSeconds(1)));
    }
    // A millisecond before the edge lies ahead of the clock least often, and a second either side
    // is the whole point of a case aiming at seconds too: each drawn twice as often.
    int[] weights =
        offsets.stream()
            .mapToInt(o -> o.equals(Duration.ofMillis(-1)) || o.abs().getSeconds() == 1 ? 2 : 1)
            .toArray();
    return end.plus(offsets.get(choices.weighted(weights)));
  }

  /**
   * A case's retention: with {@code fine} times, sometimes one of {@link #FINE_RETENTIONS};
   * otherwise (and always when not fine, the choice forced) {@code otherwise}.
   */
  static Duration retention(Choices choices, boolean fine, Duration otherwise) {
    return choices.bool(fine ? FINE_RETENTION_PERCENT : 0)
        ? choices.pick(FINE_RETENTIONS)
        : otherwise;
  }

  /**
   * The fraction of a second a clock move carries: with {@code fine} times often 1 to 999
   * milliseconds, so receipt times have fractions; otherwise (the choice forced) none.
   */
  static Duration fraction(Choices choices, boolean fine) {
    return choices.bool(fine ? FRACTION_PERCENT : 0)
        ? Duration.ofMillis(choices.integer(1, 999))
        : Duration.ZERO;
  }
}
