package io.inboxcheck.example;

import io.inboxcheck.api.InboxCheck;
import io.inboxcheck.receiver.ModelReceiver;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * What a JUnit 5 test in another project looks like: it uses only {@code io.inboxcheck.api} and the
 * receiver contract (ArchitectureTests keeps it so). Here the receiver is the reference model; in
 * your project it is yours, e.g. {@code InboxCheck.of(MyReceiver::new)}.
 */
class InboxExampleTests {

  @TestFactory
  Stream<DynamicNode> theReceiverKeepsThePolicy() {
    return InboxCheck.of(ModelReceiver::new).scenarios(Path.of("scenarios")).tries(20).tests();
  }
}
