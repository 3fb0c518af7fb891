package io.inboxcheck.cli;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.ProfileReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/** The options of {@code check --concurrency}, which replaces the rest of the check when given. */
final class ConcurrencyOptions {
  /** Requests in flight at once, at most: each one holds a thread and a connection. */
  static final int MAX_CONCURRENCY = 64;

  @Option(
      names = "--concurrency",
      paramLabel = "K",
      description =
          "Instead of the above, the concurrency check: rounds of K generated deliveries sent "
              + "at once (the same delivery twice at once, changed content under one id at "
              + "once, ids racing for one card), judged against the model through the audit "
              + "order, or by searching each round's serial orders when the receiver shows no"
              + " audit. Fails when two copies of one delivery were never in flight together.")
  Integer concurrency;

  @Option(
      names = "--provider",
      paramLabel = "NAME",
      description =
          "A provider profile (profiles/NAME.json). Its copies_in_flight is the concurrency "
              + "when --concurrency is absent; above 1 it runs the concurrency check.")
  String provider;

  /** What {@link #concurrency} answers for options that ask for no concurrency check. */
  static final int NOT_ASKED = 0;

  /**
   * The requests in flight at once that the options ask for: {@code --concurrency}, else the {@code
   * --provider} profile's copies_in_flight when above 1 (printed, so nobody wonders where it came
   * from); {@link #NOT_ASKED} for neither; -1 when the input is rejected (printed to err).
   */
  int concurrency(PrintWriter out, PrintWriter err) {
    if (concurrency == null && provider == null) {
      return NOT_ASKED;
    }
    int asked;
    if (concurrency != null) {
      asked = concurrency;
    } else {
      Optional<Profile> profile = profile(provider, err);
      if (profile.isEmpty()) {
        return -1;
      }
      asked = profile.get().copiesInFlight().value();
      if (asked < 2) {
        return NOT_ASKED;
      }
      out.println(
          "--concurrency absent: "
              + asked
              + " from the "
              + provider
              + " profile's copies_in_flight ("
              + profile.get().copiesInFlight().source()
              + ")");
    }
    if (asked < 2 || asked > MAX_CONCURRENCY) {
      err.println(
          "inboxcheck check: --concurrency must be from 2 to "
              + MAX_CONCURRENCY
              + " (requests in flight at once), got "
              + asked);
      return -1;
    }
    return asked;
  }

  private static Optional<Profile> profile(String name, PrintWriter err) {
    Path file = ProfileReader.DEFAULT_FOLDER.resolve(name + ".json");
    if (!Files.isRegularFile(file)) {
      err.println(
          "inboxcheck check: --provider "
              + name
              + ": there is no "
              + file
              + "; available: "
              + String.join(", ", available()));
      return Optional.empty();
    }
    try {
      return Optional.of(new ProfileReader().read(file));
    } catch (InputRejected rejected) {
      err.println(rejected.getMessage());
      return Optional.empty();
    }
  }

  /** The profile names in the profiles folder. */
  private static List<String> available() {
    try (Stream<Path> files = Files.list(ProfileReader.DEFAULT_FOLDER)) {
      return files
          .map(path -> path.getFileName().toString())
          .filter(file -> file.endsWith(".json") && !file.endsWith(".schema.json"))
          .map(file -> file.substring(0, file.length() - ".json".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of("none (" + ProfileReader.DEFAULT_FOLDER + " cannot be listed)");
    }
  }
}
