package io.inboxcheck.modes;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.AttemptKeyedReceiver;
import io.inboxcheck.cli.ModelBackedReceiver;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.suite.ProviderSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The modes answer values, not printed text: the conclusion, the failure and the code that reruns
 * its case come back as fields, and the lines the command line prints say the same.
 */
class ModeResultTests {
  private static final String ATTEMPT_KEYED = "class:" + AttemptKeyedReceiver.class.getName();

  @TempDir Path reports;

  /** Stripe's resend races its retry, which a receiver keyed on the attempt number fails. */
  @Test
  void aFailedConcurrencyRunGivesItsFailureAndCodeAsValuesAndItsReproduceFailsAgain()
      throws InputRejected {
    ConcurrencyCheck.Options options = stripe();

    ModeResult result =
        ConcurrencyCheck.run(
            ATTEMPT_KEYED,
            ConcurrencyCheck.atOnce(AttemptKeyedReceiver::new),
            ConcurrencyCheck.DEFAULT_SEED,
            options);

    assertThat(result.conclusion())
        .as(result.lines().toString())
        .isEqualTo(ModeResult.Conclusion.FAILED);
    assertThat(result.failure().orElseThrow())
        .containsPattern("round \\d+: no serial order of its requests gives the answers");
    String code = result.reproduceCode().orElseThrow();
    assertThat(String.join("\n", result.lines()))
        .contains("FAILED: ")
        .contains(result.failure().orElseThrow().split("\n")[0])
        .contains(options.arguments() + " --reproduce " + code);
    assertThat(result.counts()).containsKeys("cases", "a resend in flight with an automatic retry");

    ModeResult again =
        ConcurrencyCheck.reproduce(
            ATTEMPT_KEYED,
            ConcurrencyCheck.atOnce(AttemptKeyedReceiver::new),
            ConcurrencyCheck.DEFAULT_SEED,
            options,
            CaseCode.decode(code).orElseThrow());
    assertThat(again.conclusion()).isEqualTo(ModeResult.Conclusion.FAILED);
    assertThat(again.lines()).anyMatch(line -> line.matches("FAILED on send \\d+ of at most 200:"));
  }

  /**
   * The model taking one request at a time misses the in-flight floors, so the check draws a second
   * case; that case's receiver answers a reconciliation with an error. The finding names the failed
   * request in the receiver's words, shrunk, with no Java exception in it.
   */
  @Test
  void aReceiverThatFailsARequestInALaterCaseIsAFindingWithoutAJavaTrace() throws InputRejected {
    AtomicInteger receivers = new AtomicInteger();
    Function<ReceiverSetup, Receiver> failingFromTheSecondCase =
        setup ->
            receivers.incrementAndGet() == 1
                ? new ModelReceiver(setup)
                : new ReconciliationAnswers500(setup);

    ModeResult result =
        ConcurrencyCheck.run(
            "failing",
            ConcurrencyCheck.atOnce(failingFromTheSecondCase),
            ConcurrencyCheck.DEFAULT_SEED,
            stripe());

    assertThat(result.conclusion())
        .as(result.lines().toString())
        .isEqualTo(ModeResult.Conclusion.FAILED);
    assertThat(result.failure().orElseThrow())
        .matches("step \\d+ \\(reconcile\\): the receiver answered 500");
    assertThat(String.join("\n", result.lines()))
        .contains("FAILED: 1 problems, shrunk to")
        .doesNotContain("ReceiverFailure")
        .doesNotContain("\tat ")
        .contains(" --reproduce ");
  }

  /** The model, but every reconciliation fails as a receiver answering 500 does over HTTP. */
  private static final class ReconciliationAnswers500 extends ModelBackedReceiver {
    ReconciliationAnswers500(ReceiverSetup setup) {
      super(setup);
    }

    @Override
    public String name() {
      return "reconciliation-answers-500";
    }

    @Override
    public List<ObjectReconciliation> reconcile(
        int step, SortedMap<String, AuthoritativeCard> authority) {
      throw new ReceiverFailure("step " + step + " (reconcile): the receiver answered 500");
    }
  }

  @Test
  void aReceiverThatCannotStartStopsTheCrashCheckWithOneLineAndNoReport() {
    ModeResult result =
        CrashCheck.run(
            "exec:/nonexistent/inboxcheck-receiver",
            7L,
            new CrashCheck.Options(
                1,
                Duration.ofSeconds(5),
                Limits.DEFAULTS,
                Generation.DEFAULT,
                "check --crash --receiver exec:/nonexistent/inboxcheck-receiver"));

    assertThat(result.conclusion()).isEqualTo(ModeResult.Conclusion.STOPPED);
    assertThat(result.lines()).isEmpty();
    assertThat(result.reproduceCode()).isEmpty();
    assertThat(result.failure().orElseThrow())
        .contains("/nonexistent/inboxcheck-receiver")
        .endsWith("(crash check, seed 7)")
        .doesNotContain("\n");
  }

  private ConcurrencyCheck.Options stripe() throws InputRejected {
    Generation generation =
        ProviderSettings.generation(ProjectPaths.root().resolve("profiles"), "stripe", null);
    return new ConcurrencyCheck.Options(
        2,
        generation,
        "check --concurrency 2 --receiver " + ATTEMPT_KEYED + ProviderSettings.options(generation),
        reports,
        new Limits(
            Limits.MAX_CHOICES, 150, Limits.MAX_SHRINK_PASSES, Optional.of(Duration.ofMinutes(3))));
  }
}
