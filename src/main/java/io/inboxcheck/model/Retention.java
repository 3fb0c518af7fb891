package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.apiguardian.api.API;

/** Which identity records the retention window lets go of (SPEC section 5); pure. */
@API(status = INTERNAL)
public final class Retention {
  private Retention() {}

  /**
   * The retained records whose window has ended at {@code clock}, in order of first receipt, except
   * those with a delivery still held: the receiver still owes them a resolution.
   */
  public static List<IdentityRecord> expired(ReceiverView state, Instant clock) {
    List<IdentityRecord> expired = new ArrayList<>();
    for (IdentityRecord record : state.identities()) {
      if (!expired(record.firstReceivedAt(), clock, state.retention())) {
        // Records are kept in order of first receipt, so no later one has expired either.
        break;
      }
      if (!stillOwed(record, state::isHeld)) {
        expired.add(record);
      }
    }
    return expired;
  }

  /** Whether the window of an id first received at {@code firstReceivedAt} has ended. */
  public static boolean expired(Instant firstReceivedAt, Instant clock, Duration retention) {
    return !clock.isBefore(firstReceivedAt.plus(retention));
  }

  /**
   * Whether a delivery of the record's id is still held, given which steps are: the receiver owes
   * it a resolution, so the record is kept past its window.
   */
  public static boolean stillOwed(IdentityRecord record, IntPredicate heldAt) {
    return record.recordedSteps().stream().anyMatch(heldAt::test);
  }
}
