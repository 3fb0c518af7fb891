package io.inboxcheck.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU time a benchmark's workers have used so far: on the server, the backends serving their
 * connections (Linux's {@code /proc/<pid>/schedstat}, in nanoseconds; the server runs on this
 * machine), and in the JVM, the workers' own threads. The server's background processes (WAL
 * writer, checkpointer, autovacuum) and the JVM's compiler and collector threads are not counted. A
 * side that cannot be read here is unknown ({@link #UNKNOWN}), never guessed.
 */
final class CpuMeter {
  static final long UNKNOWN = -1;

  private final List<Long> backends = new ArrayList<>();
  private final List<Long> threads = new ArrayList<>();

  /** Counts the backend that serves {@code connection}. */
  synchronized void backendOf(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
      row.next();
      backends.add(row.getLong(1));
    }
  }

  /** Counts the calling thread. */
  synchronized void thisThread() {
    threads.add(Thread.currentThread().getId());
  }

  /** CPU time so far of every counted backend and of every counted thread. */
  synchronized Reading read() {
    return new Reading(serverNanos(), clientNanos());
  }

  private long serverNanos() {
    long total = 0;
    for (long pid : backends) {
      try {
        // The first field is the time the process has run on a CPU, in nanoseconds.
        String fields = Files.readString(Path.of("/proc", Long.toString(pid), "schedstat"));
        total += Long.parseLong(fields.trim().split(" ")[0]);
      } catch (IOException | RuntimeException unreadable) {
        return UNKNOWN;
      }
    }
    return total;
  }

  private long clientNanos() {
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (!bean.isThreadCpuTimeSupported() || !bean.isThreadCpuTimeEnabled()) {
      return UNKNOWN;
    }
    long total = 0;
    for (long id : threads) {
      long nanos = bean.getThreadCpuTime(id);
      if (nanos < 0) {
        return UNKNOWN;
      }
      total += nanos;
    }
    return total;
  }

  /** CPU time in nanoseconds, each side {@link #UNKNOWN} when it cannot be read. */
  record Reading(long serverNanos, long clientNanos) {
    /** What was used between {@code earlier} and this reading. */
    PostgresThroughput.Cpu since(Reading earlier) {
      return new PostgresThroughput.Cpu(
          difference(serverNanos, earlier.serverNanos),
          difference(clientNanos, earlier.clientNanos));
    }

    private static long difference(long later, long earlier) {
      return later < 0 || earlier < 0 ? UNKNOWN : later - earlier;
    }
  }
}
