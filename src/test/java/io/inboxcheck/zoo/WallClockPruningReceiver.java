package io.inboxcheck.zoo;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;

/**
 * Prunes by the machine's clock ({@code now()} in the query) instead of the receiver clock that
 * records {@code first_received_at}: when the clock moves, every id first received more than the
 * retention before the wall clock goes, however little receiver time has passed.
 */
public final class WallClockPruningReceiver extends OwnPruningReceiver {
  public WallClockPruningReceiver(ReceiverSetup setup) {
    super("wall-clock-pruning", setup);
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
    pruneExpired(step, Instant.now());
  }
}
