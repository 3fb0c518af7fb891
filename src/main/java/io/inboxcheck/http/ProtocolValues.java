package io.inboxcheck.http;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ReceiverSetup;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/**
 * The messages of inboxcheck-receiver-protocol/1 (docs/receiver-protocol.md) as text and back:
 * requests are written as canonical JSON; answers are read strictly, and anything that is not the
 * protocol is a {@link Mismatch} naming the JSON path and what was expected there.
 */
final class ProtocolValues {
  static final String PROTOCOL = "inboxcheck-receiver-protocol/1";
  // An answer may be as long as the harness reads one, and a view's audit lists each envelope's
  // text as one string, at most as long as the answer; nesting and numbers keep the file limits.
  private static final StrictJson JSON =
      new StrictJson(
          new JsonLimits(
                  AnswerBody.MAX_ANSWER_BYTES,
                  JsonLimits.DEFAULT.maxNestingDepth(),
                  JsonLimits.DEFAULT.maxNumberLength(),
                  JsonLimits.DEFAULT.maxStringLength())
              .withStringsAsLongAsTheInput());
  private static final int EXCERPT_LENGTH = 120;

  private ProtocolValues() {}

  /** An answer that is not the protocol: where, and what was expected there. */
  static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mismatch(String path, String problem) {
      super(path + ": " + problem);
    }
  }

  /** Parses an answer's body as one JSON object. */
  static JsonObject document(String body) {
    JsonValue value;
    try {
      value = JSON.parse("answer", body);
    } catch (InputRejected rejected) {
      throw new Mismatch("$", "not JSON (" + rejected.problem() + "): " + excerpt(body));
    }
    return object(value, "$");
  }

  /** The start of a body, on one line, for messages. */
  static String excerpt(String body) {
    String line = body == null ? "" : body.replaceAll("\\s+", " ").strip();
    return line.length() <= EXCERPT_LENGTH ? line : line.substring(0, EXCERPT_LENGTH) + "...";
  }

  // ---- requests

  static String resetRequest(ReceiverSetup setup) {
    Map<String, JsonValue> initial = new LinkedHashMap<>();
    setup.initialCards().forEach((id, card) -> initial.put(id, authority(card.version(), card)));
    List<JsonValue> types = new ArrayList<>();
    setup.supportedTypes().stream().sorted().forEach(type -> types.add(new JsonString(type)));
    Map<String, JsonValue> request = new LinkedHashMap<>();
    request.put("protocol", new JsonString(PROTOCOL));
    request.put("initial", JsonObject.of(initial));
    request.put("supported_types", new JsonArray(types));
    request.put("retention", new JsonString(setup.retention().toString()));
    request.put("start", new JsonString(setup.start().toString()));
    return JsonObject.of(request).canonicalText();
  }

  /**
   * The {@code Webhook-Id} header of a delivery: its event id when that is visible ASCII, as an
   * HTTP header value must be; an id with other characters travels in the body only.
   */
  static Optional<String> webhookId(Envelope envelope) {
    return envelope.eventId().filter(id -> id.chars().allMatch(c -> c > 0x20 && c < 0x7F));
  }

  static String clockRequest(Instant time) {
    return JsonObject.of(Map.of("time", new JsonString(time.toString()))).canonicalText();
  }

  static String reconcileRequest(SortedMap<String, AuthoritativeCard> authority) {
    Map<String, JsonValue> objects = new LinkedHashMap<>();
    authority.forEach((id, card) -> objects.put(id, authority(card.version(), card.asCard())));
    return JsonObject.of(Map.of("objects", JsonObject.of(objects))).canonicalText();
  }

  private static JsonObject authority(long version, Card card) {
    return JsonObject.of(Map.of("version", JsonNumber.of(version), "state", card.state()));
  }

  // ---- reading answers

  static JsonObject object(JsonValue value, String path) {
    if (value instanceof JsonObject object) {
      return object;
    }
    throw new Mismatch(path, "expected an object, found " + excerpt(value.canonicalText()));
  }

  static JsonValue member(JsonObject object, String key, String path) {
    return object.get(key).orElseThrow(() -> new Mismatch(path, "missing member \"" + key + "\""));
  }

  static Optional<JsonValue> optional(JsonObject object, String key) {
    return object.get(key).filter(value -> !(value instanceof JsonNull));
  }

  static String string(JsonObject object, String key, String path) {
    JsonValue value = member(object, key, path);
    if (value instanceof JsonString string) {
      return string.value();
    }
    throw new Mismatch(path + "." + key, "expected a string, found " + value.canonicalText());
  }

  /** A string member that may be null or absent. */
  static String nullableString(JsonObject object, String key, String path) {
    return optional(object, key).isPresent() ? string(object, key, path) : null;
  }

  static long integer(JsonObject object, String key, String path) {
    JsonValue value = member(object, key, path);
    if (value instanceof JsonNumber number) {
      BigDecimal decimal = number.value();
      if (decimal.scale() <= 0
          && decimal.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
        return decimal.longValueExact();
      }
    }
    throw new Mismatch(path + "." + key, "expected an integer, found " + value.canonicalText());
  }

  static boolean bool(JsonObject object, String key, String path) {
    JsonValue value = member(object, key, path);
    if (value instanceof JsonBoolean bool) {
      return bool.value();
    }
    throw new Mismatch(path + "." + key, "expected true or false, found " + value.canonicalText());
  }

  static List<JsonValue> array(JsonObject object, String key, String path) {
    JsonValue value = member(object, key, path);
    if (value instanceof JsonArray array) {
      return array.elements();
    }
    throw new Mismatch(path + "." + key, "expected an array, found " + excerpt(value.toString()));
  }

  static Instant instant(JsonObject object, String key, String path) {
    String text = string(object, key, path);
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new Mismatch(path + "." + key, "expected a UTC instant, found \"" + text + "\"");
    }
  }

  static <E extends Enum<E>> E name(Class<E> type, JsonObject object, String key, String path) {
    String text = string(object, key, path);
    try {
      return Enum.valueOf(type, text);
    } catch (IllegalArgumentException e) {
      throw new Mismatch(
          path + "." + key,
          "expected one of "
              + Arrays.toString(type.getEnumConstants())
              + ", found \""
              + text
              + "\"");
    }
  }

  /**
   * Whether a reset answer declares views in answers (docs/receiver-protocol.md, "Views in answers
   * (optional)"): {@code "view_in_answers": true}; absent or null means no.
   */
  static boolean viewsInAnswers(JsonObject resetAnswer) {
    return optional(resetAnswer, "view_in_answers").isPresent()
        && bool(resetAnswer, "view_in_answers", "$");
  }

  /**
   * Whether a reset answer declares acknowledgement on acceptance (docs/receiver-protocol.md,
   * "Receivers that acknowledge on acceptance"): {@code "acknowledges": "accepted"}; absent or
   * {@code "decided"} means the receiver decides before it answers.
   */
  static boolean acknowledgesOnAcceptance(JsonObject resetAnswer) {
    if (optional(resetAnswer, "acknowledges").isEmpty()) {
      return false;
    }
    String promise = string(resetAnswer, "acknowledges", "$");
    return switch (promise) {
      case "accepted" -> true;
      case "decided" -> false;
      default ->
          throw new Mismatch(
              "$.acknowledges", "expected \"accepted\" or \"decided\", found \"" + promise + "\"");
    };
  }

  /** Checks a settle answer: {@code {"settled": true}}, with a view when views are in answers. */
  static boolean settled(JsonObject answer) {
    if (!bool(answer, "settled", "$")) {
      throw new Mismatch("$.settled", "expected true once nothing is pending, found false");
    }
    return true;
  }

  /** The view a 2xx answer carries, which a receiver that declared views in answers must send. */
  static JsonObject answeredView(JsonObject answer) {
    JsonValue view =
        answer
            .get("view")
            .orElseThrow(
                () ->
                    new Mismatch(
                        "$.view",
                        "missing, yet its reset answer declared \"view_in_answers\": true"));
    return object(view, "$.view");
  }

  /** A card: {@code {"version", "state", "paused"}}. */
  static Card card(JsonValue value, String path) {
    JsonObject card = object(value, path);
    JsonObject state = object(member(card, "state", path), path + ".state");
    return new Card(integer(card, "version", path), state, bool(card, "paused", path));
  }

  /** A decision: {@code {"decision", "reason", "restates"}}; a duplicate restates a decision. */
  static Decision decision(JsonValue value, String path) {
    JsonObject decision = object(value, path);
    DecisionKind kind = name(DecisionKind.class, decision, "decision", path);
    switch (kind) {
      case APPLIED:
        return Decision.APPLIED;
      case STALE:
        return Decision.STALE;
      case SAME_STATE:
        return Decision.SAME_STATE;
      case HELD:
        return Decision.held(name(HeldReason.class, decision, "reason", path));
      default:
        Decision restates = decision(member(decision, "restates", path), path + ".restates");
        if (restates instanceof Decision.Duplicate) {
          throw new Mismatch(path + ".restates", "a duplicate restates a recorded decision");
        }
        return new Decision.Duplicate(restates);
    }
  }
}
