package com.example.inbox;

import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Stores a delivery in the inbox, with its arrival number, in one transaction (SPEC 3.6): once
 * this returns the delivery is durably accepted and the 2xx may leave; the workers find it at
 * their next look at the inbox, so deliveries that arrive close together queue, as they do
 * behind any scheduled poller.
 */
@Component
public class Acceptance {
  private final Store store;
  private final TransactionTemplate transactions;
  private final AtomicBoolean failNextWrite = new AtomicBoolean();

  Acceptance(Store store, TransactionTemplate transactions) {
    this.store = store;
    this.transactions = transactions;
  }

  /** Thrown when the acceptance's write failed: nothing is stored, the answer is not 2xx. */
  public static final class NotAccepted extends RuntimeException {
    NotAccepted(String message) {
      super(message);
    }
  }

  /** Accepts one request body as received; answers its arrival number. */
  public long accept(String body) {
    return transactions.execute(
            status -> {
              if (failNextWrite.getAndSet(false)) {
                throw new NotAccepted("the delivery could not be stored durably; retry");
              }
              long next = store.nextArrival();
              store.inbox(next, body);
              return next;
            });
  }

  /**
   * Makes the next acceptance's write fail, as a full disk or a lost connection would: the test
   * seam behind the control API's {@code fail-next-write}.
   */
  public void failNextWrite() {
    failNextWrite.set(true);
  }

  /** Forgets an armed failure (a reset does). */
  public void disarm() {
    failNextWrite.set(false);
  }
}
