package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.model.Decision;
import org.apiguardian.api.API;

/**
 * A receiver's answer to one delivery: the recorded decision (null when not durable) and the ack.
 */
@API(status = STABLE)
public record DeliveryResult(Decision decision, Ack ack) {
  public static final DeliveryResult NOT_DURABLE = new DeliveryResult(null, Ack.NO_ACK);

  public static DeliveryResult recorded(Decision decision) {
    return new DeliveryResult(decision, Ack.ACK);
  }
}
