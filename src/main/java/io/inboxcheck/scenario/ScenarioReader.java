package io.inboxcheck.scenario;

import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.json.read.RawText;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads scenario files (SPEC section 9) strictly: any field it does not know, any time going
 * backwards and any malformed value is rejected with its file and JSON pointer.
 */
public final class ScenarioReader {
  static final Set<String> TOP_LEVEL_KEYS =
      Set.of(
          "$schema",
          "name",
          "description",
          "retention",
          "supported_types",
          "start",
          "initial",
          "steps",
          "expect_final",
          "settle_after",
          "failure");
  static final Set<String> DELIVER_KEYS =
      Set.of(
          "deliver",
          "received_at",
          "ack_lost",
          "attempt",
          "storage_fault",
          "pad_to_bytes",
          "nest_to_depth",
          "expect",
          "note");
  static final Set<String> RECONCILE_KEYS = Set.of("reconcile", "at", "expect", "note");
  static final Set<String> ADVANCE_KEYS = Set.of("advance", "expect", "note");
  static final Instant EPOCH = Instant.EPOCH;

  private final StrictJson json;

  public ScenarioReader(StrictJson json) {
    this.json = json;
  }

  public ScenarioReader() {
    this(new StrictJson());
  }

  public Scenario read(Path file) throws InputRejected {
    return read(file.toString(), json.readText(file));
  }

  /** Reads scenario text; each envelope keeps the spelling it has in the text. */
  public Scenario read(String source, String text) throws InputRejected {
    JsonValue document = json.parse(source, text);
    return fromJson(source, document, RawText.stepDeliveries(text));
  }

  /** Builds a scenario from parsed JSON; {@code source} names it in messages. */
  public Scenario fromJson(String source, JsonValue document) throws InputRejected {
    return fromJson(source, document, List.of());
  }

  private Scenario fromJson(String source, JsonValue document, List<String> rawDeliveries)
      throws InputRejected {
    Located root = new Located(source, "", document);
    root.object("a scenario");
    rejectSchema(root);
    root.onlyKeys(TOP_LEVEL_KEYS, "a scenario");
    // Editors follow "$schema" to scenario.schema.json; the reader needs only to know it is text.
    text(root.member("$schema"), "a reference to the scenario schema", "");
    String name = root.required("name", "the scenario's name").text("a name");
    String description = text(root.member("description"), "a description", "");
    Duration retention = duration(root.member("retention")).orElse(Scenario.DEFAULT_RETENTION);
    Set<String> supportedTypes = supportedTypes(root.member("supported_types"));
    TreeMap<String, Card> initial = initialCards(root.member("initial"));
    List<Located> stepNodes = root.required("steps", "a list of steps").elements("the steps");
    Instant start = startOf(root, stepNodes);
    List<ScenarioStep> steps = steps(stepNodes, start, rawDeliveries);
    JsonObject expectFinal = null;
    Optional<Located> finalNode = root.member("expect_final");
    if (finalNode.isPresent()) {
      expectFinal = ExpectationShape.end(finalNode.get());
    }
    // A counterexample's failure block describes a past run: it is kept for people, not read.
    if (root.member("failure").isPresent()) {
      root.member("failure").get().object("a failure block");
    }
    List<Integer> settleAfter = settleAfter(root.member("settle_after"), steps.size());
    return new Scenario(
        name,
        description,
        source,
        retention,
        supportedTypes,
        start,
        initial,
        steps,
        expectFinal,
        settleAfter);
  }

  /**
   * The steps after which a receiver that acknowledges on acceptance settles: ascending step
   * numbers of this file; absent, it settles after every delivery.
   */
  private static List<Integer> settleAfter(Optional<Located> node, int stepCount)
      throws InputRejected {
    if (node.isEmpty()) {
      return null;
    }
    List<Integer> steps = new ArrayList<>();
    for (Located element : node.get().elements("the steps to settle after")) {
      if (!(element.value() instanceof JsonNumber number)
          || number.value().stripTrailingZeros().scale() > 0
          || number.value().compareTo(BigDecimal.ONE) < 0
          || number.value().compareTo(BigDecimal.valueOf(stepCount)) > 0) {
        throw element.rejected(
            "expected a step number from 1 to " + stepCount + " to settle after");
      }
      int step = number.value().intValueExact();
      if (!steps.isEmpty() && step <= steps.get(steps.size() - 1)) {
        throw element.rejected("expected step numbers in ascending order, each once");
      }
      steps.add(step);
    }
    return steps;
  }

