package io.inboxcheck.json.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Strict JSON parsing into the model's canonical values: duplicate keys, trailing content and
 * anything beyond {@link JsonLimits} are rejected, and numbers keep their exact decimal value.
 */
public final class StrictJson {
  private final JsonLimits limits;
  private final JsonFactory factory;

  public StrictJson(JsonLimits limits) {
    this.limits = limits;
    this.factory =
        JsonFactory.builder()
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .streamReadConstraints(
                StreamReadConstraints.builder()
                    .maxNestingDepth(limits.maxNestingDepth())
                    .maxNumberLength(limits.maxNumberLength())
                    .maxStringLength(limits.maxStringLength())
                    .build())
            .build();
  }

  public StrictJson() {
    this(JsonLimits.DEFAULT);
  }

  /** Reads and parses a file, checking its size before reading it. */
  public JsonValue parseFile(Path file) throws InputRejected {
    return parse(file.toString(), readText(file));
  }

  /** Reads a file's text, refusing a file beyond the size limit before reading it. */
  public String readText(Path file) throws InputRejected {
    String source = file.toString();
    try {
      if (!Files.isRegularFile(file)) {
        throw new InputRejected(source, "file", "not a readable file");
      }
      long size = Files.size(file);
      if (size > limits.maxInputBytes()) {
        throw new InputRejected(
            source,
            "file",
            "is " + size + " bytes; the limit is " + limits.maxInputBytes() + " bytes");
      }
      return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputRejected(source, "file", "cannot be read: " + e.getMessage());
    }
  }

  /** Parses one complete JSON text; {@code source} names it in error messages. */
  public JsonValue parse(String source, String text) throws InputRejected {
    if (text.length() > limits.maxInputBytes()) {
      throw new InputRejected(
          source, "text", "is longer than the limit of " + limits.maxInputBytes() + " characters");
    }
    try (JsonParser parser = factory.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new InputRejected(source, "line 1, column 1", "empty input; expected a JSON value");
      }
      JsonValue value = readValue(parser);
      JsonToken trailing = parser.nextToken();
      if (trailing != null) {
        throw new InputRejected(
            source,
            position(parser.currentTokenLocation()),
            "unexpected content after the JSON value");
      }
      return value;
    } catch (StreamConstraintsException e) {
      throw new InputRejected(source, position(e.getLocation()), describeConstraint(e));
    } catch (JsonProcessingException e) {
      throw new InputRejected(source, position(e.getLocation()), describe(e));
    } catch (IOException e) {
      throw new InputRejected(source, "input", "cannot be read: " + e.getMessage());
    }
  }

  private JsonValue readValue(JsonParser parser) throws IOException {
    JsonToken token = parser.currentToken();
    return switch (token) {
      case START_OBJECT -> readObject(parser);
      case START_ARRAY -> readArray(parser);
      case VALUE_STRING -> new JsonString(parser.getText());
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new JsonNumber(new BigDecimal(parser.getText()));
      case VALUE_TRUE -> JsonBoolean.TRUE;
      case VALUE_FALSE -> JsonBoolean.FALSE;
      case VALUE_NULL -> JsonNull.INSTANCE;
      default -> throw new JsonParseException(parser, "unexpected token " + token);
    };
  }

  private JsonObject readObject(JsonParser parser) throws IOException {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      if (members.containsKey(name)) {
        throw duplicate(parser, name);
      }
      parser.nextToken();
      members.put(name, readValue(parser));
    }
    return new JsonObject(members);
  }

  /** A repeated key, reported where the repeated name starts. */
  private static JsonParseException duplicate(JsonParser parser, String name) {
    return new JsonParseException(
        parser, "Duplicate field '" + name + "'", parser.currentTokenLocation());
  }

  private JsonArray readArray(JsonParser parser) throws IOException {
    List<JsonValue> elements = new ArrayList<>();
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      elements.add(readValue(parser));
    }
    return new JsonArray(elements);
  }

  private static String position(JsonLocation location) {
    if (location == null || location.getLineNr() < 0) {
      return "input";
    }
    return "line " + location.getLineNr() + ", column " + location.getColumnNr();
  }

  private String describeConstraint(StreamConstraintsException e) {
    String message = e.getOriginalMessage();
    if (message.contains("nesting depth")) {
      return "nested deeper than the limit of " + limits.maxNestingDepth() + " levels";
    }
    if (message.contains("Number value length")) {
      return "a number is longer than the limit of " + limits.maxNumberLength() + " characters";
    }
    if (message.contains("String value length")) {
      return "a string is longer than the limit of " + limits.maxStringLength() + " characters";
    }
    return firstLine(message);
  }

  private static String describe(JsonProcessingException e) {
    String message = firstLine(e.getOriginalMessage());
    if (message.startsWith("Duplicate field")) {
      return "duplicate key "
          + message.substring("Duplicate field".length()).trim()
          + "; every key may appear once per object";
    }
    return "invalid JSON: " + message;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable input";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
