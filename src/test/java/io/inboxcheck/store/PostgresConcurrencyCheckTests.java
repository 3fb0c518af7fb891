package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code check --concurrency} against the PostgreSQL store (issue 16, copies in flight): the store
 * passes with copies of one delivery really in flight at once, and the store without its name locks
 * ({@link NameLocklessPostgres}) fails, every time.
 */
class PostgresConcurrencyCheckTests {
  /** The seed of the passing run; rerun a failure with the command it prints. */
  static final long SEED = 20261201L;

  /** Runs of the broken store, each with its own seed, that must all fail. */
  static final int BROKEN_RUNS = 10;

  @Test
  void theStorePassesWithCopiesInFlightAtOnce() {
    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "4", "--receiver", "postgres", "--seed", Long.toString(SEED));

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isZero();
    assertThat(run.out())
        .contains("judged by searching the serial orders of each round")
        .containsPattern("copies of one delivery in flight at once +[1-9]\\d* pairs")
        .containsPattern("deliveries in flight with a reconciliation +[1-9]\\d* requests")
        .containsPattern("deliveries in flight with a clock move +[1-9]\\d* requests")
        .doesNotContain("NO_ACK");
  }

  @Test
  void theStoreWithoutItsNameLocksFailsEveryRun() {
    for (int run = 0; run < BROKEN_RUNS; run++) {
      long seed = SEED + run;
      CommandRun result =
          CommandRun.of(
              "check",
              "--concurrency",
              "4",
              "--receiver",
              "class:" + NameLocklessPostgres.class.getName(),
              "--seed",
              Long.toString(seed),
              // Ten runs: each failure as found, unshrunk, keeps the test's time what it was.
              "--shrink-budget",
              "0");

      assertThat(result.exitCode())
          .as("run %d of %d, seed %d: %s%s", run + 1, BROKEN_RUNS, seed, result.out(), result.err())
          .isEqualTo(1);
      assertThat(result.out())
          .as("the finding names the database error; seed %d", seed)
          .contains("FAILED:")
          .contains("SQLSTATE 23505 (unique_violation)")
          .contains("rerun with: java -jar target/inboxcheck.jar check --concurrency 4");
      assertWhatItSawReplays(result, seed);
    }
  }

  /** The scenario a failing run writes is read by replay: not rejected (exit code 2). */
  private static void assertWhatItSawReplays(CommandRun failed, long seed) {
    Matcher written =
        Pattern.compile("What it saw, in the receiver's audit order: (\\S+\\.json)")
            .matcher(failed.out());
    assertThat(written.find())
        .as("the failure names its file; seed %d: %s", seed, failed.out())
        .isTrue();
    Path file = Path.of(written.group(1));
    assertThat(file).exists();
    CommandRun replayed = CommandRun.of("replay", file.toString());
    assertThat(replayed.exitCode()).as("%s%s", replayed.out(), replayed.err()).isIn(0, 1);
  }
}
