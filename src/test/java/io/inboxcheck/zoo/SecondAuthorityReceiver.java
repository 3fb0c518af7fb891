package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Mistake 24: treats a card's second authority differently from its first. Only the first
 * reconciles (unpause, resolve, re-evaluate); a later one just overwrites version and state,
 * leaving the card paused and its held inputs waiting.
 */
public final class SecondAuthorityReceiver extends NaiveReceiver {
  private final Set<String> reconciled = new HashSet<>();

  public SecondAuthorityReceiver(ReceiverSetup setup) {
    super("second-authority-overwrites-only", setup);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    ObjectReconciliation reference = Reconciler.reconcile(state, objectId, authority);
    if (reconciled.add(objectId)) {
      return reference;
    }
    boolean paused = state.card(objectId).map(Card::paused).orElse(false);
    List<HeldInput> waiting =
        state.held().stream()
            .filter(input -> input.objectId().filter(objectId::equals).isPresent())
            .toList();
    return new ObjectReconciliation(
        objectId,
        reference.outcome(),
        reference.regressed(),
        reference.before(),
        new Card(authority.version(), authority.state(), paused),
        List.of(),
        List.of(),
        waiting);
  }
}
