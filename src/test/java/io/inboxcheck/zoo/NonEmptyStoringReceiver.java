package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Map;

/**
 * Reads each state through an object mapper set to {@code JsonInclude.Include.NON_EMPTY}, as a
 * shared Jackson configuration often is: members holding {@code null}, {@code ""}, {@code {}} or
 * {@code []} are dropped, so {@code detail: null} and no {@code detail} become one state and a
 * same-version delivery differing only there is taken for SAME_STATE. SPEC section 1 compares
 * states exactly: it is a VERSION_CONFLICT.
 */
public final class NonEmptyStoringReceiver extends NaiveReceiver {
  public NonEmptyStoringReceiver(ReceiverSetup setup) {
    super("non-empty-states", setup);
  }

  @Override
  protected DeliveryOutcome decide(Envelope envelope) {
    return super.decide(nonEmpty(envelope));
  }

  private static Envelope nonEmpty(Envelope envelope) {
    if (!(envelope.content() instanceof JsonObject object)
        || !(object.get(Envelope.STATE).orElse(null) instanceof JsonObject state)) {
      return envelope;
    }
    JsonObject kept = JsonObject.EMPTY;
    for (Map.Entry<String, JsonValue> member : state.members().entrySet()) {
      if (!empty(member.getValue())) {
        kept = kept.with(member.getKey(), member.getValue());
      }
    }
    return kept.equals(state) ? envelope : new Envelope(object.with(Envelope.STATE, kept));
  }

  private static boolean empty(JsonValue value) {
    return value instanceof JsonNull
        || value.equals(new JsonString(""))
        || value.equals(JsonObject.EMPTY)
        || value.equals(new JsonArray(java.util.List.of()));
  }
}
