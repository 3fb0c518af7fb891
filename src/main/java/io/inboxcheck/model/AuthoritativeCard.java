package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.JsonObject;
import java.util.Objects;
import org.apiguardian.api.API;

/** One object's version and state as an authority states it at reconciliation (SPEC section 4). */
@API(status = EXPERIMENTAL)
public record AuthoritativeCard(long version, JsonObject state) {
  public AuthoritativeCard {
    Objects.requireNonNull(state, "state");
    if (version < 0) {
      throw new IllegalArgumentException("an authoritative version is never negative: " + version);
    }
  }

  public Card asCard() {
    return Card.fromAuthority(version, state);
  }
}
