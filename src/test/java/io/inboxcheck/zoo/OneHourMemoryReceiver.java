package io.inboxcheck.zoo;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;

/**
 * Mistake 13: forgets event ids after one hour instead of the retention window, so a redelivery an
 * hour later is decided as a new event.
 */
public final class OneHourMemoryReceiver extends NaiveReceiver {
  public OneHourMemoryReceiver(ReceiverSetup setup) {
    super("one-hour-memory", setup, Duration.ofHours(1));
  }
}
