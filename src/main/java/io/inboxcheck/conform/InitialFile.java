package io.inboxcheck.conform;

import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code --initial FILE}: the receiver's cards where its log begins, and whether anything was
 * delivered before it (docs/conform.md):
 *
 * <pre>{@code
 * {"cards": {"card-7": {"version": 10, "state": {...}, "paused": false}},
 *  "earlier_deliveries": "none"}
 * }</pre>
 *
 * <p>{@code earlier_deliveries} is {@code none} (the default: the log is the receiver's whole
 * history, so no id is retained and nothing is held from before it) or {@code unknown} (the cards
 * were exported at the log's first line, the ids and held inputs were not). {@code paused} may be
 * left out (not paused).
 */
public final class InitialFile {
  private static final Set<String> MEMBERS = Set.of("cards", "earlier_deliveries");

  private InitialFile() {}

  public static LogStart read(Path file) throws InputRejected {
    String source = file.toString();
    JsonValue value = new StrictJson().parseFile(file);
    if (!(value instanceof JsonObject root)) {
      throw new InputRejected(source, "/", "expected an object {\"cards\": {...}}");
    }
    for (String member : root.members().keySet()) {
      if (!MEMBERS.contains(member)) {
        throw new InputRejected(
            source, "/" + member, "unknown member; expected cards and earlier_deliveries");
      }
    }
    if (!(root.members().get("cards") instanceof JsonObject cards)) {
      throw new InputRejected(
          source, "/cards", "expected the cards by id, e.g. {\"card-7\": {...}}");
    }
    TreeMap<String, Card> start = new TreeMap<>();
    for (Map.Entry<String, JsonValue> card : cards.members().entrySet()) {
      start.put(card.getKey(), card(source, "/cards/" + card.getKey(), card.getValue()));
    }
    return new LogStart(start, earlierDeliveries(source, root.members().get("earlier_deliveries")));
  }

  private static boolean earlierDeliveries(String source, JsonValue value) throws InputRejected {
    if (value == null || value.equals(new JsonString("none"))) {
      return false;
    }
    if (value.equals(new JsonString("unknown"))) {
      return true;
    }
    throw new InputRejected(source, "/earlier_deliveries", "expected \"none\" or \"unknown\"");
  }

  private static Card card(String source, String pointer, JsonValue value) throws InputRejected {
    if (!(value instanceof JsonObject card)) {
      throw new InputRejected(source, pointer, "expected {\"version\": N, \"state\": {...}}");
    }
    Long version = RecordedValues.validVersion(card.members().get("version"));
    if (version == null) {
      throw new InputRejected(
          source, pointer + "/version", "expected an integer from 0 to 9223372036854775807");
    }
    if (!(card.members().get("state") instanceof JsonObject state)) {
      throw new InputRejected(source, pointer + "/state", "expected a JSON object");
    }
    JsonValue paused = card.members().get("paused");
    if (paused != null && !(paused instanceof JsonBoolean)) {
      throw new InputRejected(source, pointer + "/paused", "expected true or false");
    }
    return new Card(version, state, JsonBoolean.TRUE.equals(paused));
  }
}
