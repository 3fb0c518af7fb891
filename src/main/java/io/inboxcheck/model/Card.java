package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.JsonObject;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One card as the receiver holds it: version, whole state, and whether it waits for an authority.
 */
@API(status = EXPERIMENTAL)
public record Card(long version, JsonObject state, boolean paused) {
  public Card {
    Objects.requireNonNull(state, "state");
  }

  public Card pause() {
    return new Card(version, state, true);
  }

  /** The card as an authority states it: its version and state, unpaused (SPEC 4.1-4.2). */
  public static Card fromAuthority(long version, JsonObject state) {
    return new Card(version, state, false);
  }

  /** Whether version and state equal another card's, ignoring the pause. */
  public boolean sameContentAs(Card other) {
    return version == other.version && state.equals(other.state);
  }
}
