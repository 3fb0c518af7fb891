package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.cli.Main;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A receiver that accepts connections and never answers is a finding with one clear line once the
 * request timeout passes, from the adapter and from the command line; it never hangs the build.
 */
@Timeout(120) // a guard against the very hang under test, never reached when the timeout works
class HungReceiverTests {
  private ServerSocket silent;
  private final List<Socket> accepted = new ArrayList<>();

  @BeforeEach
  void listenWithoutAnswering() throws IOException {
    silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              try {
                while (true) {
                  accepted.add(silent.accept()); // reads nothing, answers nothing
                }
              } catch (IOException closed) {
                // The test is over.
              }
            });
    acceptor.setDaemon(true);
    acceptor.start();
  }

  @AfterEach
  void close() throws IOException {
    silent.close();
    for (Socket socket : List.copyOf(accepted)) {
      socket.close();
    }
  }

  private String url() {
    return "http://127.0.0.1:" + silent.getLocalPort();
  }

  @Test
  void theAdapterGivesUpAfterTheTimeoutWithOneLine() throws Exception {
    var setup =
        new ScenarioReader().read(ProjectPaths.scenarios().resolve("B62-15-events.json")).setup();
    try (HttpReceivers hung = HttpReceivers.running(url(), "secret", Duration.ofSeconds(1))) {
      assertThatThrownBy(() -> hung.apply(setup))
          .isInstanceOf(ReceiverFailure.class)
          .hasMessage(
              "receiver "
                  + url()
                  + ", reset to the scenario's setup: no answer within 1 s"
                  + " (the receiver hangs)");
    }
  }

  @Test
  void replayReportsTheHungReceiverAsAFindingAndExitsOne() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String previous = System.getProperty(HttpReceivers.TIMEOUT_PROPERTY);
    System.setProperty(HttpReceivers.TIMEOUT_PROPERTY, "1");
    int exit;
    try {
      exit =
          Main.run(
              new PrintWriter(out, true),
              new PrintWriter(err, true),
              "replay",
              "--receiver",
              url(),
              "--receiver-secret",
              "secret",
              ProjectPaths.scenarios().resolve("B62-15-events.json").toString());
    } finally {
      if (previous == null) {
        System.clearProperty(HttpReceivers.TIMEOUT_PROPERTY);
      } else {
        System.setProperty(HttpReceivers.TIMEOUT_PROPERTY, previous);
      }
    }

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString().strip())
        .isEqualTo(
            "inboxcheck: receiver "
                + url()
                + ", reset to the scenario's setup: no answer"
                + " within 1 s (the receiver hangs)");
  }
}
