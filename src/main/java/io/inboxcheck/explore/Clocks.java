package io.inboxcheck.explore;

import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;

/**
 * The receiver clock at every position of a scenario. Delivery slots keep the times of the file's
 * deliver steps, in file order, so the clock is the same at a position in every arrival order.
 */
final class Clocks {
  private Clocks() {}

  /** The clock after each step: index 0 is the start, index p the clock after step p. */
  static Instant[] after(Scenario scenario) {
    Instant[] clock = new Instant[scenario.steps().size() + 1];
    clock[0] = scenario.start();
    for (int index = 0; index < scenario.steps().size(); index++) {
      ScenarioStep step = scenario.steps().get(index);
      clock[index + 1] = step.time() != null ? step.time() : clock[index];
    }
    return clock;
  }

  /**
   * The retention class of a first receipt at {@code receivedAt}, seen from {@code position}: the
   * first later position whose clock has reached the end of the record's window, or {@link
   * Integer#MAX_VALUE} when none does. Records of one class are pruned at the same step (when not
   * held), and the harness stops treating them as retained at the same step.
   */
  static int retentionClass(Instant[] clock, int position, Instant receivedAt, Duration retention) {
    Instant end = receivedAt.plus(retention);
    for (int later = position + 1; later < clock.length; later++) {
      if (!clock[later].isBefore(end)) {
        return later;
      }
    }
    return Integer.MAX_VALUE;
  }
}
