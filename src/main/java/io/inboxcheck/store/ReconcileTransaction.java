package io.inboxcheck.store;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
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
final class ReconcileTransaction {
  private final Connection connection;
  private final StoreSettings settings;
  private final int step;
  private final String objectId;
  private final AuthoritativeCard authority;
  private final Instant clock;

  ReconcileTransaction(
      Connection connection,
      StoreSettings settings,
      int step,
      String objectId,
      AuthoritativeCard authority,
      Instant clock) {
    this.connection = connection;
    this.settings = settings;
    this.step = step;
    this.objectId = objectId;
    this.authority = authority;
    this.clock = clock;
  }

  /** Runs every statement of this object's reconciliation up to, not including, COMMIT. */
  ObjectReconciliation run() throws SQLException {
    Map<String, Card> cards =
        CardRows.lockAndLoad(connection, settings.locks(), new TreeSet<>(Set.of(objectId)));
    List<HeldInput> held = new ArrayList<>();
    Map<Integer, Long> deliverySeqs = new HashMap<>();
    HeldRows.readStillHeld(
        connection,
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
            clock,
            settings.setup().retention(),
            settings.setup().supportedTypes());
    ObjectReconciliation result = Reconciler.reconcile(slice, objectId, authority);
    settings.locks().raceWindow();
    new EffectsWriter(connection, settings.locks(), deliverySeqs)
        .write(result.effects(step, clock));
    return result;
  }
}
