/**
 * Checking your own receiver from a JUnit 5 test in your build. Implement {@link
 * io.inboxcheck.receiver.Receiver}, then hand a factory to {@link io.inboxcheck.api.InboxCheck}:
 *
 * <pre>{@code
 * class InboxTests {
 *   @TestFactory
 *   Stream<DynamicNode> inboxKeepsThePolicy() {
 *     return InboxCheck.of(MyReceiver::new).scenarios(Path.of("scenarios")).tests();
 *   }
 * }
 * }</pre>
 *
 * Each scenario file and each property becomes its own dynamic test; a failure's message holds the
 * shrunk scenario as a script, the broken invariant and the commands that replay it. This package
 * and the receiver contracts ({@code io.inboxcheck.receiver}) with the values they exchange are the
 * surface other projects may rely on (docs/java-api.md); everything else in inboxcheck is internal.
 */
@API(status = STABLE)
package io.inboxcheck.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
