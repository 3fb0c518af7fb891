package io.inboxcheck.store;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The reconciliation of one object as one transaction (docs/storage-boundary.md 9): lock the card's
 * name, load the card and its held inputs, let the pure reconciler decide, write its effects.
 */
record ReconcileTransaction(TransactionScope scope, String objectId, AuthoritativeCard authority) {
  /** Runs every statement of this object's reconciliation up to, not including, COMMIT. */
  ObjectReconciliation run() throws SQLException {
    Map<String, Card> cards =
        CardRows.lockAndLoad(scope.connection(), new TreeSet<>(Set.of(objectId)));
    List<HeldInput> held = new ArrayList<>();
    Map<Integer, Long> deliverySeqs = new HashMap<>();
    HeldRows.readStillHeld(
        scope.connection(),
        objectId,
        (deliverySeq, input) -> {
          held.add(input);
          deliverySeqs.put(input.step(), deliverySeq);
        });
    SliceView slice =
        new SliceView(
            Set.of(objectId),
            cards,
            null,
            null,
            held,
            deliverySeqs.keySet(),
            scope.settings().setup().viewAt(scope.clock()));
    ObjectReconciliation result = Reconciler.reconcile(slice, objectId, authority);
    scope.settings().hook().reached(RaceHook.Window.RECONCILE_DECIDED, scope.connection());
    new EffectsWriter(scope.connection(), deliverySeqs)
        .write(result.effects(scope.step(), scope.clock()));
    return result;
  }
}
