package io.inboxcheck.harness;

import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.PropertyResult;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One property's run as reports show it: the engine's result, the receiver it checked, the shrunk
 * violation and the counterexample file when it failed.
 */
public record PropertyOutcome(
    PropertyResult<?> result,
    String receiver,
    Optional<Violation> violation,
    Optional<Path> counterexample,
    int shrunkSteps) {

  /** The message a failing test shows: the engine's description plus the file to replay. */
  public String message() {
    StringBuilder text = new StringBuilder(result.describe());
    violation.ifPresent(v -> text.append("  violation: ").append(v.describe()).append('\n'));
    counterexample.ifPresent(
        path ->
            text.append("  counterexample scenario: ")
                .append(path)
                .append("\n  replay it: java -jar target/inboxcheck.jar replay ")
                .append(path)
                .append('\n'));
    return text.toString();
  }
}
