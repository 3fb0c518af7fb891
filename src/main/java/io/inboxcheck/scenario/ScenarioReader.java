package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.RawText;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import java.math.BigDecimal;
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
 * backwards and any malformed value is rejected with its file and JSON pointer. The top level is
 * read here, each step by {@link StepReader}.
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
    List<ScenarioStep> steps = StepReader.steps(stepNodes, start, rawDeliveries);
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
  static AuthoritativeCard versionAndState(Located node) throws InputRejected {
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

  // The value readers below are shared with StepReader, so a time or a duration reads the same at
  // the top of a file and in its steps.

  /** The text of an optional member, or {@code fallback} when it is absent. */
  static String text(Optional<Located> node, String what, String fallback) throws InputRejected {
    return node.isPresent() ? node.get().text(what) : fallback;
  }

  /** A UTC timestamp such as {@code 2024-01-01T08:00:00Z}. */
  static Instant instant(Located node) throws InputRejected {
    String text = node.text("a UTC timestamp");
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw node.rejected(
          "\"" + text + "\" is not a UTC timestamp; expected the form 2024-01-01T08:00:00Z");
    }
  }

  /** An ISO-8601 duration that is not negative, when present. */
  static Optional<Duration> duration(Optional<Located> node) throws InputRejected {
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
