package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A delivery that was decided HELD and not yet resolved, with its current reason. It belongs to the
 * card its own envelope names (SPEC section 4).
 */
@API(status = EXPERIMENTAL)
public record HeldInput(int step, Envelope envelope, HeldReason reason) {

  public Optional<String> eventId() {
    return envelope.eventId();
  }

  public Optional<String> objectId() {
    return envelope.objectId();
  }

  public HeldInput withReason(HeldReason newReason) {
    return new HeldInput(step, envelope, newReason);
  }
}
