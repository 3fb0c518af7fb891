package com.example.inbox;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.inboxcheck.api.InboxCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

/**
 * Each mistake a team makes with this design, planted behind {@code inbox.mistake}, is caught: a
 * check fails, names what broke, and prints a shrunk counterexample. Each runs the service on a
 * database of its own.
 */
class MistakesIT {

  /**
   * Two workers read one card with a plain SELECT, both decide against what they read, and the
   * later write wins: caught when several deliveries of a card wait in the inbox at a settle.
   */
  @Test
  void aWorkerThatReadsTheCardWithoutALockIsCaught() {
    List<String> failures =
        failures(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_unlocked",
                        "inbox.mistake=card-read-without-lock",
                        "inbox.workers=3",
                        InboxServiceIT.SLOW_POLL))
                .tries(5));

    assertCaughtAndShrunk(failures, "CONFORMANCE");
  }

  /**
   * The private method's {@code @Transactional} does nothing: every statement commits alone, the
   * inbox row's lock ends with the SELECT that took it, and two workers decide one delivery.
   */
  @Test
  void aTransactionalPrivateMethodIsCaught() {
    List<String> failures =
        failures(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_private",
                        "inbox.mistake=transactional-private-method",
                        "inbox.workers=3",
                        InboxServiceIT.SLOW_POLL))
                .tries(5));

    assertCaughtAndShrunk(failures, "one delivery has two delivery entries, decided twice");
  }

  /** The inbox row is gone before the decision is recorded: a kill in between loses it. */
  @Test
  void aDecisionInASecondTransactionIsCaughtByAKill() {
    List<String> failures =
        failures(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_second",
                        "inbox.mistake=decision-in-second-transaction",
                        "inbox.workers=3",
                        InboxServiceIT.SLOW_POLL))
                .withoutProperties()
                .crash(10)
                // Each candidate restarts the service at every kill: a small budget still shrinks
                // the case to a few steps and one kill.
                .shrinkBudget(2));

    assertCaughtAndShrunk(
        failures, "was acknowledged (accepted, to be decided later) and was never decided");
  }

  /** At least one check failed, the first naming {@code finding} and shrunk. */
  private static void assertCaughtAndShrunk(List<String> failures, String finding) {
    assertFalse(failures.isEmpty(), "the mistake was not caught");
    String message = failures.get(0);
    assertTrue(message.contains(finding), message);
    assertTrue(message.contains("shrunk to"), message);
  }

  /** Runs every test the check makes, as JUnit would; answers the failures' messages. */
  private static List<String> failures(InboxCheck check) {
    List<String> failures = new ArrayList<>();
    try (Stream<DynamicNode> nodes = check.tests()) {
      nodes.forEach(
          node -> {
            try {
              ((DynamicTest) node).getExecutable().execute();
            } catch (AssertionError failure) {
              failures.add(failure.getMessage());
            } catch (org.opentest4j.TestAbortedException weak) {
              // a run short of a coverage floor: no finding either way
            } catch (Throwable other) {
              throw new IllegalStateException("the check did not run: " + other, other);
            }
          });
    }
    failures.forEach(System.out::println);
    return failures;
  }
}
