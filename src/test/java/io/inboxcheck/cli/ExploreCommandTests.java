package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import org.junit.jupiter.api.Test;

/** The {@code explore} command: formats, exit codes, bounds and rejected receivers. */
class ExploreCommandTests {
  private static final String GUIDE =
      ProjectPaths.scenarios().resolve("B62-15-events.json").toString();

  @Test
  void theGuideHoldsInEveryOrder() {
    CommandRun run = CommandRun.of("explore", GUIDE);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("orders represented")
        .contains("1,814,400 (10!/2!)")
        .contains("every invariant and whole-run property holds in all 1,814,400 orders")
        .contains("distinct states")
        .contains("brute force estimate");
  }

  @Test
  void jsonCarriesTheSameFacts() throws Exception {
    CommandRun run = CommandRun.of("explore", GUIDE, "--format", "json");

    JsonNode root = new ObjectMapper().readTree(run.out());
    assertThat(run.exitCode()).isZero();
    assertThat(root.get("orders").asLong()).isEqualTo(1_814_400L);
    assertThat(root.get("holds").asBoolean()).isTrue();
    assertThat(root.get("final_cards")).hasSize(1);
    assertThat(root.at("/invariants/PAUSED_FROZEN/orders_violating").asLong()).isZero();
  }

  @Test
  void markdownHasSections() {
    CommandRun run = CommandRun.of("explore", GUIDE, "--format", "markdown");

    assertThat(run.out()).contains("# Exploration of B62-15-events").contains("## Final cards");
  }

  @Test
  void exceedingTheStateBoundConcludesNothingAndExitsTwo() {
    CommandRun run = CommandRun.of("explore", GUIDE, "--max-states", "10");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("10 distinct states").contains("--max-states");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void aReceiverThatCannotBeCopiedIsRejected() {
    CommandRun run =
        CommandRun.of(
            "explore",
            GUIDE,
            "--receiver",
            "class:" + NewerVariantApplyingReceiver.class.getName());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err()).contains("does not implement").contains("ExplorableReceiver");
  }

  @Test
  void aMissingFileIsRejected() {
    CommandRun run = CommandRun.of("explore", "no-such-file.json");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
  }
}
