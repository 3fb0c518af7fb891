package io.inboxcheck.http;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

/**
 * Hands out receivers over HTTP: {@code exec:COMMAND} starts the command once, on first use, and
 * every scenario resets that one process to its own setup; {@code http:URL} talks to a receiver
 * that is already running, with the secret it was given. Closing stops a started process (a JVM
 * shutdown hook stops it too, should nobody close the factory).
 */
public final class HttpReceivers implements Function<ReceiverSetup, Receiver>, AutoCloseable {
  public static final String EXEC_PREFIX = "exec:";
  public static final String HTTP_PREFIX = "http:";

  /** Longest wait for any one answer of a receiver, unless the property below says otherwise. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** System property overriding the timeout, in seconds. */
  public static final String TIMEOUT_PROPERTY = "inboxcheck.receiverTimeoutSeconds";

  private final String choice;

  /** The command that starts the receiver, or null for one already running at {@link #client}. */
  private final String command;

  private final Duration timeout;
  private ReceiverProcess process;
  private ReceiverClient client;

  private HttpReceivers(String choice, String command, Duration timeout, ReceiverClient client) {
    this.choice = choice;
    this.command = command;
    this.timeout = timeout;
    this.client = client;
  }

  /** A factory for {@code exec:COMMAND}; the command starts on first use. */
  public static HttpReceivers exec(String command, Duration timeout) {
    return new HttpReceivers(EXEC_PREFIX + command, command, timeout, null);
  }

  /** A factory for a receiver already listening at {@code url}, given its control secret. */
  public static HttpReceivers running(String url, String secret, Duration timeout) {
    URI address;
    try {
      address = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("\"" + url + "\" is not a URL like http://127.0.0.1:8080");
    }
    if (!"http".equals(address.getScheme()) && !"https".equals(address.getScheme())
        || address.getHost() == null) {
      throw new IllegalArgumentException("\"" + url + "\" is not a URL like http://127.0.0.1:8080");
    }
    if (secret == null || secret.isBlank()) {
      throw new IllegalArgumentException(
          url
              + " needs the receiver's control secret: --receiver-secret or"
              + " INBOXCHECK_CONTROL_SECRET");
    }
    String choice = url.startsWith(HTTP_PREFIX) ? url : HTTP_PREFIX + url;
    return new HttpReceivers(
        choice, null, timeout, new ReceiverClient(choice, address, secret, timeout));
  }

  /** The receiver timeout: {@value #TIMEOUT_PROPERTY} seconds if set, else the default. */
  public static Duration timeoutFromProperties() {
    String seconds = System.getProperty(TIMEOUT_PROPERTY);
    if (seconds == null || !seconds.strip().matches("\\d{1,6}(\\.\\d{1,3})?")) {
      return DEFAULT_TIMEOUT;
    }
    return Duration.ofMillis(Math.round(Double.parseDouble(seconds.strip()) * 1000));
  }

  @Override
  public synchronized Receiver apply(ReceiverSetup setup) {
    return new HttpReceiver(client(), choice, setup);
  }

  private ReceiverClient client() {
    if (client != null && (process == null || process.alive())) {
      return client;
    }
    if (process != null) {
      // The receiver died during an earlier scenario; start it again rather than fail them all.
      process.close();
    }
    process = ReceiverProcess.start(command, timeout);
    client = new ReceiverClient(choice, process.address(), process.secret(), timeout);
    return client;
  }

  /** The value of {@code --receiver} these receivers answer to. */
  public String choice() {
    return choice;
  }

  @Override
  public synchronized void close() {
    if (process != null) {
      process.close();
      process = null;
    }
    client = null;
  }
}
