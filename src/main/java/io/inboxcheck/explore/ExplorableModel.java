package io.inboxcheck.explore;

import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

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

  /** The fingerprint of the model's public view (see {@link StateFingerprint}). */
  @Override
  public StateFingerprint fingerprint(
      IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
    return StateFingerprint.of(view(), stepNames, retentionClass);
  }

  /** See {@link Forgetting} for what is left out and why the model never reads it. */
  @Override
  public StateFingerprint fingerprint(
      IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass, Ahead ahead) {
    return Forgetting.heldRuns(
        Forgetting.decisions(fingerprint(stepNames, retentionClass), ahead::mayArrive), ahead);
  }

  /** The reducer and reconciler touch only named cards, their ids and held inputs (SPEC 3-4). */
  @Override
  public boolean local() {
    return true;
  }
}
