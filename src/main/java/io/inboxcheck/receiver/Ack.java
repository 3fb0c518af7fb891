package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.model.Decision;
import org.apiguardian.api.API;

/** The answer a receiver gives the provider for one delivery (SPEC section 3). */
@API(status = STABLE)
public enum Ack {
  /** A decision was recorded durably. */
  ACK,
  /** Nothing was recorded durably; the provider's retry will be processed normally. */
  NO_ACK;

  /** What this answer means to the provider, given the decision that was recorded (if any). */
  public static String meaning(Ack ack, Decision decision) {
    if (ack == NO_ACK || decision == null) {
      return "not recorded durably; nothing changed, the provider must retry";
    }
    return switch (decision.kind()) {
      case APPLIED -> "applied and recorded durably";
      case DUPLICATE -> "already recorded; restates the earlier decision, no new effect";
      case STALE -> "recorded as stale; an older version, the card is unchanged";
      case SAME_STATE -> "recorded; same version and state, no new effect";
      case HELD -> "held durably: responsibility for reconciliation accepted, not applied";
    };
  }
}
