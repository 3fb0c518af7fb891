package io.inboxcheck.zoo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads {@code event_id} with Jackson's {@code asText()}: a number, {@code true} or {@code null}
 * becomes the id {@code "12"}, {@code "true"} or {@code "null"}, where SPEC section 3 holds the
 * envelope MALFORMED. The receiver then decides and records the envelope it read, not the one sent.
 */
public final class EventIdAsTextReceiver extends NaiveReceiver {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The envelope as this receiver read it, between deciding and recording. */
  private Envelope read;

  public EventIdAsTextReceiver(ReceiverSetup setup) {
    super("event-id-as-text", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    read = asRead(envelope);
    return super.decide(read);
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, read, outcome);
  }

  private static Envelope asRead(Envelope envelope) {
    if (envelope.eventId().isPresent() || !(envelope.content() instanceof JsonObject content)) {
      return envelope;
    }
    JsonNode id;
    try {
      id = JSON.readTree(envelope.text()).get(Envelope.EVENT_ID);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // An id that is text is left alone: a body held past a delivery bound (SPEC 1.5) has one too,
    // and this receiver's mistake is about ids of other types, not about the bounds.
    if (id == null || id.isTextual() || id.asText().isEmpty()) {
      return envelope;
    }
    return new Envelope(content.with(Envelope.EVENT_ID, new JsonString(id.asText())));
  }
}
