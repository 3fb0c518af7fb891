package io.inboxcheck.engine;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.OptionalLong;

/** Reads the engine's settings from system properties; unset or blank means the default. */
final class SystemSettings {

  private SystemSettings() {}

  /** The integer {@code property} names, or {@code fallback} when it is unset. */
  static int integer(String property, int fallback) {
    OptionalLong value = wholeNumber(property);
    if (value.isEmpty()) {
      return fallback;
    }
    if (value.getAsLong() != (int) value.getAsLong()) {
      throw new IllegalArgumentException(property + " is too large: " + value.getAsLong());
    }
    return (int) value.getAsLong();
  }

  /** The whole number {@code property} names, or empty when it is unset. */
  static OptionalLong wholeNumber(String property) {
    String text = text(property);
    if (text.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(property + " is not an integer: " + text, e);
    }
  }

  /** The ISO-8601 duration {@code property} names, or empty when it is unset. */
  static Optional<Duration> duration(String property) {
    String text = text(property);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Duration.parse(text));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          property + " is not an ISO-8601 duration such as PT2M: " + text, e);
    }
  }

  private static String text(String property) {
    return System.getProperty(property, "").strip();
  }
}
