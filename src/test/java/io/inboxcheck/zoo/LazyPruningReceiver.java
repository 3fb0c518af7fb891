package io.inboxcheck.zoo;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.Optional;

/**
 * Prunes expired ids only when the next delivery comes (a {@code DELETE ... WHERE first_received_at
 * < now - retention} at the start of each request), not when the clock moves. Every decision is
 * still right, since a delivery prunes before it decides: only what the receiver retains between a
 * clock move and the next delivery shows the mistake.
 */
public final class LazyPruningReceiver extends OwnPruningReceiver {
  private int lastStep;

  public LazyPruningReceiver(ReceiverSetup setup) {
    super("lazy-pruning", setup);
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
    lastStep = step;
  }

  @Override
  protected Optional<DeliveryResult> refuseBeforeDeciding(Envelope envelope) {
    pruneExpired(lastStep, state.clock());
    return Optional.empty();
  }
}
