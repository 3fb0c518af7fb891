package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The example Python receiver under {@code check --concurrency}: it serves each request on its own
 * thread and takes one lock around each delivery, reconciliation and clock move, so requests in
 * flight together are serialised inside it and every round has a serial order. Its audit names
 * arrivals, not steps, so it is judged by the serial-order search. The search catches its planted
 * mistakes: a lower version applied, a reconciliation that reads and writes in two transactions
 * outside the delivery lock, answers handed back through one slot every request shares, held inputs
 * replayed after the reconciliation committed, and expired ids deleted by a list read before the
 * lock was let go.
 */
class PythonConcurrencyTests {
  static final String NOT_ATOMIC = PythonReceiver.COMMAND + " --mistake reconcile-not-atomic";

  static final String SHARED_ANSWER = PythonReceiver.COMMAND + " --mistake shared-answer";

  private static final Pattern SHRUNK_ROUNDS = Pattern.compile("shrunk to (\\d+) rounds");
  private static final Pattern REPRODUCE = Pattern.compile("--reproduce (\\S+)");

  @Test
  void thePythonReceiverPassesWithCopiesReconciliationsAndClockMovesInFlight() {
    PythonReceiver.requirePython();

    CommandRun run = concurrency(2, PythonReceiver.COMMAND);

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isZero();
    assertThat(run.out())
        .contains("judged by searching the serial orders of each round")
        .containsPattern("copies of one delivery in flight at once +[1-9]\\d* pairs")
        .containsPattern("deliveries in flight with a reconciliation +[1-9]\\d* requests")
        .containsPattern("deliveries in flight with a re-evaluation +[1-9]\\d* requests")
        .containsPattern("deliveries in flight with a clock move +[1-9]\\d* requests")
        .containsPattern("deliveries in flight answered differently +[1-9]\\d* pairs")
        .containsPattern("redeliveries in flight at a retention end +[1-9]\\d* requests");
  }

  /**
   * An answer handed back through one slot every request thread shares: two deliveries in flight
   * together, decided differently, are answered alike, which no serial order gives. Caught with the
   * default options, shrunk, and the code it prints sends the case again until it fails.
   */
  @Test
  void anAnswerSharedBetweenRequestsIsCaughtShrunkAndReproduced() {
    PythonReceiver.requirePython();

    CommandRun run = concurrency(4, SHARED_ANSWER);

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out()).contains("no serial order of its requests gives the answers");
    assertShrunkAndReproduced(run, SHARED_ANSWER);
  }

  /**
   * The search is a check that fails: the planted mistake applies a lower version, which no serial
   * order of the round gives, whatever the interleaving.
   */
  @Test
  void theSearchCatchesThePlantedMistake() {
    PythonReceiver.requirePython();

    CommandRun run = concurrency(4, PythonReceiver.PLANTED_COMMAND, "--shrink-budget", "10");

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("no serial order of its requests gives the answers")
        .contains("rerun with: java -jar target/inboxcheck.jar check --concurrency 4");
  }

  /**
   * A reconciliation racing deliveries for the card it unpauses: one committed between its read and
   * its write stays held on an unpaused card, which the view read after that round shows. Caught,
   * shrunk to a few rounds, and the code it prints sends exactly them again.
   */
  @Test
  void aReconciliationOutsideTheDeliveryLockIsCaughtShrunkAndReproduced() {
    PythonReceiver.requirePython();

    CommandRun run = concurrency(4, NOT_ATOMIC, "--shrink-budget", "20");

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("no serial order of its requests ends in the view the receiver shows after it")
        // Held on the card the reconciliation unpaused, or (once shrinking dropped that card from
        // the setup) on the card it created: either way a delivery it should have re-evaluated.
        .containsPattern(
            "it shows held \\[[^]]*(CARD_PAUSED|UNKNOWN_OBJECT)[^]]*\\] where the model ends with"
                + " held")
        .contains("reconcile card-");
    assertShrunkAndReproduced(run, NOT_ATOMIC);
  }

  /**
   * Two windows a split transaction opens, each reached only by a request in flight at the same
   * time. A reconciliation that commits the authority's card and replays the card's held inputs in
   * a later transaction: a delivery for the card committed in between is judged against the bare
   * authority card, ahead of the inputs held before it. A clock move that drops expired ids from
   * the lookup at once and deletes their records by the ids it read in a later transaction: a
   * redelivery in between is recorded afresh and the sweep deletes the fresh record, so the
   * receiver forgets an id it has just received. No serial order gives either; each is caught with
   * the default options, shrunk, and the code it prints sends the case again until it fails.
   */
  @Tag("slow")
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "reevaluate-later, deliveries in flight with a re-evaluation, reconcile card-",
    "sweep-by-list, redeliveries in flight at a retention end, clock to "
  })
  void aWindowBetweenTwoTransactionsIsCaughtShrunkAndReproduced(
      String mistake, String coverage, String request) {
    PythonReceiver.requirePython();
    String command = PythonReceiver.COMMAND + " --mistake " + mistake;

    CommandRun run = concurrency(4, command);

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern(coverage + " +[1-9]\\d* requests")
        .containsPattern("no serial order of its requests (gives the answers|ends in the view)")
        .contains(request);
    assertShrunkAndReproduced(run, command);
  }

  /** The case is shrunk to a few rounds, and the code it prints sends them again until it fails. */
  private static void assertShrunkAndReproduced(CommandRun run, String command) {
    Matcher shrunk = SHRUNK_ROUNDS.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    assertThat(Integer.parseInt(shrunk.group(1))).as(run.out()).isBetween(1, 6);
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();

    CommandRun again = concurrency(4, command, "--reproduce", code.group(1));

    assertThat(again.exitCode()).as("%s%s", again.out(), again.err()).isEqualTo(1);
  }

  private static CommandRun concurrency(int requests, String command, String... more) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "check",
                "--concurrency",
                Integer.toString(requests),
                "--receiver",
                "exec:" + command));
    arguments.addAll(List.of(more));
    return CommandRun.of(arguments.toArray(String[]::new));
  }
}
