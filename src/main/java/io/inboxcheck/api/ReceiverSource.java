package io.inboxcheck.api;

import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Where the receivers under check come from: a factory in this JVM, a command inboxcheck starts as
 * a process ({@code exec:}), or a receiver already listening at a URL ({@code http:}). Exactly one
 * of {@code factory}, {@code command} and {@code url} is set.
 */
record ReceiverSource(ReceiverFactory factory, String command, String url, String secret) {
  private static final Instant PROBE_START = Instant.parse("2024-03-01T10:00:00Z");

  static ReceiverSource of(ReceiverFactory factory) {
    return new ReceiverSource(factory, null, null, null);
  }

  static ReceiverSource ofCommand(String command) {
    if (command == null || command.isBlank()) {
      throw new IllegalArgumentException(
          "InboxCheck.ofCommand needs the command that starts the receiver, e.g. \"python3"
              + " receiver.py\"");
    }
    return new ReceiverSource(null, command.strip(), null, null);
  }

  static ReceiverSource ofUrl(String url, String secret) {
    // Checked now, so a wrong URL or a missing secret is one line at the call, not in every test.
    HttpReceivers.running(url, secret, HttpReceivers.DEFAULT_TIMEOUT).close();
    return new ReceiverSource(null, null, url, secret);
  }

  /** Whether inboxcheck starts the receiver, so it can kill it and start it again. */
  boolean started() {
    return command != null;
  }

  /**
   * The receiver as the command line names it: {@code class:NAME}, {@code exec:…}, {@code http:…}.
   */
  String choice() {
    if (command != null) {
      return HttpReceivers.EXEC_PREFIX + command;
    }
    if (url != null) {
      return url.startsWith(HttpReceivers.HTTP_PREFIX) ? url : HttpReceivers.HTTP_PREFIX + url;
    }
    ReceiverSetup probe =
        new ReceiverSetup(
            new TreeMap<>(), Scenario.DEFAULT_SUPPORTED_TYPES, Duration.ofHours(24), PROBE_START);
    try (Receiver receiver = factory.create(probe)) {
      // A contract receiver is reached again through its own class, not the adapter around it.
      Object reachable =
          receiver instanceof ContractAdapter adapter ? adapter.receiver() : receiver;
      return "class:" + reachable.getClass().getName();
    }
  }

  /**
   * The receivers of {@code jobs} jobs, job 0's first: a factory is shared (its receivers share
   * nothing), a command is started once per job, and a URL allows one job only. Every process
   * started is added to {@code started}, for the caller to stop.
   */
  List<Function<ReceiverSetup, Receiver>> open(
      int jobs, Duration timeout, List<AutoCloseable> started) {
    List<Function<ReceiverSetup, Receiver>> receivers = new ArrayList<>();
    for (int job = 0; job < jobs; job++) {
      if (factory != null) {
        receivers.add(factory::create);
      } else if (command != null) {
        HttpReceivers process = HttpReceivers.exec(command, timeout);
        started.add(process);
        receivers.add(process);
      } else if (job == 0) {
        HttpReceivers running = HttpReceivers.running(url, secret, timeout);
        started.add(running);
        receivers.add(running);
      } else {
        throw new IllegalArgumentException(
            "jobs("
                + jobs
                + "): a receiver at one URL cannot be copied, and every job needs its own; use"
                + " InboxCheck.ofCommand (started once per job) or jobs(1)");
      }
    }
    return receivers;
  }
}
