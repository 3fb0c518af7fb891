package io.inboxcheck.profile;

import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.scenario.Located;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads provider profiles ({@code profiles/NAME.json}) strictly, as scenario files are read: an
 * unknown field, a fact without a source, a verified fact whose source is not a web page, or a
 * horizon that disagrees with its own schedule is rejected with the file and JSON pointer.
 */
public final class ProfileReader {
  /** Where the profiles live, relative to the project root. */
  public static final Path DEFAULT_FOLDER = Path.of("profiles");

  static final Set<String> TOP_LEVEL_KEYS =
      Set.of(
          "$schema",
          "name",
          "provider",
          "description",
          "retry_schedule",
          "retry_horizon",
          "late_delivery",
          "manual_redelivery_window",
          "identity",
          "several_ids_for_one_change",
          "attempt_header",
          "timestamp_changes_per_attempt",
          "ordering",
          "copies_in_flight",
          "response_timeout",
          "stop_retries_header",
          "endpoint_disabled");
  static final Set<String> FACT_KEYS = Set.of("value", "source", "verified", "note");

  private final StrictJson json = new StrictJson();

  /** Every profile in {@code folder}, sorted by name; the schema beside them is not a profile. */
  public List<Profile> readFolder(Path folder) throws InputRejected {
    List<Path> files;
    try (Stream<Path> listing = Files.list(folder)) {
      files =
          listing
              .filter(file -> file.toString().endsWith(".json"))
              .filter(file -> !file.toString().endsWith(".schema.json"))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new InputRejected(folder.toString(), "folder", "cannot be listed: " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new InputRejected(folder.toString(), "folder", "holds no profile (NAME.json)");
    }
    List<Profile> profiles = new ArrayList<>();
    for (Path file : files) {
      profiles.add(read(file));
    }
    return profiles;
  }

  public Profile read(Path file) throws InputRejected {
    Profile profile = read(file.toString(), json.readText(file));
    String expected = file.getFileName().toString().replaceFirst("\\.json$", "");
    if (!profile.name().equals(expected)) {
      throw new InputRejected(
          file.toString(),
          "at /name",
          "name \""
              + profile.name()
              + "\" differs from the file name; expected \""
              + expected
              + "\"");
    }
    return profile;
  }

  public Profile read(String source, String text) throws InputRejected {
    Located root = new Located(source, "", json.parse(source, text));
    root.object("a provider profile");
    root.onlyKeys(TOP_LEVEL_KEYS, "a provider profile");
    if (root.member("$schema").isPresent()) {
      root.member("$schema").get().text("a reference to the profile schema");
    }
    String name = root.required("name", "the profile's name").text("a name");
    if (!name.matches("[a-z][a-z0-9-]*")) {
      throw root.required("name", "")
          .rejected("name \"" + name + "\" must be lower-case a-z, 0-9, -");
    }
    String provider = root.required("provider", "the provider's name").text("a provider name");
    String description = root.required("description", "a description").text("a description");
    Fact<List<Duration>> schedule = fact(root, "retry_schedule", ProfileReader::schedule);
    Fact<Duration> horizon = fact(root, "retry_horizon", node -> duration(node, false));
    checkHorizon(root, schedule, horizon);
    return new Profile(
        name,
        provider,
        description,
        source,
        schedule,
        horizon,
        fact(root, "late_delivery", node -> duration(node, true)),
        fact(root, "manual_redelivery_window", node -> duration(node, true)),
        fact(root, "identity", ProfileReader::identity),
        fact(root, "several_ids_for_one_change", ProfileReader::nullableBool),
        fact(root, "attempt_header", node -> nullableText(node, "a header name")),
        fact(root, "timestamp_changes_per_attempt", ProfileReader::nullableBool),
        fact(root, "ordering", node -> choice(node, Profile.Ordering.values())),
        fact(root, "copies_in_flight", ProfileReader::copies),
        fact(root, "response_timeout", node -> duration(node, true)),
        fact(root, "stop_retries_header", ProfileReader::answerHeader),
        fact(root, "endpoint_disabled", node -> nullableText(node, "a sentence")));
  }

  /** Reads one fact's value; may throw with the value's pointer. */
  private interface ValueReader<T> {
    T read(Located node) throws InputRejected;
  }

  private static <T> Fact<T> fact(Located root, String key, ValueReader<T> values)
      throws InputRejected {
    Located node = root.required(key, "a fact: {\"value\", \"source\", \"verified\"}");
    node.object("a fact");
    node.onlyKeys(FACT_KEYS, "a fact");
    T value = values.read(node.required("value", "the fact's value (null when none)"));
    Located sourceNode = node.required("source", "where the fact comes from");
    String source = sourceNode.text("a source");
    boolean verified = node.required("verified", "whether the fact was verified").bool();
    if (source.isBlank()) {
      throw sourceNode.rejected("a fact needs a source; name the page it comes from");
    }
    // A verified fact points at the provider's page, so a reader can check it again.
    if (verified && !source.startsWith("https://")) {
      throw sourceNode.rejected(
          "a verified fact needs the https:// address of the page that states it; found \""
              + source
              + "\"");
    }
    String note = node.member("note").isPresent() ? node.member("note").get().text("a note") : "";
    return new Fact<>(value, source, verified, note);
  }

  /** When the schedule is published, the horizon is its sum: a typo in either shows here. */
  private static void checkHorizon(
      Located root, Fact<List<Duration>> schedule, Fact<Duration> horizon) throws InputRejected {
    if (schedule.value() == null) {
      return;
    }
    Duration sum = schedule.value().stream().reduce(Duration.ZERO, Duration::plus);
    if (!sum.equals(horizon.value())) {
      throw root.required("retry_horizon", "")
          .required("value", "")
          .rejected(
              "horizon "
                  + horizon.value()
                  + " differs from the sum of retry_schedule, "
                  + sum
                  + "; the last automatic retry comes at the sum of the delays");
    }
  }

  private static List<Duration> schedule(Located node) throws InputRejected {
    if (nullable(node)) {
      return null;
    }
    List<Duration> delays = new ArrayList<>();
    for (Located element : node.elements("a list of delays")) {
      delays.add(duration(element, false));
    }
    return List.copyOf(delays);
  }

  private static Profile.Identity identity(Located node) throws InputRejected {
    node.object("an identity: {\"carrier\", \"name\"}");
    node.onlyKeys(Set.of("carrier", "name", "unique_with"), "an identity");
    Profile.Carrier carrier =
        choice(node.required("carrier", "header or body"), Profile.Carrier.values());
    String name = node.required("name", "the header or field name").text("a name");
    String uniqueWith =
        node.member("unique_with").isPresent()
            ? node.member("unique_with").get().text("a header or field name")
            : null;
    return new Profile.Identity(carrier, name, uniqueWith);
  }

  /**
   * An answer header as {@code NAME: VALUE}, or null: a receiver copies it into its answer, so a
   * typo in the profile would silently stop nothing.
   */
  private static String answerHeader(Located node) throws InputRejected {
    String header = nullableText(node, "an answer header as NAME: VALUE");
    if (header != null && !header.matches("[A-Za-z0-9-]+: \\S.*")) {
      throw node.rejected(
          "\""
              + header
              + "\" is not an answer header; expected NAME: VALUE, e.g. x-slack-no-retry: 1");
    }
    return header;
  }

  private static String nullableText(Located node, String what) throws InputRejected {
    return nullable(node) ? null : node.text(what);
  }

  private static Boolean nullableBool(Located node) throws InputRejected {
    return nullable(node) ? null : node.bool();
  }

  private static Integer copies(Located node) throws InputRejected {
    long copies = node.nonNegativeInteger("a number of copies");
    if (copies < 1 || copies > 1000) {
      throw node.rejected("copies in flight must be from 1 to 1000, found " + copies);
    }
    return (int) copies;
  }

  private static <E extends Enum<E>> E choice(Located node, E[] values) throws InputRejected {
    String text = node.text("one of " + names(values));
    for (E value : values) {
      if (value.name().toLowerCase(Locale.ROOT).equals(text)) {
        return value;
      }
    }
    throw node.rejected("unknown value \"" + text + "\"; expected one of " + names(values));
  }

  private static <E extends Enum<E>> String names(E[] values) {
    List<String> names = new ArrayList<>();
    for (E value : values) {
      names.add(value.name().toLowerCase(Locale.ROOT));
    }
    return String.join(", ", names);
  }

  private static Duration duration(Located node, boolean nullAllowed) throws InputRejected {
    if (nullAllowed && nullable(node)) {
      return null;
    }
    String text = node.text("an ISO-8601 duration such as PT72H");
    try {
      Duration duration = Duration.parse(text);
      if (duration.isNegative()) {
        throw node.rejected("duration " + text + " is negative");
      }
      return duration;
    } catch (DateTimeParseException e) {
      throw node.rejected("\"" + text + "\" is not an ISO-8601 duration; expected e.g. PT72H");
    }
  }

  private static boolean nullable(Located node) {
    JsonValue value = node.value();
    return value instanceof JsonNull;
  }
}
