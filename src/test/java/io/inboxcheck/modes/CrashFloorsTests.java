package io.inboxcheck.modes;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.generate.CrashCase;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The floors a crash check is held to grow with the kills asked for, and are met only all at once.
 */
class CrashFloorsTests {
  /** Counts meeting every floor of {@code floors}, by the check's metric names. */
  private static Map<String, Long> meeting(CrashFloors floors) {
    Map<String, Long> counts = new HashMap<>();
    for (CrashCase.Point point : CrashCase.Point.values()) {
      if (point != CrashCase.Point.NONE) {
        counts.put("kills:" + point, floors.floor(point));
      }
    }
    counts.put(CrashFloors.LATE_IN_FLIGHT, floors.lateInFlightFloor());
    for (String label : CrashFloors.SETTLING_LABELS) {
      counts.put(label, floors.settlingFloor());
    }
    return counts;
  }

  /**
   * Twenty kills after an answer, ten while it starts again, ten in flight in the later half of a
   * request's measured time, and five cases of each settling count.
   */
  @Test
  void theDefaultRunIsHeldToTwentyKillsAfterAnAnswerAndFiveSettlingCases() {
    CrashFloors floors = new CrashFloors(CrashCheck.DEFAULT_KILLS, true);

    assertThat(floors.floor(CrashCase.Point.AFTER_ANSWER)).isEqualTo(20);
    assertThat(floors.floor(CrashCase.Point.DURING_RECOVERY)).isEqualTo(10);
    assertThat(floors.lateInFlightFloor()).isEqualTo(10);
    assertThat(floors.floor(CrashCase.Point.DURING_CLOCK_MOVE)).isEqualTo(1);
    assertThat(floors.settlingFloor()).isEqualTo(5);
  }

  @Test
  void aShortRunIsHeldToWhatAShortRunReachesAndNeverToNothing() {
    CrashFloors fifteen = new CrashFloors(15, true);
    CrashFloors one = new CrashFloors(1, true);

    assertThat(fifteen.floor(CrashCase.Point.AFTER_ANSWER)).isEqualTo(3);
    assertThat(fifteen.floor(CrashCase.Point.DURING_RECOVERY)).isEqualTo(2);
    assertThat(fifteen.lateInFlightFloor()).isEqualTo(2);
    assertThat(fifteen.settlingFloor()).isEqualTo(1);
    assertThat(one.floor(CrashCase.Point.AFTER_ANSWER)).isEqualTo(1);
    assertThat(one.settlingFloor()).isEqualTo(1);
  }

  @Test
  void everyFloorMustBeMetAndOneShortIsEnoughToGoOn() {
    CrashFloors floors = new CrashFloors(CrashCheck.DEFAULT_KILLS, true);
    Map<String, Long> counts = meeting(floors);
    assertThat(floors.met(counts)).isTrue();

    for (String name : Map.copyOf(counts).keySet()) {
      Map<String, Long> short1 = new HashMap<>(counts);
      short1.put(name, counts.get(name) - 1);
      assertThat(floors.met(short1)).as("one short of %s", name).isFalse();
    }
    assertThat(floors.met(Map.of())).isFalse();
  }

  @Test
  void aReceiverThatDecidesAtOnceIsNotHeldToSettlingFloors() {
    CrashFloors floors = new CrashFloors(CrashCheck.DEFAULT_KILLS, false);
    Map<String, Long> counts = meeting(floors);
    CrashFloors.SETTLING_LABELS.forEach(counts::remove);

    assertThat(floors.met(counts)).isTrue();
  }
}
