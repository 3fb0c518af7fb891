package io.inboxcheck.zoo;

import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 22: prunes an id only once the clock is past {@code first_received_at + retention}
 * ({@code >} for {@code >=}), so a redelivery exactly at the end of the window is still taken for a
 * duplicate. On a clock of whole seconds that is a window one second longer, which is how it is
 * built.
 */
public final class RetentionOffByOneReceiver extends NaiveReceiver {
  public RetentionOffByOneReceiver(ReceiverSetup setup) {
    super("retention-off-by-one", setup, setup.retention().plusSeconds(1));
  }
}
