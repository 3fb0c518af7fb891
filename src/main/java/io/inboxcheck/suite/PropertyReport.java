package io.inboxcheck.suite;

import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.report.FailureStory;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One property's run as reports show it: the engine's result, the receiver it checked, the shrunk
 * violation, the counterexample file and the story of the failure when it failed: with the
 * histories of the receiver and the model ({@code story}), or already told, for a property whose
 * runs keep no step-by-step history ({@code told}).
 */
public record PropertyReport(
    PropertyResult<?> result,
    String receiver,
    Optional<Violation> violation,
    Optional<Path> counterexample,
    int shrunkSteps,
    Optional<FailureStory> story,
    Optional<String> told) {

  public PropertyReport(
      PropertyResult<?> result,
      String receiver,
      Optional<Violation> violation,
      Optional<Path> counterexample,
      int shrunkSteps,
      Optional<FailureStory> story) {
    this(result, receiver, violation, counterexample, shrunkSteps, story, Optional.empty());
  }

  /** The report of a run that found no failure to shrink. */
  static PropertyReport withoutFailure(PropertyResult<?> result, String receiver) {
    return new PropertyReport(
        result, receiver, Optional.empty(), Optional.empty(), 0, Optional.empty());
  }

  /**
   * The message a failing test shows: the failure's story (scenario, broken invariant, what each
   * step changed, the replay commands) and the engine's choices; or the engine's summary when the
   * property failed another way, e.g. on coverage.
   */
  public String message() {
    if (story.isEmpty() && told.isEmpty()) {
      return result.describe();
    }
    StringBuilder text = new StringBuilder(story.map(FailureStory::render).orElseGet(told::get));
    result
        .failure()
        .ifPresent(
            failure -> {
              text.append("Shrunk choices: ")
                  .append(failure.shrunkChoices().size())
                  .append(" (")
                  .append(abbreviated(failure.shrunkChoices().toText()))
                  .append(")");
              failure
                  .exampleFile()
                  .ifPresent(
                      file -> text.append(", tried first on the next run from ").append(file));
              text.append('\n');
            });
    return text.toString();
  }

  private static String abbreviated(String choices) {
    return choices.length() <= 120 ? choices : choices.substring(0, 120) + ",...";
  }
}
