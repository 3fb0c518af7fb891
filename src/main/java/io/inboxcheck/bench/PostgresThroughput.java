package io.inboxcheck.bench;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.store.ConnectionSource;
import io.inboxcheck.store.EmbeddedServer;
import io.inboxcheck.store.PostgresReceiver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Deliveries per second of the PostgreSQL receiver with K receivers (threads, each with its own
 * connection) on the embedded server, against a baseline measured in the same run on the same
 * server at the same K: a minimal transaction of one INSERT into an id table and one UPDATE of a
 * row. Every delivery is a new event id for a card only its own receiver touches, with a higher
 * version, so each one is decided APPLIED: the path that writes the most (audit entry, identity
 * record, card) and never waits for another receiver's lock.
 */
public final class PostgresThroughput {
  /** Cards per receiver: deliveries rotate over them, so consecutive ones never share a row. */
  public static final int CARDS_PER_RECEIVER = 4;

  static final Instant CLOCK = Instant.parse("2024-01-01T08:00:00Z");

  private PostgresThroughput() {}

  /** One concurrency level: the receiver's rate and latencies, and the baseline's. */
  public record Row(int receivers, Result deliveries, Result baseline) {
    public double ratio() {
      return deliveries.perSecond() / baseline.perSecond();
    }

    /**
     * The CPU a baseline transaction took over the CPU a delivery took, server and client together:
     * the ratio the rates would have if CPU alone bounded both; NaN when either is unknown.
     */
    public double cpuRatio() {
      return baseline.cpuMicrosPerTransaction() / deliveries.cpuMicrosPerTransaction();
    }
  }

  /**
   * CPU time used in the measured window, in nanoseconds: by the server backends serving the
   * workers, and by the workers' own threads; {@link CpuMeter#UNKNOWN} where it cannot be read.
   */
  public record Cpu(long serverNanos, long clientNanos) {
    public static final Cpu UNKNOWN = new Cpu(CpuMeter.UNKNOWN, CpuMeter.UNKNOWN);
  }

  /** Transactions committed in the measured window, the latency of each, and the CPU it used. */
  public record Result(long count, long elapsedNanos, long[] sortedLatencyNanos, Cpu cpu) {
    public double perSecond() {
      return count * 1e9 / Math.max(1, elapsedNanos);
    }

    /** Server CPU per committed transaction in microseconds; NaN when unknown. */
    public double serverMicrosPerTransaction() {
      return perTransaction(cpu.serverNanos());
    }

    /** The workers' own CPU per committed transaction in microseconds; NaN when unknown. */
    public double clientMicrosPerTransaction() {
      return perTransaction(cpu.clientNanos());
    }

    double cpuMicrosPerTransaction() {
      return serverMicrosPerTransaction() + clientMicrosPerTransaction();
    }

    private double perTransaction(long nanos) {
      return nanos < 0 || count == 0 ? Double.NaN : nanos / 1e3 / count;
    }

    /** The latency at quantile {@code q} (0..1), in milliseconds. */
    public double quantileMillis(double q) {
      if (sortedLatencyNanos.length == 0) {
        return Double.NaN;
      }
      int index =
          (int)
              Math.min(sortedLatencyNanos.length - 1, Math.ceil(q * sortedLatencyNanos.length) - 1);
      return sortedLatencyNanos[Math.max(0, index)] / 1e6;
    }
  }

