package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.apiguardian.api.API;

/** Read-only access to a receiver's state: what the reducer decides from (SPEC section 2). */
@API(status = EXPERIMENTAL)
public interface ReceiverView {

  Optional<Card> card(String objectId);

  /** Every card, sorted by object id. */
  SortedMap<String, Card> cards();

  Optional<IdentityRecord> identity(String eventId);

  /** Retained identity records, in order of first receipt. */
  Collection<IdentityRecord> identities();

  /** Held inputs not yet resolved, in arrival order. */
  List<HeldInput> held();

  /** Whether the delivery recorded at {@code step} is still held. */
  boolean isHeld(int step);

  List<AuditEntry> audit();

  ReplacementCounters replacements();

  ViewSettings settings();

  default Instant clock() {
    return settings().clock();
  }

  default Duration retention() {
    return settings().retention();
  }

  default Set<String> supportedTypes() {
    return settings().supportedTypes();
  }
}
