package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What every view of a receiver's state is read under besides the state itself: the receiver clock,
 * the identity retention and the supported event types (SPEC section 2).
 */
@API(status = EXPERIMENTAL)
public record ViewSettings(Instant clock, Duration retention, Set<String> supportedTypes) {
  public ViewSettings {
    Objects.requireNonNull(retention, "retention");
    supportedTypes = Set.copyOf(supportedTypes);
  }

  /** The same settings with the receiver clock moved to {@code time}. */
  public ViewSettings at(Instant time) {
    return new ViewSettings(time, retention, supportedTypes);
  }
}
