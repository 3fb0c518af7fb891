package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.JsonNull;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonValue;
import java.math.BigDecimal;
import org.apiguardian.api.API;

/** An envelope's {@code object_version} as SPEC section 1 classifies it. */
@API(status = EXPERIMENTAL)
public sealed interface ObjectVersion
    permits ObjectVersion.Valid, ObjectVersion.Missing, ObjectVersion.Invalid {

  BigDecimal LARGEST_VERSION = BigDecimal.valueOf(Long.MAX_VALUE);

  /** An integral JSON number in {@code [0, 2^63-1]}. */
  record Valid(long value) implements ObjectVersion {}

  /** Absent or JSON null. */
  record Missing() implements ObjectVersion {}

  /** Present but not a valid version: a string, a fraction, a negative or too large number, etc. */
  record Invalid(JsonValue raw) implements ObjectVersion {}

  /** Classifies a member value, where {@code null} means the member is absent. */
  static ObjectVersion classify(JsonValue raw) {
    if (raw == null || raw instanceof JsonNull) {
      return new Missing();
    }
    if (raw instanceof JsonNumber number && isVersionNumber(number.value())) {
      return new Valid(number.value().longValueExact());
    }
    return new Invalid(raw);
  }

  private static boolean isVersionNumber(BigDecimal value) {
    // compareTo compares adjusted exponents first, so even 1e2147483647 is never expanded.
    boolean integral = value.scale() <= 0;
    return integral && value.signum() >= 0 && value.compareTo(LARGEST_VERSION) <= 0;
  }
}
