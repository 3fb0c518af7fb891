package com.example.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.inboxcheck.api.InboxCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;

/**
 * Each mistake a team makes with this design, planted behind {@code inbox.mistake}, is caught: the
 * check fails, names what broke, and prints a shrunk counterexample with the way to rerun it.
 */
class MistakesIT {

  /** Two workers read one card, both decide against what they read, the later write wins. */
  @Test
  void aWorkerThatReadsTheCardWithoutALockIsCaught() {
    String message =
        theOneFailure(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_unlocked", "--inbox.workers=3", "--inbox.mistake=card-read-without-lock"))
                .withoutProperties()
                .concurrency(4)
                .shrinkBudget(10));

    assertShrunkAndRerunnable(message);
  }

  /** The private method's {@code @Transactional} does nothing: two workers take one inbox row. */
  @Test
  void aTransactionalPrivateMethodIsCaught() {
    String message =
        theOneFailure(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_private",
                        "--inbox.workers=3",
                        "--inbox.mistake=transactional-private-method"))
                .withoutProperties()
                .concurrency(4)
                .shrinkBudget(10));

    assertShrunkAndRerunnable(message);
  }

  /** The inbox row is gone before the decision is recorded: a kill in between loses it. */
  @Test
  void aDecisionInASecondTransactionIsCaughtByAKill() {
    String message =
        theOneFailure(
            InboxCheck.ofCommand(
                    ServiceUnderCheck.command(
                        "mistake_second",
                        "--inbox.workers=3",
                        "--inbox.mistake=decision-in-second-transaction"))
                .withoutProperties()
                .crash(10)
                .shrinkBudget(5));

    assertShrunkAndRerunnable(message);
  }

  private static void assertShrunkAndRerunnable(String message) {
    assertTrue(message.contains("shrunk to"), message);
    assertTrue(message.contains("Rerun in JUnit: .seed("), message);
  }

  /** Runs every test the check makes, as JUnit would; answers the one failure's message. */
  private static String theOneFailure(InboxCheck check) {
    List<Throwable> failures = new ArrayList<>();
    try (Stream<DynamicNode> nodes = check.tests()) {
      nodes.forEach(
          node -> {
            try {
              ((DynamicTest) node).getExecutable().execute();
            } catch (Throwable failure) {
              failures.add(failure);
            }
          });
    }
    assertEquals(1, failures.size(), () -> "expected one failing check, got " + failures);
    assertTrue(failures.get(0) instanceof AssertionError, failures.get(0)::toString);
    return failures.get(0).getMessage();
  }
}