  /** A glob such as {@code scenarios/*.json} also names the schema; say so instead of a typo. */
  private static void rejectSchema(Located root) throws InputRejected {
    Optional<Located> schema = root.member("$schema");
    if (schema.isPresent()
        && schema.get().value() instanceof JsonString reference
        && reference.value().startsWith("https://json-schema.org/")) {
      throw root.rejected(
          "this is the JSON Schema that describes scenario files, not a scenario;"
              + " replay the scenario files beside it");
    }
  }

  private static Set<String> supportedTypes(Optional<Located> node) throws InputRejected {
    if (node.isEmpty()) {
      return Scenario.DEFAULT_SUPPORTED_TYPES;
    }
    Set<String> types = new LinkedHashSet<>();
    for (Located element : node.get().elements("the supported types")) {
      types.add(element.text("an event type"));
    }
    return types;
  }

  private static TreeMap<String, Card> initialCards(Optional<Located> node) throws InputRejected {
    TreeMap<String, Card> cards = new TreeMap<>();
    if (node.isEmpty()) {
      return cards;
    }
    for (Map.Entry<String, JsonValue> entry :
        node.get().object("the initial cards").members().entrySet()) {
      AuthoritativeCard card = versionAndState(node.get().child(entry.getKey(), entry.getValue()));
      cards.put(entry.getKey(), card.asCard());
    }
    return cards;
  }

  /** A card given as {@code {"version": n, "state": {...}}}, in initial cards and authorities. */
  private static AuthoritativeCard versionAndState(Located node) throws InputRejected {
    node.object("a card with version and state");
    node.onlyKeys(Set.of("version", "state"), "a card");
    long version = node.required("version", "the card's version").nonNegativeInteger("a version");
    JsonObject state = node.required("state", "the card's state").object("a state");
    return new AuthoritativeCard(version, state);
  }

  private static Instant startOf(Located root, List<Located> steps) throws InputRejected {
    Optional<Located> start = root.member("start");
    if (start.isPresent()) {
      return instant(start.get());
    }
    for (Located step : steps) {
      for (String key : List.of("received_at", "at")) {
        Optional<Located> time = step.member(key);
        if (time.isPresent()) {
          return instant(time.get());
        }
      }
    }
    return EPOCH;
  }

  private static List<ScenarioStep> steps(List<Located> nodes, Instant start, List<String> raw)
      throws InputRejected {
    List<ScenarioStep> steps = new ArrayList<>();
    Instant clock = start;
    for (int index = 0; index < nodes.size(); index++) {
      String rawDelivery = index < raw.size() ? raw.get(index) : null;
      ScenarioStep step = step(nodes.get(index), index + 1, clock, rawDelivery);
      if (step.time() != null) {
        clock = step.time();
      }
      steps.add(step);
    }
    return steps;
  }

  /**
   * The text of a delivery described rather than spelled (SPEC 1.5): nested to {@code
   * nest_to_depth} levels by a last member {@code nested}, then padded with spaces before its
   * closing brace to {@code pad_to_bytes} bytes of UTF-8, up to twice the body bound.
   */
  private static String described(Located node, String rawDelivery) throws InputRejected {
    Located envelope = node.member("deliver").get();
    String text = rawDelivery != null ? rawDelivery : envelope.value().canonicalText();
    Optional<Located> depth = node.member("nest_to_depth");
    Optional<Located> bytes = node.member("pad_to_bytes");
    if (depth.isEmpty() && bytes.isEmpty()) {
      return rawDelivery;
    }
    Located describing = depth.isPresent() ? depth.get() : bytes.get();
    if (!(envelope.value() instanceof JsonObject) || !text.endsWith("}")) {
      throw describing.rejected(
          "expected an envelope that is a JSON object to describe, found another value");
    }
    if (depth.isPresent()) {
      long levels = depth.get().nonNegativeInteger("a nesting depth");
      if (levels < 2 || levels > MAX_DESCRIBED_DEPTH) {
        throw depth
            .get()
            .rejected(
                "expected a nesting depth from 2 to " + MAX_DESCRIBED_DEPTH + ", found " + levels);
      }
      if (((JsonObject) envelope.value()).get(LargeBodies.NESTED).isPresent()) {
        throw depth
            .get()
            .rejected(
                "expected an envelope without a member \"nested\", which nest_to_depth adds; found one");
      }
      text = LargeBodies.nested(text, (int) levels);
    }
    if (bytes.isPresent()) {
      text = padded(text, bytes.get());
    }
    return text;
  }

