package io.inboxcheck.zoo;

import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.receiver.ReceiverSetup;

/**
 * Mistake 9: counts a replacement for duplicates and same-state deliveries, which replace nothing.
 */
public final class NoOpCountingReceiver extends NaiveReceiver {
  private long noOpReplacements;

  public NoOpCountingReceiver(ReceiverSetup setup) {
    super("counts-no-op-replacements", setup);
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, envelope, outcome);
    DecisionKind kind = outcome.decision().kind();
    if (kind == DecisionKind.DUPLICATE || kind == DecisionKind.SAME_STATE) {
      noOpReplacements++;
    }
  }

  @Override
  public ReceiverView view() {
    return new ForwardingView(state) {
      @Override
      public ReplacementCounters replacements() {
        return super.replacements().plus(new ReplacementCounters(noOpReplacements, 0));
      }
    };
  }
}
