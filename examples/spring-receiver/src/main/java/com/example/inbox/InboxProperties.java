package com.example.inbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The service's own settings, {@code inbox.*} in application.properties.
 *
 * @param workers how many workers decide inboxed deliveries at once
 * @param pollInterval how often an idle worker looks at the inbox
 * @param mistake a planted mistake, to show that the checks catch it; {@code none} in production
 */
@ConfigurationProperties("inbox")
public record InboxProperties(int workers, Duration pollInterval, Mistake mistake) {
  public InboxProperties {
    if (workers < 1) {
      throw new IllegalArgumentException("inbox.workers needs 1 or more, got " + workers);
    }
  }

  /** The mistakes a team makes with this design; each is caught by a check (README.md). */
  public enum Mistake {
    NONE,
    /** The worker reads the card without SELECT ... FOR UPDATE: two workers overwrite each other. */
    CARD_READ_WITHOUT_LOCK,
    /** The worker dequeues in one transaction and records the decision in a second. */
    DECISION_IN_SECOND_TRANSACTION,
    /** The decision's method is {@code @Transactional} but private: Spring never wraps it. */
    TRANSACTIONAL_PRIVATE_METHOD
  }
}
