package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.concurrent.SettledRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The property over deliveries decided later (SPEC section 3.6) passes a receiver that decides its
 * queue in another order than the deliveries arrived, with both of its coverage labels above their
 * floors, and catches each mistake of {@link QueueingReceiver}, shrunk to a counterexample file
 * whose settles replay the failure. Seeds are fixed (the property's seed, {@link #SEED}); rerun
 * with {@code mvn -Dtest=DecidedLaterTests test}.
 */
class DecidedLaterTests {
  static final long SEED = 20261204L;

  @TempDir Path folder;

  private RunConfig config() {
    return RunConfig.defaults().withSeed(SEED).withExampleDirectory(folder.resolve("examples"));
  }

  @Test
  void aReceiverDecidingItsQueueNewestFirstKeepsThePolicyAndTheQueueWasExercised() {
    PropertyResult<Scenario> result =
        io.inboxcheck.engine.PropertyRunner.run(
            DecidedLater.property(
                "queueing",
                setup -> new QueueingReceiver(setup, QueueingReceiver.Mistake.NONE),
                Generation.DEFAULT),
            config());

    assertThat(result.status()).as(result.describe()).isEqualTo(PropertyResult.Status.PASSED);
    assertThat(result.labelCounts().get(DecidedLater.SETTLED_A_QUEUE))
        .as("settles that found a queue")
        .isGreaterThan(result.triesRun() / 10);
    assertThat(result.labelCounts().get(DecidedLater.OUT_OF_ARRIVAL_ORDER))
        .as("cases decided out of arrival order")
        .isGreaterThan(result.triesRun() / 100);
  }

  @ParameterizedTest
  @CsvSource({
    "LOSES_THE_OLDEST, LOST, NOTHING_LOST",
    "DECIDES_ONE_TWICE, DECIDED_TWICE, NOTHING_LOST",
    "SETTLES_EARLY, NOT_SETTLED, NOTHING_LOST",
    "REQUEUES_ONE, DECIDED_TWICE, NOTHING_LOST"
  })
  void eachMistakeIsCaughtShrunkAndItsFileFailsAgain(
      QueueingReceiver.Mistake mistake, SettledRun.Problem problem, String invariant)
      throws Exception {
    PropertyReport report =
        DecidedLater.check(
            "queueing",
            setup -> new QueueingReceiver(setup, mistake),
            Generation.DEFAULT,
            config(),
            folder,
            Optional.empty());

    assertThat(report.result().status())
        .as(report.message())
        .isEqualTo(PropertyResult.Status.FAILED);
    assertThat(report.result().failure().orElseThrow().signature()).isEqualTo(problem.name());
    assertThat(report.violation().orElseThrow().invariant().name()).isEqualTo(invariant);
    assertThat(report.shrunkSteps()).as(report.message()).isBetween(2, 3);
    assertThat(report.message())
        .contains("' FAILED on queueing: " + invariant + " broken ")
        .contains("then settle")
        .contains("Replay against the model: java -jar target/inboxcheck.jar replay ");

    Path file = report.counterexample().orElseThrow();
    assertThat(Files.readString(file)).contains("\"settle_after\": [");
    Scenario written = new ScenarioReader().read(file);
    SettledRun.Result again =
        SettledRun.run(written, new QueueingReceiver(written.setup(), mistake));
    assertThat(again.signature()).as("the written file fails again").isEqualTo(problem.name());
    assertThat(
            SettledRun.run(
                    written, new QueueingReceiver(written.setup(), QueueingReceiver.Mistake.NONE))
                .passed())
        .as("and passes against the receiver without the mistake")
        .isTrue();
  }

  @Test
  void onlyReceiversThatAcknowledgeOnAcceptanceAreHeldToIt() {
    assertThat(DecidedLater.appliesTo(ModelReceiver::new)).isFalse();
    assertThat(
            DecidedLater.appliesTo(
                setup -> new QueueingReceiver(setup, QueueingReceiver.Mistake.NONE)))
        .isTrue();
  }
}
