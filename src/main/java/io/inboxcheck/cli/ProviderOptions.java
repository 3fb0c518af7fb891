package io.inboxcheck.cli;

import io.inboxcheck.generate.Generation;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.suite.ProviderSettings;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code check} that shape generated fault sequences after a provider profile and
 * set the receiver's identity retention, and with a provider add the retention-horizon check.
 */
final class ProviderOptions {
  @Option(
      names = "--provider",
      paramLabel = "NAME",
      description =
          "Generate redeliveries as profiles/NAME.json documents them (retry schedule, horizon,"
              + " delayed copies, manual window, attempt numbers), and run the retention-horizon check:"
              + " the provider's latest automatic copy (its last retry, or a delivery it delayed longer"
              + " still) brings a changed payload under an id the receiver applied at t0.")
  String provider;

  @Option(
      names = "--retention",
      paramLabel = "DURATION",
      description =
          "The receiver's identity retention (ISO-8601, default PT24H as SPEC section 5): the"
              + " retention of every generated scenario and of the retention-horizon check.")
  Duration retention;

  @Mixin ProfilesFolder profiles;

  /** The generation the options choose, or empty with {@code problem} filled. */
  Optional<Generation> generation(StringBuilder problem) {
    try {
      return Optional.of(ProviderSettings.generation(profiles.folder, provider, retention));
    } catch (InputRejected rejected) {
      problem.append(rejected.getMessage());
      return Optional.empty();
    }
  }
}
