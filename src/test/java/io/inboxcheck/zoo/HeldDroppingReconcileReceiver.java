package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Mistake 15: reconciliation deletes the card's held inputs instead of re-evaluating them or
 * keeping them unresolved.
 */
public final class HeldDroppingReconcileReceiver extends HeldHidingReceiver {

  public HeldDroppingReconcileReceiver(ReceiverSetup setup) {
    super("reconcile-drops-held", setup);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    ObjectReconciliation reference = Reconciler.reconcile(view(), objectId, authority);
    Set<Integer> resolved = new HashSet<>();
    reference.resolved().forEach(input -> resolved.add(input.step()));
    for (HeldInput input : view().held()) {
      if (input.objectId().filter(objectId::equals).isPresent()
          && !resolved.contains(input.step())) {
        dropped.add(input.step());
      }
    }
    // The authority's card is taken as it is: nothing held is decided again.
    return new ObjectReconciliation(
        objectId,
        reference.outcome(),
        reference.regressed(),
        reference.before(),
        authority.asCard(),
        reference.resolved(),
        List.of(),
        List.of());
  }
}
