package io.inboxcheck.conform;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.Reducer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.function.Consumer;

/**
 * The log the reference model writes for a stream of inputs, line by line, in the shape of the
 * store's audit (docs/conform.md): what a receiver that keeps the policy would record. Its state is
 * kept as conform keeps it, without an audit, so a stream of any length is written in bounded
 * memory; the benchmark writes its ten million lines with it.
 */
public final class ModelLog {
  private final Knowledge knowledge;

  public ModelLog(
      SortedMap<String, Card> initial,
      Set<String> supportedTypes,
      Duration retention,
      Instant start) {
    this.knowledge = new Knowledge(LogStart.complete(initial), supportedTypes, retention, start);
  }

  /** What the model holds now. */
  public ReceiverView view() {
    return knowledge.model();
  }

  /** Delivers {@code envelope} at {@code at} as step {@code step}; its lines go to {@code out}. */
  public void deliver(int step, Envelope envelope, Instant at, Consumer<String> out) {
    advance(step, at, out);
    DeliveryOutcome outcome = Reducer.decide(knowledge.model(), envelope);
    Effects effects = outcome.effects(knowledge.model(), step, envelope);
    out.accept(LogLines.entry(effects.audit().get(0), true));
    knowledge.apply(effects);
  }

  /**
   * Reconciles the listed objects at {@code at}, in ascending order, each committed before the next
   * (SPEC section 4); the store's lines (authority, resolutions, re-evaluations) go to {@code out}.
   */
  public void reconcile(
      int step, Map<String, AuthoritativeCard> authority, Instant at, Consumer<String> out) {
    advance(step, at, out);
    List<String> objects = new ArrayList<>(new java.util.TreeSet<>(authority.keySet()));
    for (String objectId : objects) {
      ObjectReconciliation result =
          Reconciler.reconcile(knowledge.model(), objectId, authority.get(objectId));
      Effects effects = result.effects(step, knowledge.clock());
      for (AuditEntry entry : effects.audit()) {
        out.accept(LogLines.entry(entry, true));
      }
      knowledge.apply(effects);
    }
  }

  private void advance(int step, Instant at, Consumer<String> out) {
    knowledge.advance(step, at, false, pruned -> out.accept(LogLines.entry(pruned, true)));
  }

  /** The identity records held now: what the log's memory follows. */
  public int retainedIds() {
    return knowledge.retainedIds();
  }
}
