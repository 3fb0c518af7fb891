package io.inboxcheck.receiver;

/** The reference model at the smallest level of the contract: ack, cards, held inputs, counters. */
public final class ThinModelReceiver extends ThinReceiver {
  public ThinModelReceiver(ReceiverSetup setup) {
    super(new ModelReceiver(setup));
  }
}
