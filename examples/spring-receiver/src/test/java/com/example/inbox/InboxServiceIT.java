package com.example.inbox;

import io.inboxcheck.api.InboxCheck;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The service held to the policy over HTTP: every scenario file of the inboxcheck repository, the
 * properties (deliveries decided later among them), concurrent requests and crashes.
 */
class InboxServiceIT {

  @TestFactory
  Stream<DynamicNode> theServiceKeepsThePolicy() {
    return InboxCheck.ofCommand(ServiceUnderCheck.command("policy", "--inbox.workers=3"))
        .scenarios(Path.of("../../scenarios"))
        .withoutProperties()
        .tests();
  }
}
