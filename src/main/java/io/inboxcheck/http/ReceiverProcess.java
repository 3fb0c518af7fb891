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
  private final Thread stopOnExit;
  private URI address;

  private ReceiverProcess(Process process, Path data, Path errors, String secret) {
    this.process = process;
    this.data = data;
    this.errors = errors;
    this.secret = secret;
    this.stopOnExit = new Thread(this::stop, "inboxcheck-receiver-stop");
    Runtime.getRuntime().addShutdownHook(stopOnExit);
  }

  /** Starts {@code command} and waits, at most {@code timeout}, for its listening address. */
  static ReceiverProcess start(String command, Duration timeout) {
    List<String> words = CommandWords.split(command);
    if (words.isEmpty()) {
      throw new ReceiverFailure("receiver exec: needs a command, e.g. exec:python3 receiver.py");
    }
    Path data;
    try {
      data = Files.createTempDirectory("inboxcheck-receiver-");
    } catch (IOException e) {
      throw new ReceiverFailure("cannot create a data folder for the receiver: " + e.getMessage());
    }
    String secret = HexFormat.of().formatHex(randomBytes());
    Path errors = data.resolve("stderr.txt");
    ProcessBuilder builder = new ProcessBuilder(words).redirectError(errors.toFile());
    builder.environment().put("INBOXCHECK_CONTROL", "1");
    builder.environment().put("INBOXCHECK_CONTROL_SECRET", secret);
    builder.environment().put("INBOXCHECK_DATA", data.resolve("store").toString());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      deleteQuietly(data);
      throw new ReceiverFailure("receiver exec:" + command + ": cannot start: " + e.getMessage());
    }
    ReceiverProcess started = new ReceiverProcess(process, data, errors, secret);
    try {
      started.address = started.awaitAddress(command, timeout);
      return started;
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
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
    deleteQuietly(data);
  }

  private static void deleteQuietly(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // A scratch folder under the system's temporary folder; the system cleans it eventually.
    }
  }
}