  /** The deepest nesting a step may describe: far past every parser's default. */
  static final int MAX_DESCRIBED_DEPTH = 1_000_000;

  private static String padded(String text, Located target) throws InputRejected {
    long bytes = target.nonNegativeInteger("a body length in bytes");
    long length = text.getBytes(StandardCharsets.UTF_8).length;
    long largest = 2 * DeliveryBounds.DEFAULT.maxBodyBytes();
    if (bytes < length || bytes > largest) {
      throw target.rejected(
          "expected a body length from the envelope's own "
              + length
              + " bytes to "
              + largest
              + ", found "
              + bytes);
    }
    return LargeBodies.padded(text, bytes);
  }

  private static ScenarioStep step(Located node, int number, Instant clock, String rawDelivery)
      throws InputRejected {
    node.object("a step");
    text(node.member("note"), "a note", "");
    JsonObject expect = null;
    if (node.member("deliver").isPresent()) {
      node.onlyKeys(DELIVER_KEYS, "a deliver step");
      Instant receivedAt = timeNotBefore(node.member("received_at"), clock);
      Transport transport =
          new Transport(
              flag(node.member("ack_lost")),
              node.member("attempt").isPresent()
                  ? (int)
                      Math.min(
                          Integer.MAX_VALUE,
                          node.member("attempt").get().nonNegativeInteger("an attempt number"))
                  : null,
              flag(node.member("storage_fault")));
      if (node.member("expect").isPresent()) {
        expect = ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.DELIVER);
      }
      String text = described(node, rawDelivery);
      JsonValue content =
          node.member("nest_to_depth").isPresent()
              ? LargeBodies.content(text)
              : node.member("deliver").get().value();
      Envelope envelope = new Envelope(content, text);
      return new ScenarioStep.Deliver(number, envelope, receivedAt, transport, expect);
    }
    if (node.member("reconcile").isPresent()) {
      node.onlyKeys(RECONCILE_KEYS, "a reconcile step");
      Instant at = timeNotBefore(node.member("at"), clock);
      Located authorityNode = node.member("reconcile").get();
      TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
      for (Map.Entry<String, JsonValue> entry :
          authorityNode.object("an authoritative snapshot").members().entrySet()) {
        authority.put(
            entry.getKey(), versionAndState(authorityNode.child(entry.getKey(), entry.getValue())));
      }
      if (node.member("expect").isPresent()) {
        expect =
            ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.RECONCILE);
      }
      return new ScenarioStep.Reconcile(number, authority, at, expect);
    }
    if (node.member("advance").isPresent()) {
      node.onlyKeys(ADVANCE_KEYS, "an advance step");
      Duration by = duration(node.member("advance")).orElseThrow();
      if (node.member("expect").isPresent()) {
        expect = ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.ADVANCE);
      }
      return new ScenarioStep.Advance(number, by, clock.plus(by), expect);
    }
    throw node.rejected(
        "unknown step kind with fields "
            + Located.sorted(node.object("a step").members().keySet())
            + "; a step has exactly one of \"deliver\", \"reconcile\" or \"advance\"");
  }

  private static Instant timeNotBefore(Optional<Located> node, Instant clock) throws InputRejected {
    if (node.isEmpty()) {
      return null;
    }
    Instant time = instant(node.get());
    if (time.isBefore(clock)) {
      throw node.get()
          .rejected(
              "time "
                  + time
                  + " is before the receiver clock "
                  + clock
                  + "; step times never go backwards");
    }
    return time;
  }

  private static boolean flag(Optional<Located> node) throws InputRejected {
    return node.isPresent() && node.get().bool();
  }

  private static String text(Optional<Located> node, String what, String fallback)
      throws InputRejected {
    return node.isPresent() ? node.get().text(what) : fallback;
  }

  private static Instant instant(Located node) throws InputRejected {
    String text = node.text("a UTC timestamp");
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw node.rejected(
          "\"" + text + "\" is not a UTC timestamp; expected the form 2024-01-01T08:00:00Z");
    }
  }

  private static Optional<Duration> duration(Optional<Located> node) throws InputRejected {
    if (node.isEmpty()) {
      return Optional.empty();
    }
    String text = node.get().text("an ISO-8601 duration");
    try {
      Duration duration = Duration.parse(text);
      if (duration.isNegative()) {
        throw node.get().rejected("duration " + text + " is negative; the clock never goes back");
      }
      return Optional.of(duration);
    } catch (DateTimeParseException e) {
      throw node.get()
          .rejected(
              "\"" + text + "\" is not an ISO-8601 duration; expected the form PT24H or PT25H");
    }
  }
}
