package io.inboxcheck.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An embedded PostgreSQL whose data directory outlives it, and which can be stopped the way {@code
 * pg_ctl stop -m immediate} stops it: SIGQUIT to the postmaster, no checkpoint, so the next start
 * on the same directory runs crash recovery from the WAL.
 */
final class CrashableServer implements AutoCloseable {
  /** How long the postmaster may take to exit after SIGQUIT. */
  static final Duration STOP_LIMIT = Duration.ofSeconds(20);

  private final Path dataDirectory;
  private EmbeddedServer server;

  CrashableServer(Path dataDirectory) {
    this.dataDirectory = dataDirectory;
    this.server = EmbeddedServer.start(dataDirectory);
  }

  String jdbcUrl() {
    return server.jdbcUrl();
  }

  /** The URL the receiver processes use: they connect as {@link ApplicationRole#NAME}. */
  String applicationJdbcUrl() {
    return server.applicationJdbcUrl();
  }

  ConnectionSource connections(String schema) {
    return server.connections(schema);
  }

  /** Stops the server immediately, as a crash would: no checkpoint, sessions cut. */
  void crash() {
    long pid = postmasterPid();
    try {
      Process signal = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).start();
      if (signal.waitFor() != 0) {
        throw new IllegalStateException("kill -QUIT " + pid + " failed");
      }
      long deadline = System.nanoTime() + STOP_LIMIT.toNanos();
      while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the postmaster " + pid + " did not stop");
        }
        Thread.sleep(10);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    closeQuietly();
  }

  /** Starts the server again on the same data directory; PostgreSQL recovers from its WAL. */
  void restart() {
    server = EmbeddedServer.start(dataDirectory);
  }

  private long postmasterPid() {
    try {
      return Long.parseLong(
          Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim());
    } catch (IOException e) {
      throw new UncheckedIOException("no running postmaster in " + dataDirectory, e);
    }
  }

  private void closeQuietly() {
    try {
      // Releases zonky's lock on the data directory; its stop command finds nothing to stop.
      server.close();
    } catch (RuntimeException ignored) {
      // The server is already gone.
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
