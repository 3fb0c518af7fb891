package io.inboxcheck.zoo;

import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Prunes an id one second before its window ends ({@code first_received_at + retention - 1 s}, a
 * window computed in whole seconds and rounded down once too often), so a clock move that lands in
 * that last second drops an id the provider may still retry.
 */
public final class EarlyPruningReceiver extends NaiveReceiver {
  public EarlyPruningReceiver(ReceiverSetup setup) {
    super("early-pruning", setup, setup.retention().minusSeconds(1));
  }
}
