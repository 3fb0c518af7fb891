package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.List;

/**
 * Strips surrounding whitespace from {@code event_id}, {@code object_id} and {@code type} as it
 * reads them, as a form binder or a {@code trim()} in a DTO's setter does: {@code "card-1 "} is
 * taken for {@code card-1} and {@code "e-3 "} for a redelivery of {@code e-3}, although SPEC
 * section 1 compares strings exactly and each is another card or event.
 */
public final class TrimmingReceiver extends NaiveReceiver {
  private static final List<String> TRIMMED =
      List.of(Envelope.EVENT_ID, Envelope.OBJECT_ID, Envelope.TYPE);

  public TrimmingReceiver(ReceiverSetup setup) {
    super("trims-ids", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return super.decide(trimmed(envelope));
  }

  @Override
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    super.record(step, trimmed(envelope), outcome);
  }

  private static Envelope trimmed(Envelope envelope) {
    if (!(envelope.content() instanceof JsonObject object)) {
      return envelope;
    }
    JsonObject trimmed = object;
    for (String field : TRIMMED) {
      JsonValue value = object.get(field).orElse(null);
      if (value instanceof JsonString string) {
        trimmed = trimmed.with(field, new JsonString(string.value().strip()));
      }
    }
    return trimmed.equals(object) ? envelope : new Envelope(trimmed);
  }
}
