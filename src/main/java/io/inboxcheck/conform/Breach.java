package io.inboxcheck.conform;

import io.inboxcheck.check.Violation;

/**
 * An invariant of SPEC section 7 that the recorded history itself breaks, whatever the model would
 * have decided: found from the receiver's records alone.
 */
public record Breach(LinePosition position, Violation violation) {

  public String describe() {
    return position.describe()
        + ": "
        + violation.label()
        + ": expected "
        + violation.expected().describe()
        + "; recorded "
        + violation.observed().describe();
  }
}
