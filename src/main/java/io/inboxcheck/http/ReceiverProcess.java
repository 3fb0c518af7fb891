package io.inboxcheck.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A receiver process the harness started for {@code exec:COMMAND}: with the control API enabled, a
 * fresh secret and a scratch data folder in its environment; its first line on standard output is
 * its listening address. It is stopped when closed, and on JVM exit if nobody closed it.
 */
final class ReceiverProcess implements AutoCloseable {
  /** How long a receiver may take to stop after being asked before it is killed. */
  static final Duration STOP_GRACE = Duration.ofSeconds(3);

  private static final int SECRET_BYTES = 32;

  private final Process process;
  private final Path data;
  private final Path errors;
  private final String secret;
  private final boolean keepsData;
  private final Thread stopOnExit;
  private URI address;
  private List<ProcessHandle> descendants = List.of();

  private ReceiverProcess(
      Process process, Path data, Path errors, String secret, boolean keepsData) {
    this.process = process;
    this.data = data;
    this.errors = errors;
    this.secret = secret;
    this.keepsData = keepsData;
    this.stopOnExit = new Thread(this::stop, "inboxcheck-receiver-stop");
    Runtime.getRuntime().addShutdownHook(stopOnExit);
  }

  /** Starts {@code command} and waits, at most {@code timeout}, for its listening address. */
  static ReceiverProcess start(String command, Duration timeout) {
    Path data = scratchFolder();
    return launch(command, timeout, data, newSecret(), Incarnation.ONLY);
  }

  /**
   * Starts incarnation {@code restarts} (0 for the first) of a receiver whose storage outlives it:
   * every incarnation gets the same {@code data} folder and secret, and stopping or killing it
   * leaves the folder alone; whoever made the folder deletes it (docs/receiver-protocol.md, "Crash
   * checks").
   */
  static ReceiverProcess restart(
      String command, Duration timeout, Path data, String secret, int restarts) {
    return launch(command, timeout, data, secret, new Incarnation(restarts, true));
  }

  /** Which start of a receiver this is, and whether its data folder outlives it. */
  private record Incarnation(int restarts, boolean keepsData) {
    static final Incarnation ONLY = new Incarnation(0, false);
  }

