package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Transport metadata of one delivery, kept beside the envelope and never compared (SPEC section 1).
 *
 * @param ackLost the receiver's answer never reached the provider; explains the next redelivery
 * @param attempt the provider's attempt number, when given
 * @param storageFault the durable write of this delivery's decision fails (injected)
 */
@API(status = STABLE)
public record Transport(boolean ackLost, Integer attempt, boolean storageFault) {
  public static final Transport PLAIN = new Transport(false, null, false);
}
