package io.inboxcheck.generate;

import java.time.Duration;
import java.util.Optional;

/**
 * What shapes generated fault sequences besides the choices: the provider whose redelivery timing
 * they follow, if any, and the receiver's identity retention written into each scenario. The
 * default draws exactly what the generator drew before providers existed, choice for choice.
 *
 * @param schedule the provider's delivery schedule, or empty for the generator's own small gaps
 * @param retention the {@code retention} of every generated scenario (SPEC section 5)
 */
public record Generation(Optional<DeliverySchedule> schedule, Duration retention) {
  public static final Generation DEFAULT =
      new Generation(Optional.empty(), ScenarioGenerator.RETENTION);

  public Generation {
    if (retention.isNegative()) {
      throw new IllegalArgumentException("retention must not be negative, got " + retention);
    }
  }

  /**
   * What a property's name gains from these settings: nothing for the default, so existing seeds
   * (derived from names) and stored examples stay as they are.
   */
  public String nameSuffix() {
    String provider = schedule.map(s -> ", provider " + s.name()).orElse("");
    String kept = retention.equals(ScenarioGenerator.RETENTION) ? "" : ", retention " + retention;
    return provider + kept;
  }
}
