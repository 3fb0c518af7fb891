package io.inboxcheck.zoo;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * Mistake 16: after reconciliation, re-evaluates held inputs in {@code occurred_at} order instead
 * of arrival order.
 */
public final class OccurredAtReevaluationReceiver extends NaiveReceiver {
  public OccurredAtReevaluationReceiver(ReceiverSetup setup) {
    super("reevaluates-by-occurred-at", setup);
  }

  @Override
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    return Reconciler.reconcile(
        new ForwardingView(state) {
          @Override
          public List<HeldInput> held() {
            // A stable sort: inputs without a readable occurred_at keep their arrival order last.
            return super.held().stream()
                .sorted(
                    Comparator.comparing(
                        (HeldInput input) -> occurredAt(input.envelope()).orElse(Instant.MAX)))
                .toList();
          }
        },
        objectId,
        authority);
  }
}
