package io.inboxcheck.zoo;

import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A receiver that loses some held inputs: its store no longer lists the steps it dropped. */
abstract class HeldHidingReceiver extends NaiveReceiver {
  /** The steps of the held inputs this receiver dropped. */
  protected final Set<Integer> dropped = new HashSet<>();

  HeldHidingReceiver(String name, ReceiverSetup setup) {
    super(name, setup);
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public List<HeldInput> held() {
        return super.held().stream().filter(input -> !dropped.contains(input.step())).toList();
      }
    };
  }
}
