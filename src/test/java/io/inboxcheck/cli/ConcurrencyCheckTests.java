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

  /** A receiver that never answers stops the run in one line; no case was judged to report. */
  @Test
  void anUnreachableReceiverStopsTheRunInOneLine() {
    CommandRun run =
        CommandRun.of(
            "check",
            "--concurrency",
            "2",
            "--receiver",
            "http://127.0.0.1:9",
            "--receiver-secret",
            "secret");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(run.err().strip())
        .startsWith("inboxcheck: receiver http://127.0.0.1:9, reset to the scenario's setup:")
        .contains("cannot reach http://127.0.0.1:9")
        .contains("rerun with: java -jar target/inboxcheck.jar check --concurrency 2")
        .doesNotContain("\n")
        .doesNotContain("NullPointerException");
  }
}
