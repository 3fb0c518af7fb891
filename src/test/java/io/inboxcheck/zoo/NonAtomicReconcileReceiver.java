package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Takes requests at once, each delivery under one lock, but reconciles in two parts: it reads the
 * card and its held inputs and decides under the lock, releases it while it confirms the object
 * with the provider, and writes what it decided under the lock again. A delivery for the card that
 * commits in between was held CARD_PAUSED and is neither re-evaluated nor kept paused: it stays
 * held on an unpaused card, which no serial order gives. Only {@code check --concurrency} sees it.
 */
public final class NonAtomicReconcileReceiver extends LockedModelReceiver {
  public NonAtomicReconcileReceiver(ReceiverSetup setup) {
    super("reconcile-not-atomic", setup);
  }

  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    List<ObjectReconciliation> results = new ArrayList<>();
    for (var entry : new TreeMap<>(authority).entrySet()) {
      ObjectReconciliation decided;
      synchronized (this) {
        decided = Reconciler.reconcile(state, entry.getKey(), entry.getValue());
      }
      // The mistake: the lock is released between deciding and writing, while the provider
      // confirms the object.
      lockReleased();
      synchronized (this) {
        state.commit(step, decided);
      }
      results.add(decided);
    }
    return results;
  }
}
