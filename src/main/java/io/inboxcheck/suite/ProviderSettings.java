package io.inboxcheck.suite;

import io.inboxcheck.generate.DeliverySchedule;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.ProfileReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * Chooses how fault sequences are generated: {@code check --provider NAME --retention D} on the
 * command line, {@code -Dinboxcheck.provider=NAME -Dinboxcheck.retention=D} for the property suite.
 * Neither given is the default generation, choice for choice as before providers existed.
 */
public final class ProviderSettings {
  public static final String PROVIDER_PROPERTY = "inboxcheck.provider";
  public static final String RETENTION_PROPERTY = "inboxcheck.retention";

  private ProviderSettings() {}

  /**
   * The generation for {@code provider} (a profile's name in {@code profiles}, or null for none)
   * and {@code retention} (null for SPEC section 5's default).
   *
   * @throws InputRejected when the profile is unknown or unreadable, or the retention negative
   */
  public static Generation generation(Path profiles, String provider, Duration retention)
      throws InputRejected {
    Duration kept = retention == null ? Generation.DEFAULT.retention() : retention;
    if (kept.isNegative()) {
      // Zero is a retention: every record is let go of at the first clock move (SPEC section 5).
      throw new InputRejected("retention", "value", "must not be negative, got " + kept);
    }
    if (provider == null || provider.isBlank()) {
      return new Generation(Optional.empty(), kept);
    }
    List<Profile> known = new ProfileReader().readFolder(profiles);
    Profile profile =
        known.stream()
            .filter(each -> each.name().equals(provider))
            .findFirst()
            .orElseThrow(
                () ->
                    new InputRejected(
                        profiles.toString(),
                        "provider",
                        "no profile \""
                            + provider
                            + "\"; known: "
                            + String.join(", ", known.stream().map(Profile::name).toList())));
    return new Generation(Optional.of(DeliverySchedule.of(profile)), kept);
  }

  /**
   * The generation the system properties choose, with the profiles read from {@code profiles}.
   *
   * @throws IllegalArgumentException when a property names no profile or no positive duration
   */
  public static Generation fromSystem(Path profiles) {
    String provider = System.getProperty(PROVIDER_PROPERTY, "").strip();
    String retention = System.getProperty(RETENTION_PROPERTY, "").strip();
    try {
      return generation(profiles, provider, retention.isEmpty() ? null : Duration.parse(retention));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          RETENTION_PROPERTY + " is not an ISO-8601 duration such as PT24H: " + retention, e);
    } catch (InputRejected rejected) {
      throw new IllegalArgumentException(rejected.getMessage(), rejected);
    }
  }

  /**
   * The {@code check} options that choose {@code generation}, each after a space; empty by default.
   */
  public static String options(Generation generation) {
    return arguments(generation, " --provider ", " --retention ");
  }

  /** The system properties that choose {@code generation}, each after a space; empty by default. */
  public static String properties(Generation generation) {
    return arguments(generation, " -D" + PROVIDER_PROPERTY + "=", " -D" + RETENTION_PROPERTY + "=");
  }

  private static String arguments(Generation generation, String provider, String retention) {
    String chosen = generation.schedule().map(s -> provider + s.name()).orElse("");
    return generation.retention().equals(Generation.DEFAULT.retention())
        ? chosen
        : chosen + retention + generation.retention();
  }
}
