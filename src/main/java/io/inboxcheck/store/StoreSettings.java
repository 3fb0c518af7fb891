package io.inboxcheck.store;

import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;

/**
 * What every transaction of one receiver shares: the scenario's setup and the lock protocol.
 *
 * @param cardLocks false only for the deliberately broken variant that the concurrency check must
 *     catch: no card-name lock, no row lock, no update guard
 * @param raceWindow a wait between deciding and writing, to widen race windows in tests
 */
record StoreSettings(ReceiverSetup setup, boolean cardLocks, Duration raceWindow) {

  void pauseAfterLoad() {
    if (raceWindow.isZero()) {
      return;
    }
    try {
      Thread.sleep(raceWindow.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
