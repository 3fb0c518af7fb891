package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The options of {@code check --concurrency}: bad input is one line and exit code 2. */
class ConcurrencyCheckTests {
  @Test
  void aConcurrencyBelowTwoIsRejectedInOneLine() {
    CommandRun run = CommandRun.of("check", "--concurrency", "1");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: --concurrency must be from 2 to 64 (requests in flight at once),"
                + " got 1");
  }

  @Test
  void anUnknownProviderIsRejectedInOneLineBeforeTheConcurrencyCheckRuns() {
    CommandRun run = CommandRun.of("check", "--provider", "nosuch", "--concurrency", "2");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err().strip())
        .startsWith("inboxcheck check: ")
        .contains(
            "no profile \"nosuch\"; known: github, shopify, slack-delayed-events, slack,"
                + " standard-webhooks, stripe, svix")
        .doesNotContain("\n")
        .doesNotContain("Exception");
    assertThat(run.out()).doesNotContain("concurrency check");
  }

  @Test
  void withTheSlackProfileTheConcurrencyCheckRunsAtTheGivenConcurrency() {
    CommandRun run =
        CommandRun.of("check", "--provider", "slack", "--concurrency", "2", "--receiver", "model");

    assertThat(run.out()).contains("concurrency check of model (it takes one request at a time");
  }
}
