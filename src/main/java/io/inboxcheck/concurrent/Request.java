package io.inboxcheck.concurrent;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import java.util.Optional;

/**
 * One delivery of a concurrent run: its round, its step (unique in the run), what was sent, the
 * answer, and when the harness sent it and had the answer ({@link System#nanoTime}), so overlap is
 * measured, not assumed.
 *
 * @param whyNotAcknowledged what the receiver said about a NO_ACK, when it can tell
 */
public record Request(
    int round,
    int step,
    Envelope envelope,
    DeliveryResult answer,
    long startNanos,
    long finishNanos,
    Optional<String> whyNotAcknowledged) {

  /** Both were in flight at one moment: each started before the other finished. */
  public boolean overlaps(Request other) {
    return startNanos < other.finishNanos && other.startNanos < finishNanos;
  }

  public boolean acknowledged() {
    return answer.ack() == Ack.ACK;
  }

  /** The event id, or a note that there is none. */
  public String eventId() {
    return envelope.eventId().orElse("no id");
  }
}
