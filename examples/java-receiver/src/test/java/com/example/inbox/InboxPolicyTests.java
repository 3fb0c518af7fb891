package com.example.inbox;

import io.inboxcheck.api.InboxCheck;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The inbox held to the policy by inboxcheck: every scenario file of the inboxcheck repository,
 * then the fault-sequence and arrival-order properties with shrinking. A failure's message is the
 * shrunk scenario as a script, the broken invariant and the command that replays it.
 */
class InboxPolicyTests {

  @TestFactory
  Stream<DynamicNode> theInboxKeepsThePolicy() {
    return InboxCheck.ofContract(InboxUnderCheck::new)
        // The scenario files beside this example; in your project, a folder of your own.
        .scenarios(Path.of("../../scenarios"))
        .tries(200)
        .tests();
  }
}
