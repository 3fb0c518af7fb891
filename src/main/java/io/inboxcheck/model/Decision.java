package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/** The decision recorded for one delivery or one re-evaluation (SPEC section 3). */
@API(status = EXPERIMENTAL)
public sealed interface Decision
    permits Decision.Applied,
        Decision.Stale,
        Decision.SameState,
        Decision.Held,
        Decision.Duplicate {

  Applied APPLIED = new Applied();
  Stale STALE = new Stale();
  SameState SAME_STATE = new SameState();

  DecisionKind kind();

  /** The held reason, or null when the decision is not HELD. */
  default HeldReason reason() {
    return null;
  }

  /**
   * The decision as histories print it: {@code HELD ID_CONFLICT}, {@code DUPLICATE (restates
   * APPLIED)}.
   */
  default String describe() {
    if (this instanceof Duplicate duplicate) {
      return "DUPLICATE (restates " + duplicate.restates().describe() + ")";
    }
    return reason() == null ? kind().name() : kind() + " " + reason();
  }

  static Held held(HeldReason reason) {
    return new Held(reason);
  }

  /** A higher version replaced the card's whole state. */
  record Applied() implements Decision {
    @Override
    public DecisionKind kind() {
      return DecisionKind.APPLIED;
    }
  }

  /** A lower version was recorded without changing the card. */
  record Stale() implements Decision {
    @Override
    public DecisionKind kind() {
      return DecisionKind.STALE;
    }
  }

  /** The same version with the same state was recorded without changing the card. */
  record SameState() implements Decision {
    @Override
    public DecisionKind kind() {
      return DecisionKind.SAME_STATE;
    }
  }

  /** The input was kept for reconciliation; acknowledging it accepts that responsibility. */
  record Held(HeldReason reason) implements Decision {
    public Held {
      Objects.requireNonNull(reason, "reason");
    }

    @Override
    public DecisionKind kind() {
      return DecisionKind.HELD;
    }
  }

  /** An identical redelivery: no effect, it restates the decision recorded for that content. */
  record Duplicate(Decision restates) implements Decision {
    public Duplicate {
      if (Objects.requireNonNull(restates, "restates") instanceof Duplicate) {
        throw new IllegalArgumentException(
            "a duplicate restates a recorded decision, never another");
      }
    }

    @Override
    public DecisionKind kind() {
      return DecisionKind.DUPLICATE;
    }
  }
}
