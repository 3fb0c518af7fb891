package io.inboxcheck.json.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Recovers the exact text of each step's {@code deliver} value in a scenario file, so a receiver
 * under test can be handed the envelope as it was spelled (key order, whitespace, {@code 12.0}).
 * Runs only on text {@link StrictJson} already accepted.
 */
public final class RawText {
  private static final JsonFactory FACTORY = new JsonFactory();

  private RawText() {}

  /** The raw text of {@code /steps/N/deliver} for each step N, null where a step has none. */
  public static List<String> stepDeliveries(String text) {
    List<String> deliveries = new ArrayList<>();
    try (JsonParser parser = FACTORY.createParser(text)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return deliveries;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("steps".equals(field) && value == JsonToken.START_ARRAY) {
          while (parser.nextToken() != JsonToken.END_ARRAY) {
            deliveries.add(deliverOf(parser, text));
          }
        } else {
          parser.skipChildren();
        }
      }
      return deliveries;
    } catch (IOException e) {
      throw new UncheckedIOException("text accepted by StrictJson failed to re-read", e);
    }
  }

  private static String deliverOf(JsonParser parser, String text) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return null;
    }
    String raw = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      parser.nextToken();
      int start = (int) parser.currentTokenLocation().getCharOffset();
      parser.skipChildren();
      int end = (int) parser.currentLocation().getCharOffset();
      if ("deliver".equals(field)) {
        raw = text.substring(start, end);
      }
    }
    return raw;
  }
}