  private static ReceiverProcess launch(
      String command, Duration timeout, Path data, String secret, Incarnation incarnation) {
    Path errors = data.resolve("stderr-" + incarnation.restarts() + ".txt");
    Process process = spawn(command, data, secret, incarnation, errors);
    ReceiverProcess started =
        new ReceiverProcess(process, data, errors, secret, incarnation.keepsData());
    try {
      started.address = started.awaitAddress(command, timeout);
      // Listed now, once it is ready: a kill must not wait for the listing.
      started.descendants = process.descendants().toList();
      return started;
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
  }

  /**
   * Starts incarnation {@code restarts} of a receiver whose storage outlives it and kills it with
   * SIGKILL {@code delayNanos} later, whether or not it is ready: a crash while it opens and
   * recovers its storage (docs/crash-and-concurrency.md). Its output is not read.
   */
  static void startAndKill(
      String command, Path data, String secret, int restarts, long delayNanos) {
    Incarnation incarnation = new Incarnation(restarts, true);
    Path errors = data.resolve("stderr-" + restarts + ".txt");
    Process process = spawn(command, data, secret, incarnation, errors);
    List<ProcessHandle> started = process.descendants().toList();
    LockSupport.parkNanos(delayNanos);
    sigkill(process, started);
  }

  private static Process spawn(
      String command, Path data, String secret, Incarnation incarnation, Path errors) {
    List<String> words = CommandWords.split(command);
    if (words.isEmpty()) {
      throw new ReceiverFailure("receiver exec: needs a command, e.g. exec:python3 receiver.py");
    }
    ProcessBuilder builder = new ProcessBuilder(words).redirectError(errors.toFile());
    builder.environment().put("INBOXCHECK_CONTROL", "1");
    builder.environment().put("INBOXCHECK_CONTROL_SECRET", secret);
    builder.environment().put("INBOXCHECK_DATA", data.resolve("store").toString());
    builder.environment().put("INBOXCHECK_RESTARTS", Integer.toString(incarnation.restarts()));
    try {
      return builder.start();
    } catch (IOException e) {
      if (!incarnation.keepsData()) {
        deleteQuietly(data);
      }
      throw new ReceiverFailure("receiver exec:" + command + ": cannot start: " + e.getMessage());
    }
  }

  /** A fresh folder for a receiver's durable storage and its standard error. */
  static Path scratchFolder() {
    try {
      return Files.createTempDirectory("inboxcheck-receiver-");
    } catch (IOException e) {
      throw new ReceiverFailure("cannot create a data folder for the receiver: " + e.getMessage());
    }
  }

  /** A fresh control secret: 64 hex digits. */
  static String newSecret() {
    return HexFormat.of().formatHex(randomBytes());
  }

  private static byte[] randomBytes() {
    byte[] bytes = new byte[SECRET_BYTES];
    new SecureRandom().nextBytes(bytes);
    return bytes;
  }

  private URI awaitAddress(String command, Duration timeout) {
    String prefix = "receiver exec:" + command + ": ";
    CompletableFuture<String> firstLine = new CompletableFuture<>();
    Thread reader = new Thread(() -> readOutput(firstLine), "inboxcheck-receiver-stdout");
    reader.setDaemon(true);
    reader.start();
    String line;
    try {
      line = firstLine.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new ReceiverFailure(
          prefix + "printed no listening address within " + timeout.toSeconds() + " s");
    } catch (ExecutionException e) {
      throw new ReceiverFailure(prefix + "cannot read its output: " + e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReceiverFailure(prefix + "interrupted while starting");
    }
    if (line == null) {
      throw new ReceiverFailure(prefix + "exited before printing its listening address" + why());
    }
    try {
      URI uri = URI.create(line.strip());
      if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
        throw new IllegalArgumentException("not http://HOST:PORT");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new ReceiverFailure(
          prefix
              + "its first line should be its address, e.g. http://127.0.0.1:8080; it was \""
              + ProtocolValues.excerpt(line)
              + "\"");
    }
  }

  /** Hands the first line over, then drains the rest so the receiver never blocks on a pipe. */
  private void readOutput(CompletableFuture<String> firstLine) {
    try (BufferedReader output =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      firstLine.complete(output.readLine());
      while (output.readLine() != null) {
        // Later lines are the receiver's own business.
      }
    } catch (IOException e) {
      firstLine.completeExceptionally(e);
    }
  }

  /** The last line the process wrote to standard error, if it exited. */
  private String why() {
    try {
      process.waitFor(1, TimeUnit.SECONDS);
      List<String> lines = Files.readAllLines(errors, StandardCharsets.UTF_8);
      String exit = process.isAlive() ? "" : " (exit code " + process.exitValue() + ")";
      return lines.isEmpty() ? exit : exit + ": " + lines.get(lines.size() - 1).strip();
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }

  URI address() {
    return address;
  }

  String secret() {
    return secret;
  }

  boolean alive() {
    return process.isAlive();
  }

  /**
   * SIGKILL to the process and anything it started, as a power cut or an OOM killer would: no
   * chance to flush or answer. The data folder stays.
   */
  void kill() {
    sigkill(process, descendants);
    close();
  }

  /**
   * SIGKILL to {@code process} and its descendants, then a bounded wait for it to die. The process
   * itself goes first: listing descendants takes milliseconds, and a kill right after an answer
   * must land before the receiver's next statement, not after its COMMIT.
   */
  private static void sigkill(Process process, List<ProcessHandle> known) {
    process.destroyForcibly();
    known.forEach(ProcessHandle::destroyForcibly);
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    try {
      process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    } catch (IllegalStateException alreadyExiting) {
      // The JVM is exiting and runs the hook itself.
    }
  }

  /** Asks the process (and any it started) to stop, then kills what is left after the grace. */
  private void stop() {
    List<ProcessHandle> all = new ArrayList<>();
    process.descendants().forEach(all::add);
    all.add(process.toHandle());
    all.forEach(ProcessHandle::destroy);
    try {
      if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        all.forEach(ProcessHandle::destroyForcibly);
        process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      all.forEach(ProcessHandle::destroyForcibly);
      Thread.currentThread().interrupt();
    }
    if (!keepsData) {
      deleteQuietly(data);
    }
  }

  static void deleteQuietly(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // A scratch folder under the system's temporary folder; the system cleans it eventually.
    }
  }
}
