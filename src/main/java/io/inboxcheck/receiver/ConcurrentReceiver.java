package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A receiver that takes requests from several threads at once, as a web server does: {@link
 * #deliver}, {@link #reconcile} and {@link #advanceClock} may each be called while deliveries are
 * in flight ({@code check --concurrency}); {@link #view} is called only while nothing is.
 */
@API(status = EXPERIMENTAL)
public interface ConcurrentReceiver extends Receiver {
  /**
   * Why the delivery of {@code step} answered NO_ACK, when the receiver can tell, e.g. {@code
   * SQLSTATE 23505 (unique_violation)}; empty when it acknowledged or cannot tell.
   */
  /**
   * Whether the audit names the step of each delivery it records, so that its order is an order of
   * the requests themselves; a receiver whose steps the harness infers (over HTTP, by matching
   * content to what was sent) cannot tell two copies in flight apart, and answers false.
   */
  default boolean auditNamesSteps() {
    return shows().contains(Observable.AUDIT) && shows().contains(Observable.DECISION);
  }

  default Optional<String> whyNotAcknowledged(int step) {
    return Optional.empty();
  }
}
