package io.inboxcheck.explore;

import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;

/** The reference model, searchable: every operation is the {@link ModelReceiver}'s own. */
final class ExplorableModel extends ModelReceiver implements ExplorableReceiver {

  ExplorableModel(ReceiverSetup setup) {
    super(setup);
  }

  private ExplorableModel(ReceiverState state) {
    super(state);
  }

  @Override
  public ExplorableModel copy() {
    return new ExplorableModel(copyOfState());
  }

  /** The reducer and reconciler touch only named cards, their ids and held inputs (SPEC 3-4). */
  @Override
  public boolean local() {
    return true;
  }
}
