package com.example.inbox;

import io.inboxcheck.api.InboxCheck;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The service held to the policy over HTTP, as a process started from its packaged jar: every
 * scenario file of the inboxcheck repository, the properties (among them "deliveries decided later
 * keep every invariant", with several deliveries queued in the inbox between settles), four
 * requests at once, and kills. Three workers decide, so decisions interleave.
 */
class InboxServiceIT {
  /**
   * Idle workers look at the inbox once a second, so deliveries queue between the settles the
   * checks send (a settle wakes them at once), and workers decide several at a time.
   */
  static final String SLOW_POLL = "inbox.poll-interval=1s";

  @TestFactory
  Stream<DynamicNode> theServiceKeepsThePolicy() {
    return InboxCheck.ofCommand(ServiceUnderCheck.command("policy", "inbox.workers=3", SLOW_POLL))
        // The scenario files beside this example; in your project, a folder of your own.
        .scenarios(Path.of("../../scenarios"))
        // 20 tries per property instead of inboxcheck's 200: each try resets the service and
        // goes through HTTP, three requests a step (README.md, "The check").
        .tries(20)
        .concurrency(4)
        .tests();
  }

  /**
   * Killed with SIGKILL at drawn points, while deliveries wait in the inbox and while workers
   * decide, and started again on the same database: every accepted delivery is decided exactly
   * once. A service of its own, so no other process decides what the killed one left.
   */
  @TestFactory
  Stream<DynamicNode> theServiceSurvivesKills() {
    return InboxCheck.ofCommand(ServiceUnderCheck.command("crash", "inbox.workers=3", SLOW_POLL))
        .withoutProperties()
        .crash(15)
        .tests();
  }
}
