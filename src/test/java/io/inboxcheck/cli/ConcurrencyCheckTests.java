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
  void anUnknownProviderIsRejectedInOneLine() {
    CommandRun run = CommandRun.of("check", "--provider", "nosuch");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.REJECTED);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: --provider nosuch: there is no profiles/nosuch.json; available:"
                + " github, shopify, slack, stripe, svix")
        .doesNotContain("\n")
        .doesNotContain("Exception");
  }

  @Test
  void theSlackProfileGivesTheConcurrencyAndSaysSo() {
    CommandRun run = CommandRun.of("check", "--provider", "slack", "--receiver", "model");

    assertThat(run.out())
        .startsWith("--concurrency absent: 2 from the slack profile's copies_in_flight")
        .contains("concurrency check of model (it takes one request at a time");
  }
}
