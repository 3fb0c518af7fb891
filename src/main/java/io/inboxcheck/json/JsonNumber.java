package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.math.BigDecimal;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A JSON number compared by exact decimal value: {@code 12}, {@code 12.0} and {@code 1.2e1} are one
 * value, and no value ever passes through {@code double}.
 */
@API(status = EXPERIMENTAL)
public record JsonNumber(BigDecimal value) implements JsonValue {
  public JsonNumber {
    Objects.requireNonNull(value, "value");
    // A normalised scale makes record equality the same as numeric equality.
    value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
  }

  public static JsonNumber of(long value) {
    return new JsonNumber(BigDecimal.valueOf(value));
  }

  /** The number's text as a person would write it: plain unless the exponent is large. */
  public String text() {
    long integerDigits = (long) value.precision() - value.scale();
    if (value.scale() <= 0 && integerDigits <= 21 || value.scale() > 0 && value.scale() <= 21) {
      return value.toPlainString();
    }
    return value.toString();
  }

  @Override
  public String toString() {
    return text();
  }
}
