package io.inboxcheck.modes;

import io.inboxcheck.generate.CrashCase;
import java.util.List;
import java.util.Map;

/**
 * What a crash check must reach before it can pass: every kind of kill point at least once, a share
 * of the kills right after an answer, a share while the receiver starts again, a share in flight in
 * the later half of a request's measured time, and, for a receiver that acknowledges on acceptance,
 * a share of the cases settling a queue and deciding out of arrival order. Every floor grows with
 * the kills asked for, so a short run is held to what a short run can reach and a long one to more.
 * The check draws cases until the kills are made and every floor is met, or its case bound is
 * reached ({@link CrashCheck}); a floor still missed then is {@code WEAK} ({@link CrashSummary}).
 */
record CrashFloors(int kills, boolean settling) {
  /** The share of a run's kills that must land right after an answer: 20 of the default 100. */
  static final double AFTER_ANSWER_SHARE = 0.2;

  /** The share of a run's kills that must land while it starts again: 10 of the default 100. */
  static final double DURING_RECOVERY_SHARE = 0.1;

  /**
   * The share of the kills asked for that must land in flight in the later half of a request's
   * measured time: 10 of the default 100.
   */
  static final double LATE_IN_FLIGHT_SHARE = 0.1;

  static final String LATE_IN_FLIGHT = "of them, in the later half of a request's time";

  /** The share of the kills asked for that sets each settling floor: 5 for the default 100. */
  static final double SETTLING_SHARE = 0.05;

  static final String SETTLE_WITH_PENDING =
      "a settle found " + CrashCheck.PENDING_AT_A_SETTLE + " or more deliveries pending";
  static final String DECIDED_OUT_OF_ORDER = "deliveries decided in another order than sent";

  /** The labels of the cases a receiver that acknowledges on acceptance is held to. */
  static final List<String> SETTLING_LABELS = List.of(SETTLE_WITH_PENDING, DECIDED_OUT_OF_ORDER);

  /** Kills of a kind of point a run must make: one of each, a share right after an answer. */
  long floor(CrashCase.Point point) {
    if (point == CrashCase.Point.AFTER_ANSWER) {
      return share(AFTER_ANSWER_SHARE);
    }
    if (point == CrashCase.Point.DURING_RECOVERY) {
      return share(DURING_RECOVERY_SHARE);
    }
    return 1;
  }

  /** Kills in flight a run must make in the later half of a request's measured time. */
  long lateInFlightFloor() {
    return share(LATE_IN_FLIGHT_SHARE);
  }

  /** Cases of each settling label a run must have. */
  long settlingFloor() {
    return share(SETTLING_SHARE);
  }

  /**
   * Whether counts by the check's metric names ({@code kills:POINT} and labels) meet every floor.
   */
  boolean met(Map<String, Long> counts) {
    for (CrashCase.Point point : CrashCase.Point.values()) {
      if (point != CrashCase.Point.NONE
          && counts.getOrDefault("kills:" + point, 0L) < floor(point)) {
        return false;
      }
    }
    if (counts.getOrDefault(LATE_IN_FLIGHT, 0L) < lateInFlightFloor()) {
      return false;
    }
    if (settling) {
      for (String label : SETTLING_LABELS) {
        if (counts.getOrDefault(label, 0L) < settlingFloor()) {
          return false;
        }
      }
    }
    return true;
  }

  private long share(double share) {
    return Math.max(1, Math.round(kills * share));
  }
}
