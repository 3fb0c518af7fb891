package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine catches a planted bug, shrinks it to a short scenario, writes it as a counterexample
 * file, and the command line replays that file to the same divergence.
 */
class PlantedBugTests {
  static final String PLANTED = "class:" + NewerVariantApplyingReceiver.class.getName();

  @TempDir Path examples;

  @Test
  void aReceiverThatAppliesVariantsIsCaughtShrunkAndReplayable() throws Exception {
    PropertyHarness harness =
        new PropertyHarness(
            // The seed from the property's name, whatever -Dinboxcheck.seed says, so the story
            // below is the same shrunk scenario in every run (and the one the README shows).
            RunConfig.defaults().withSeedFromName().withExampleDirectory(examples),
            ProjectPaths.reports().resolve("counterexamples"));

    PropertyReport outcome =
        harness.faultSequences(
            "applies-newer-variant",
            NewerVariantApplyingReceiver::new,
            CheckedRun.Checks.INVARIANTS);

    assertThat(outcome.result().status()).isEqualTo(PropertyResult.Status.FAILED);
    assertThat(outcome.violation())
        .get()
        .extracting(v -> v.invariant())
        .isEqualTo(Invariant.NO_VARIANT_APPLIED);
    assertThat(outcome.shrunkSteps()).as(outcome.message()).isBetween(1, 4);
    Path file = outcome.counterexample().orElseThrow();
    assertThat(file).exists().hasParent(ProjectPaths.reports().resolve("counterexamples"));
    assertThat(Files.readString(file))
        .contains("\"failure\"")
        .contains("NO_VARIANT_APPLIED")
        .contains("\"expect\"");

    assertThat(outcome.message())
        .as("the failure reads as a story")
        .contains("NO_VARIANT_APPLIED broken after step 2 (deliver)")
        .contains("expected:  variant of retained e-1, changed cards []")
        .contains("observed:  decision APPLIED, changed cards [card-1]")
        .contains("\n  shrinking stopped at a fixpoint (no shrink pass made progress)\n")
        .contains("initial: card-1 v0")
        .contains("1. deliver e-1 card-1 v1 ")
        .contains("2. deliver e-1 card-1 v2 ")
        .contains("APPLIED | card-1 v0->v1, replacements event 0->1")
        .contains("APPLIED (model: HELD ID_CONFLICT) | card-1 v1->v2, replacements event 1->2")
        .contains(
            "Replay against applies-newer-variant: java -cp"
                + " target/inboxcheck.jar:target/test-classes io.inboxcheck.cli.Main replay"
                + " --receiver "
                + PLANTED
                + " reports/counterexamples/"
                + file.getFileName())
        .doesNotContain("labels (test cases reaching each)");

    // The README shows this run: its header, where it was found, and the story, line for line.
    String readme = Files.readString(ProjectPaths.root().resolve("README.md"));
    List<String> shown =
        outcome
            .message()
            .lines()
            .filter(line -> !line.startsWith("Replay against") && !line.startsWith("Shrunk"))
            .filter(line -> !line.contains("shrinking stopped"))
            .toList();
    assertThat(shown)
        .as("the README's example")
        .allSatisfy(line -> assertThat(readme).contains(line));

    CommandRun planted = CommandRun.of("replay", "--receiver", PLANTED, file.toString());
    assertThat(planted.exitCode()).isEqualTo(1);
    assertThat(planted.err())
        .contains(outcome.violation().get().invariant().name())
        .contains("step " + outcome.violation().get().step());

    CommandRun model = CommandRun.of("replay", file.toString());
    assertThat(model.exitCode())
        .as("the reference model keeps the expectations it wrote: %s", model.err())
        .isZero();
  }
}
