package io.inboxcheck.zoo;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;

/**
 * Keeps its clock and every {@code first_received_at} as whole epoch seconds and its retention as
 * whole seconds (a {@code BIGINT} column and {@code Duration.getSeconds()}), and prunes when {@code
 * clock_seconds >= first_seconds + retention_seconds}. With whole-second times and retentions that
 * is the policy; a receipt at {@code .700} is pruned up to 700 ms early, and a retention of half a
 * second becomes none at all.
 */
public final class WholeSecondPruningReceiver extends OwnPruningReceiver {
  public WholeSecondPruningReceiver(ReceiverSetup setup) {
    super("whole-second-clock", setup);
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
    long retentionSeconds = retention.getSeconds();
    pruneWhere(
        step,
        record ->
            time.getEpochSecond() >= record.firstReceivedAt().getEpochSecond() + retentionSeconds);
  }
}