  /** Measures every concurrency level in {@code receiverCounts} on one embedded server. */
  public static List<Row> measure(List<Integer> receiverCounts, Duration warmup, Duration window) {
    List<Row> rows = new ArrayList<>();
    try (EmbeddedServer server = EmbeddedServer.start()) {
      int run = 0;
      for (int receivers : receiverCounts) {
        run++;
        // Workers open their connections on their own threads.
        List<AutoCloseable> opened = Collections.synchronizedList(new ArrayList<>());
        try {
          Result baseline =
              baseline(server, "bench_baseline_" + run, receivers, warmup, window, opened);
          Result deliveries =
              deliveries(server, "bench_receiver_" + run, receivers, warmup, window, opened);
          rows.add(new Row(receivers, deliveries, baseline));
        } finally {
          closeAll(opened);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("benchmark failed: " + e.getMessage(), e);
    }
    return rows;
  }

  /** One transaction of the baseline: what a worker does, given its index and a counter. */
  @FunctionalInterface
  interface Transaction {
    boolean run(long sequence) throws SQLException;
  }

  private static void closeAll(List<AutoCloseable> opened) {
    for (AutoCloseable resource : opened) {
      try {
        resource.close();
      } catch (Exception ignored) {
        // The measurement is over; the server is stopped next anyway.
      }
    }
  }

  private static Result baseline(
      EmbeddedServer server,
      String schema,
      int workers,
      Duration warmup,
      Duration window,
      List<AutoCloseable> opened)
      throws SQLException {
    try (Connection setup = server.connections("public").open();
        Statement statement = setup.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
      statement.execute("CREATE TABLE " + schema + ".ids (id bigint PRIMARY KEY)");
      statement.execute("CREATE TABLE " + schema + ".counters (id int PRIMARY KEY, n bigint)");
      statement.execute(
          "INSERT INTO "
              + schema
              + ".counters SELECT g, 0 FROM generate_series(0, ?) g"
                  .replace("?", Integer.toString(workers - 1)));
    }
    CpuMeter meter = new CpuMeter();
    List<Callable<Transaction>> makers = new ArrayList<>();
    for (int worker = 0; worker < workers; worker++) {
      int index = worker;
      makers.add(
          () -> {
            Connection connection = server.connections(schema).open();
            opened.add(connection);
            meter.backendOf(connection);
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            PreparedStatement insert = connection.prepareStatement("INSERT INTO ids VALUES (?)");
            PreparedStatement update =
                connection.prepareStatement("UPDATE counters SET n = n + 1 WHERE id = ?");
            return sequence -> {
              insert.setLong(1, (long) index << 40 | sequence);
              insert.executeUpdate();
              update.setInt(1, index);
              update.executeUpdate();
              connection.commit();
              return true;
            };
          });
    }
    return run(makers, warmup, window, meter);
  }

  private static Result deliveries(
      EmbeddedServer server,
      String schema,
      int receivers,
      Duration warmup,
      Duration window,
      List<AutoCloseable> opened) {
    TreeMap<String, Card> cards = new TreeMap<>();
    JsonObject initialState = parse(new StrictJson(), "{\"stage\":\"queued\",\"label\":\"Map\"}");
    for (int card = 0; card < receivers * CARDS_PER_RECEIVER; card++) {
      cards.put("card-" + card, new Card(0, (JsonObject) initialState, false));
    }
    ReceiverSetup setup =
        new ReceiverSetup(cards, Set.of("card.snapshot"), Duration.ofHours(24), CLOCK);
    // Created once before the workers start, so they do not race to create the schema.
    new PostgresReceiver(server.connections(schema), schema, setup).close();
    CpuMeter meter = new CpuMeter();
    // Every connection a worker's receiver opens has its backend counted.
    ConnectionSource counted =
        () -> {
          Connection connection = server.connections(schema).open();
          meter.backendOf(connection);
          return connection;
        };
    List<Callable<Transaction>> makers = new ArrayList<>();
    for (int worker = 0; worker < receivers; worker++) {
      int index = worker;
      makers.add(
          () -> {
            PostgresReceiver receiver = new PostgresReceiver(counted, schema, setup);
            opened.add(receiver);
            // One parser per worker, as a receiver keeps one: building a parser per envelope
            // would charge every delivery a parser factory the receiver never asked for.
            StrictJson json = new StrictJson();
            return sequence -> {
              int card = index + receivers * (int) (sequence % CARDS_PER_RECEIVER);
              long version = 1 + sequence / CARDS_PER_RECEIVER;
              Envelope envelope = envelope(json, "e-" + index + "-" + sequence, card, version);
              return receiver.deliver((int) sequence, envelope, Transport.PLAIN).ack() == Ack.ACK;
            };
          });
    }
    return run(makers, warmup, window, meter);
  }

  private static Envelope envelope(StrictJson json, String eventId, int card, long version) {
    String text =
        "{\"event_id\":\""
            + eventId
            + "\",\"object_id\":\"card-"
            + card
            + "\",\"object_version\":"
            + version
            + ",\"occurred_at\":\"2024-01-01T08:00:00Z\",\"type\":\"card.snapshot\","
            + "\"state\":{\"stage\":\"ready\",\"label\":\"v"
            + version
            + "\"}}";
    return new Envelope(parse(json, text), text);
  }

  private static JsonObject parse(StrictJson json, String text) {
    try {
      return (JsonObject) json.parse("bench", text);
    } catch (InputRejected e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Runs one worker per maker, all starting together: transactions until the warm-up ends, then
   * counted and timed ones until the window ends. A transaction that answers false (NO_ACK) fails
   * the benchmark: a rate of failures would not be a rate of deliveries. The CPU {@code meter}
   * counts is read when the window starts and when it ends.
   */
  private static Result run(
      List<Callable<Transaction>> makers, Duration warmup, Duration window, CpuMeter meter) {
    int workers = makers.size();
    CyclicBarrier ready = new CyclicBarrier(workers);
    long[] bounds = new long[2];
    CountDownLatch boundsSet = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(workers);
    try {
      List<Future<long[]>> done = new ArrayList<>();
      for (Callable<Transaction> maker : makers) {
        done.add(
            threads.submit(
                () -> {
                  meter.thisThread();
                  Transaction transaction = maker.call();
                  if (ready.await() == 0) {
                    long start = System.nanoTime() + warmup.toNanos();
                    bounds[0] = start;
                    bounds[1] = start + window.toNanos();
                    boundsSet.countDown();
                  }
                  ready.await();
                  return work(transaction, bounds[0], bounds[1]);
                }));
      }
      Cpu cpu = cpuInWindow(meter, bounds, boundsSet, done);
      List<long[]> latencies = new ArrayList<>();
      for (Future<long[]> future : done) {
        latencies.add(future.get());
      }
      int total = latencies.stream().mapToInt(samples -> samples.length).sum();
      long[] all = new long[total];
      int at = 0;
      for (long[] samples : latencies) {
        System.arraycopy(samples, 0, all, at, samples.length);
        at += samples.length;
      }
      Arrays.sort(all);
      return new Result(total, bounds[1] - bounds[0], all, cpu);
    } catch (Exception e) {
      throw new IllegalStateException("benchmark worker failed: " + e, e);
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * Reads {@code meter} at the window's start and at its end, once the workers have set its bounds;
   * unknown when a worker failed before that (its future then reports why).
   */
  private static Cpu cpuInWindow(
      CpuMeter meter, long[] bounds, CountDownLatch boundsSet, List<Future<long[]>> workers)
      throws InterruptedException {
    while (!boundsSet.await(100, TimeUnit.MILLISECONDS)) {
      if (workers.stream().anyMatch(Future::isDone)) {
        return Cpu.UNKNOWN;
      }
    }
    sleepUntil(bounds[0]);
    CpuMeter.Reading start = meter.read();
    sleepUntil(bounds[1]);
    return meter.read().since(start);
  }

  private static void sleepUntil(long nanoTime) throws InterruptedException {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      TimeUnit.NANOSECONDS.sleep(left);
    }
  }

  private static long[] work(Transaction transaction, long start, long end) throws SQLException {
    long[] samples = new long[1024];
    int count = 0;
    long sequence = 0;
    while (true) {
      long before = System.nanoTime();
      if (before >= end) {
        break;
      }
      if (!transaction.run(sequence++)) {
        throw new IllegalStateException("a transaction was not committed (NO_ACK)");
      }
      long after = System.nanoTime();
      // Only transactions wholly inside the window count, so every worker is measured alike.
      if (before >= start && after <= end) {
        if (count == samples.length) {
          samples = Arrays.copyOf(samples, count * 2);
        }
        samples[count++] = after - before;
      }
    }
    return Arrays.copyOf(samples, count);
  }
}
