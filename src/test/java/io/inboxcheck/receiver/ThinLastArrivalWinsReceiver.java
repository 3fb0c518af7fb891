package io.inboxcheck.receiver;

import io.inboxcheck.zoo.LastArrivalWinsReceiver;

/** The zoo's last-arrival-wins mistake behind the smallest level of the contract. */
public final class ThinLastArrivalWinsReceiver extends ThinReceiver {
  public ThinLastArrivalWinsReceiver(ReceiverSetup setup) {
    super(new LastArrivalWinsReceiver(setup));
  }
}
