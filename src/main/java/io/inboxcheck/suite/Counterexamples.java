package io.inboxcheck.suite;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.ChoiceSequence;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ComparisonHtml;
import io.inboxcheck.report.CounterexampleFile;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.scenario.Scenario;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns a shrunk failing scenario into a scenario file a person can read, replay and copy into
 * {@code scenarios/}: expectations come from the reference model, and a {@code failure} block says
 * which invariant broke where, with the seed and choices that reproduce it.
 */
public final class Counterexamples {
  private Counterexamples() {}

  /**
   * What a counterexample file records about the failure; {@code choices} is null for a failure not
   * generated from choices (an arrival order found by replaying every order), which then has no
   * seed either, nor {@code shrinkStopped}: why shrinking stopped, as one sentence.
   */
  public record Failure(
      String property,
      String receiver,
      Violation violation,
      long seed,
      ChoiceSequence choices,
      String shrinkStopped) {}

  /**
   * Writes the shrunk value of a property's failure under {@code folder}, named after the receiver,
   * the invariant and the seed, and returns its path.
   */
  static Path writeShrunk(
      Path folder,
      Scenario shrunk,
      Property<?> property,
      PropertyResult<?> result,
      String receiverName,
      Violation violation) {
    PropertyResult.Failure<?> failure = result.failure().orElseThrow();
    return write(
        folder,
        shrunk,
        receiverName + "-" + violation.invariant() + "-" + result.seed(),
        new Failure(
            property.name(),
            receiverName,
            violation,
            result.seed(),
            failure.shrunkChoices(),
            failure.shrinkStop().sentence()));
  }

  /** Writes the counterexample under {@code folder} and returns its path. */
  public static Path write(Path folder, Scenario shrunk, String fileStem, Failure failure) {
    Map<String, JsonValue> details = new LinkedHashMap<>();
    if (failure.choices() != null) {
      details.put("choices", new JsonString(failure.choices().toText()));
    }
    if (failure.shrinkStopped() != null) {
      details.put("shrinking", new JsonString(failure.shrinkStopped()));
    }
    boolean generated = failure.choices() != null;
    return CounterexampleFile.write(
        folder,
        fileStem,
        shrunk,
        "shrunk counterexample: " + failure.violation().describe(),
        true,
        new CounterexampleFile.Failure(
            CounterexampleFile.FoundBy.PROPERTY,
            failure.property(),
            failure.receiver(),
            failure.violation(),
            generated ? failure.seed() : null,
            generated ? "-Dinboxcheck.seed=" + failure.seed() : null,
            details));
  }

  /**
   * Writes the counterexample's page beside its file ({@code NAME.html}): the failing receiver and
   * the model side by side over the same steps ({@code run}, the checked run of the
   * counterexample), the first divergence and the broken invariant marked, so a person sees where
   * the receiver left the policy without replaying anything.
   */
  public static Path writePage(Path counterexample, CheckedRun.Result run, Violation violation) {
    String name = counterexample.getFileName().toString().replaceFirst("\\.json$", "");
    return ReportFiles.write(
        counterexample.resolveSibling(name + ".html"), ComparisonHtml.render(run, violation));
  }

  /**
   * Re-runs the shrunk scenario to recover the violation it ends in, with the histories of the
   * receiver and the model that tell how it got there.
   */
  public static CheckedRun.Result rerun(
      Scenario shrunk, Function<ReceiverSetup, Receiver> receivers, CheckedRun.Checks checks) {
    CheckedRun.Result result = CheckedRun.run(shrunk, receivers, checks);
    if (result.violation().isEmpty()) {
      throw new IllegalStateException("the shrunk scenario no longer fails");
    }
    return result;
  }
}
