package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.Main;
import io.inboxcheck.http.HostileReceiver.Behaviour;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A receiver cannot hurt the harness with what it answers: a huge answer is read up to a bound and
 * dropped, a dripping or endless one ends at the request timeout, and a body that is not UTF-8, not
 * JSON by its type, or cut off is one line naming the receiver and the request, and exit code 1.
 */
@Timeout(120) // a guard against the very hangs under test, never reached when the bounds hold
class HostileReceiverTests {
  private static final Duration TIMEOUT = Duration.ofSeconds(2);
  private static final String RESET = ", reset to the scenario's setup: ";

  private static ReceiverSetup setup() throws InputRejected {
    return new ScenarioReader()
        .read(ProjectPaths.scenarios().resolve("B62-15-events.json"))
        .setup();
  }

  /**
   * The line each behaviour ends in, after {@code receiver URL, reset to the scenario's setup: }.
   */
  private static String expectedProblem(Behaviour behaviour) {
    return switch (behaviour) {
      case HUGE_CHUNKED ->
          "an answer longer than the 33554432 bytes inboxcheck reads; reading stopped there";
      case HUGE_DECLARED ->
          "an answer of 314572800 bytes declared, more than the 33554432 inboxcheck reads";
      case DRIP, ENDLESS_CHUNKED -> "no whole answer within 2 s (";
      case NOT_UTF8 -> "the answer is not UTF-8 (a malformed sequence at byte 14)";
      case WRONG_CONTENT_TYPE ->
          "the answer's Content-Type is \"text/html\"; expected application/json";
      case CLOSED_HALFWAY -> "the connection closed before the whole answer (";
    };
  }

  @ParameterizedTest
  @EnumSource(Behaviour.class)
  void eachHostileAnswerIsOneLineWithinTheTimeout(Behaviour behaviour) throws Exception {
    try (HostileReceiver hostile = new HostileReceiver(behaviour);
        HttpReceivers receivers = HttpReceivers.running(hostile.url(), "secret", TIMEOUT)) {
      ReceiverSetup setup = setup();
      long started = System.nanoTime();

      assertThatThrownBy(() -> receivers.apply(setup))
          .isInstanceOf(ReceiverFailure.class)
          .message()
          .startsWith("receiver " + hostile.url() + RESET + expectedProblem(behaviour))
          .doesNotContain("\n");
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .as("the exchange, headers to last byte, ends at the timeout")
          .isLessThan(TIMEOUT.plusSeconds(2));
    }
  }

  @ParameterizedTest
  @EnumSource(Behaviour.class)
  void replayReportsEachAsOneLineAndExitsOne(Behaviour behaviour) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String previous = System.getProperty(HttpReceivers.TIMEOUT_PROPERTY);
    System.setProperty(HttpReceivers.TIMEOUT_PROPERTY, Long.toString(TIMEOUT.toSeconds()));
    int exit;
    try (HostileReceiver hostile = new HostileReceiver(behaviour)) {
      exit =
          Main.run(
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              "replay",
              "--receiver",
              hostile.url(),
              "--receiver-secret",
              "secret",
              ProjectPaths.scenarios().resolve("B62-15-events.json").toString());

      assertThat(exit).isEqualTo(1);
      assertThat(err.toString().strip())
          .startsWith("inboxcheck: receiver " + hostile.url() + RESET + expectedProblem(behaviour))
          .doesNotContain("\n");
    } finally {
      if (previous == null) {
        System.clearProperty(HttpReceivers.TIMEOUT_PROPERTY);
      } else {
        System.setProperty(HttpReceivers.TIMEOUT_PROPERTY, previous);
      }
    }
  }

  /**
   * Every byte the JVM's threads allocated while the harness met a 300 MB answer: the bounded
   * reader holds at most its bound, where reading the answer whole took the harness past 1 GB.
   */
  @ParameterizedTest
  @EnumSource(
      value = Behaviour.class,
      names = {"HUGE_CHUNKED", "HUGE_DECLARED"})
  void aThreeHundredMegabyteAnswerCostsLessThanAHundredMegabytes(Behaviour behaviour)
      throws Exception {
    try (HostileReceiver hostile = new HostileReceiver(behaviour);
        HttpReceivers receivers = HttpReceivers.running(hostile.url(), "secret", TIMEOUT)) {
      ReceiverSetup setup = setup();
      long before = allocatedBytes();

      assertThatThrownBy(() -> receivers.apply(setup)).isInstanceOf(ReceiverFailure.class);
      long allocated = allocatedBytes() - before;

      assertThat(allocated)
          .as("bytes allocated while meeting a %d-byte answer", HostileReceiver.HUGE_BYTES)
          .isLessThan(100L * 1024 * 1024);
      assertThat(hostile.bodyBytesWritten())
          .as("the receiver could not push the rest of its answer")
          .isLessThan(HostileReceiver.HUGE_BYTES / 2);
    }
  }

  @Test
  void aDeliveryOverAPlainSocketEndsAtTheTimeoutToo() throws Exception {
    try (HostileReceiver hostile = new HostileReceiver(Behaviour.DRIP)) {
      ReceiverClient client =
          new ReceiverClient(hostile.url(), URI.create(hostile.url()), "secret", TIMEOUT);
      long started = System.nanoTime();

      assertThatThrownBy(() -> client.deliverDirect("{}", Map.of(), "the delivery at step 1"))
          .isInstanceOf(ReceiverFailure.class)
          .hasMessage(
              "receiver "
                  + hostile.url()
                  + ", the delivery at step 1: no whole answer within 2 s"
                  + " (the receiver hangs or drips)");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(TIMEOUT.plusSeconds(2));
    }
  }

  @Test
  void aDeliveryOverAPlainSocketRefusesAHugeAnswerUnread() throws Exception {
    try (HostileReceiver hostile = new HostileReceiver(Behaviour.HUGE_DECLARED)) {
      ReceiverClient client =
          new ReceiverClient(hostile.url(), URI.create(hostile.url()), "secret", TIMEOUT);

      assertThatThrownBy(() -> client.deliverDirect("{}", Map.of(), "the delivery at step 1"))
          .isInstanceOf(ReceiverFailure.class)
          .hasMessage(
              "receiver "
                  + hostile.url()
                  + ", the delivery at step 1: an answer of 314572800 bytes declared,"
                  + " more than the 33554432 inboxcheck reads");
      assertThat(hostile.bodyBytesWritten()).isLessThan(HostileReceiver.HUGE_BYTES / 2);
    }
  }

  /** What every live thread of this JVM has allocated so far. */
  private static long allocatedBytes() {
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long total = 0;
    for (long allocated : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      total += Math.max(0, allocated);
    }
    return total;
  }
}
