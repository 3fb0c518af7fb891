package io.inboxcheck.suite;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.profile.Fact;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.RetentionProbe;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The retention-horizon check for one profile: the {@link RetentionProbe} (the provider's latest
 * automatic copy, its last retry or a delivery it delayed longer still, bringing a changed payload
 * under an id applied at t0) run against a receiver keeping ids for a retention, and, when the
 * receiver no longer recognises the id, the probe written as the counterexample that {@code replay}
 * reproduces.
 *
 * <p>For the model this is a risk finding, not a broken invariant: SPEC section 5 prescribes that a
 * redelivery after pruning is judged as a new event, so a changed payload under a forgotten id is
 * applied. The check fails because the provider can still send it.
 */
public final class RetentionHorizon {
  /** Why a failing probe matters, for the failure's story. */
  static final String RISK =
      "the provider can still send a copy after the receiver forgot the id, and a changed payload"
          + " under it is then applied as a new event (SPEC section 5)";

  private RetentionHorizon() {}

  /**
   * What the check found for one profile.
   *
   * @param holds whether the receiver still recognised the id at the latest copy
   * @param latestCopy what the receiver decided for the latest copy, as a sentence
   * @param counterexample the probe written where it failed
   */
  public record Outcome(
      Profile profile,
      Duration retention,
      boolean holds,
      String latestCopy,
      Optional<Path> counterexample) {

    /**
     * The profile's retry horizon, marked {@code *} when not verified against the provider's docs.
     */
    public String horizon() {
      return shown(profile.retryHorizon());
    }

    /**
     * When the latest automatic copy comes after the first attempt, marked {@code *} when not
     * verified; when that copy is a delayed delivery, also where the retries end.
     */
    public String latestAutomaticCopy() {
      RetentionProbe.LatestCopy latest = RetentionProbe.LatestCopy.of(profile);
      String shown = latest.fact().shown(latest.after().toString());
      return latest.delayed()
          ? shown + " (a delayed delivery; retries end at " + horizon() + ")"
          : shown;
    }

    /** The failure's story in {@code check}'s output: why it matters and how to replay it. */
    List<String> story(ReceiverCheck check) {
      if (counterexample.isEmpty()) {
        return List.of();
      }
      Path file = counterexample.get();
      String receiver = "model".equals(check.receiver()) ? "" : " " + check.replayArguments();
      return List.of(
          "",
          file + ": " + RISK,
          "Replay against "
              + check.receiverName()
              + ": java -jar "
              + ReplayCommands.JAR
              + " replay "
              + file
              + receiver);
    }

    /** The check as {@code summary.json} holds it. */
    void addTo(ObjectNode node) {
      node.put("provider", profile.name());
      node.put("retention", retention.toString());
      node.put("horizon", horizon());
      node.put("latest_automatic_copy", latestAutomaticCopy());
      node.put("verdict", holds ? "HOLDS" : "FAILED");
      node.put("latest_copy", latestCopy);
      counterexample.ifPresent(file -> node.put("counterexample", file.toString()));
    }

    /** The check's line in {@code check}'s overview. */
    String line() {
      return "Retention horizon: ids kept "
          + retention
          + " against "
          + profile.name()
          + "'s latest automatic copy "
          + latestAutomaticCopy()
          + ": "
          + (holds ? "holds: " : "FAILED: ")
          + latestCopy
          + counterexample.map(file -> "; counterexample " + file).orElse("");
    }
  }

  /**
   * Runs the probe of {@code profile} for {@code retention} against {@code receivers}; writes it
   * under {@code folder} when it fails.
   */
  public static Outcome check(
      Profile profile,
      Duration retention,
      Function<ReceiverSetup, Receiver> receivers,
      CheckedRun.Checks checks,
      Path folder) {
    CheckedRun.Result result =
        CheckedRun.run(RetentionProbe.scenario(profile, retention), receivers, checks);
    History history = result.history();
    boolean holds = result.violation().isEmpty() && history.expectationsHold();
    Optional<Path> file =
        holds
            ? Optional.empty()
            : Optional.of(
                ReportFiles.write(
                    folder.resolve(RetentionProbe.name(profile, retention) + ".json"),
                    RetentionProbe.text(profile, retention)));
    return new Outcome(profile, retention, holds, latestCopy(profile, history), file);
  }

  /** What the receiver decided for the latest copy, the step the check is about. */
  private static String latestCopy(Profile profile, History history) {
    String copy =
        RetentionProbe.LatestCopy.of(profile).delayed() ? "the delayed copy" : "the last retry";
    List<HistoryStep> steps = history.steps();
    if (steps.isEmpty()
        || !(steps.get(steps.size() - 1).detail() instanceof HistoryStep.Delivered latest)) {
      return "the replay stopped before " + copy;
    }
    String decision =
        latest.decision() == null ? "no decision (NO_ACK)" : latest.decision().describe();
    return latest.retentionExpired()
        ? copy + " came after e-1 was forgotten and was decided " + decision
        : copy + " was decided " + decision;
  }

  /** A fact's value as lists show it, {@code none} when the provider documents nothing. */
  public static String shown(Fact<?> fact) {
    return fact.shown(fact.value() == null ? "none" : String.valueOf(fact.value()));
  }
}
