package io.inboxcheck.conform;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One line of a receiver's recorded traffic, read and checked, whatever the format it came in
 * (docs/conform.md). Deliveries and the authority's snapshots are the inputs the model replays;
 * everything else a receiver recorded (its decisions, what an authority did to each card,
 * resolutions, re-evaluations, pruned identities) is what conform judges.
 */
public sealed interface LogLine
    permits LogLine.Delivery,
        LogLine.Reconcile,
        LogLine.Authority,
        LogLine.Resolution,
        LogLine.Reevaluation,
        LogLine.Pruned,
        LogLine.Clock,
        LogLine.Settings {

  LinePosition position();

  /** The receiver clock the line was recorded at; null only for {@link Settings}. */
  Instant at();

  /**
   * One delivery as received, and what the receiver recorded for it.
   *
   * @param envelope the envelope as received, its text kept
   * @param decision the recorded decision, or null when nothing was recorded (a NO_ACK delivery)
   * @param ack the ack the receiver answered, or null when the log does not say
   * @param arrival the receiver's own number of the delivery, or null when the log gives none
   * @param paused the cards the receiver says this decision paused, or null when not recorded
   */
  record Delivery(
      LinePosition position,
      Instant at,
      Envelope envelope,
      Decision decision,
      Ack ack,
      Integer arrival,
      List<String> paused)
      implements LogLine {
    public Delivery {
      paused = paused == null ? null : List.copyOf(paused);
    }
  }

  /** An authority's snapshot of objects (SPEC section 4), the input of a reconciliation. */
  record Reconcile(
      LinePosition position, Instant at, SortedMap<String, AuthoritativeCard> authority)
      implements LogLine {
    public Reconcile {
      authority = new TreeMap<>(authority);
    }
  }

  /**
   * What the receiver recorded an authority did to one card: the card before (null when created)
   * and after every re-evaluation that followed.
   */
  record Authority(
      LinePosition position,
      Instant at,
      String objectId,
      ReconcileOutcome outcome,
      Boolean regressed,
      Card before,
      Card after)
      implements LogLine {}

  /** A held conflict the receiver says an authority resolved; {@code arrival} names it. */
  record Resolution(
      LinePosition position,
      Instant at,
      int arrival,
      String eventId,
      String objectId,
      HeldReason reason)
      implements LogLine {}

  /** A held input the receiver decided again after its card was reconciled. */
  record Reevaluation(
      LinePosition position,
      Instant at,
      int arrival,
      String eventId,
      String objectId,
      HeldReason previousReason,
      Decision decision)
      implements LogLine {}

  /** An identity record the receiver let go of when its retention ended (SPEC section 5). */
  record Pruned(LinePosition position, Instant at, String eventId, Instant firstReceivedAt)
      implements LogLine {}

  /** The receiver clock moved to {@code at} with nothing else recorded. */
  record Clock(LinePosition position, Instant at) implements LogLine {}

  /** The retention and supported types in force, stated before the first recorded step. */
  record Settings(LinePosition position, Duration retention, Set<String> supportedTypes)
      implements LogLine {
    public Settings {
      supportedTypes = supportedTypes == null ? null : Set.copyOf(supportedTypes);
    }

    @Override
    public Instant at() {
      return null;
    }
  }
}
