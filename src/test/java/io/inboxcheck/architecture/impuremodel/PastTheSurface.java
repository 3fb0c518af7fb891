package io.inboxcheck.architecture.impuremodel;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.ContractAdapter;

/**
 * A deliberately overreaching "user" class: it calls the reducer and an adapter that are public
 * only for inboxcheck's own packages, so the supported-surface rule must reject it.
 */
public final class PastTheSurface {
  private PastTheSurface() {}

  public static Object decide(ReceiverView state, Envelope envelope, ContractAdapter adapter) {
    return adapter == null ? Reducer.decide(state, envelope) : adapter.name();
  }
}
