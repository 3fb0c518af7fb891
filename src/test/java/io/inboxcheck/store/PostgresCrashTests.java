package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.concurrent.AuditReplay;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.suite.SerialCounterexample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash consistency (docs/storage-boundary.md 8): a receiver in a child JVM delivers a generated
 * stream to a PostgreSQL server that outlives it, and is killed with SIGKILL at seeded random
 * moments, mostly inside a transaction; every other kill also stops the server immediately ({@code
 * pg_ctl stop -m immediate}: no checkpoint) and starts it again on the same data directory, which
 * recovers from the WAL. A new child continues where the provider would: with the first step that
 * was not acknowledged. At the end, every acknowledged delivery is recorded with the decision it
 * acknowledged, no transaction is half there, and each schema equals the model's replay of its own
 * audit.
 */
class PostgresCrashTests {
  /**
   * The stream's and the kills' seed: {@code -Dinboxcheck.crashSeed=S} reruns a failure's. Where a
   * kill lands inside a transaction is the scheduler's; a failure writes what each schema holds.
   */
  static final long SEED = Long.getLong("inboxcheck.crashSeed", 20241201L);

  static final String RERUN =
      "mvn -B test -Dtest='PostgresCrashTests' -Dinboxcheck.crashSeed="
          + SEED
          + " -Dsurefire.failIfNoSpecifiedTests=false";

  /** Kills per run: {@code -Dinboxcheck.crashCycles}, 3 by default, 20 under -Pthorough. */
  static final int CYCLES = Integer.getInteger("inboxcheck.crashCycles", 3);

  /** At most this many finished steps before a kill; the stream is long enough for every kill. */
  static final int MAX_LINES_BEFORE_KILL = 40;

  /** Steps in the stream: enough for every kill, with room to spare for the last child. */
  static final int STREAM_STEPS = CYCLES * (MAX_LINES_BEFORE_KILL + 10) + 40;

  /** A kill lands this long, at most, after the line it follows: within the next few steps. */
  static final int MAX_KILL_DELAY_MICROS = 4_000;

  /** The longest a child may stay silent before the test gives up on it. */
  static final Duration SILENCE_LIMIT = Duration.ofSeconds(60);

  @Test
  void acknowledgedDecisionsSurviveKilledReceiversAndImmediateServerStops(@TempDir Path directory)
      throws Exception {
    List<Scenario> scenarios = CrashStream.scenarios(SEED, STREAM_STEPS);
    Ledger ledger = new Ledger(scenarios);
    Random random = new Random(SEED);
    List<CrashStream.Position> killedAt = new ArrayList<>();
    int serverStops = 0;
    try (CrashableServer server = new CrashableServer(directory.resolve("data"))) {
      // The owner prepares every schema; the receiver processes run as the application role.
      for (int index = 0; index < scenarios.size(); index++) {
        String schema = CrashStream.schema(index);
        ApplicationRole.prepare(
            server.connections(schema), schema, scenarios.get(index).setup(), ApplicationRole.NAME);
      }
      for (int cycle = 0; cycle < CYCLES; cycle++) {
        boolean stopServer = cycle % 2 == 1;
        Child child = Child.start(server.applicationJdbcUrl(), ledger, directory);
        child.readLines(1 + random.nextInt(MAX_LINES_BEFORE_KILL));
        assertThat(ledger.finished).as("the stream outlasts every kill").isFalse();
        TimeUnit.MICROSECONDS.sleep(random.nextInt(MAX_KILL_DELAY_MICROS));
        if (stopServer) {
          server.crash();
          serverStops++;
        }
        child.kill();
        if (stopServer) {
          server.restart();
        }
        killedAt.add(ledger.resumeAt);
      }
      Child last = Child.start(server.applicationJdbcUrl(), ledger, directory);
      int exit = last.finish();
      assertThat(exit).as("the last child, never killed: %s", last.errors()).isZero();
      assertThat(ledger.finished).isTrue();

      List<String> problems = new ArrayList<>();
      int committedUnacknowledged = 0;
      for (int index = 0; index < scenarios.size(); index++) {
        String schema = CrashStream.schema(index);
        Scenario scenario = scenarios.get(index);
        ReceiverView stored;
        try (PostgresReceiver reader =
            new PostgresReceiver(server.connections(schema), schema, scenario.setup())) {
          stored = reader.view();
        }
        List<String> found = new ArrayList<>();
        AuditReplay.check(scenario.setup(), stored, AuditReplay.Authorities.of(scenario.steps()))
            .forEach(problem -> found.add(schema + ": " + problem));
        ledger.check(index, scenario, stored, found);
        noPartialTransaction(server.connections(schema), schema, found);
        if (!found.isEmpty()) {
          found.add(
              schema
                  + ": what it holds, as a scenario: "
                  + whatItSaw(index, scenario, stored, ledger, killedAt, found));
        }
        problems.addAll(found);
        for (CrashStream.Position kill : killedAt) {
          if (kill.scenario() == index && deliveryEntries(stored, kill.step()) > 1) {
            committedUnacknowledged++;
          }
        }
      }
      assertThat(problems).as("crash consistency; seed %d; rerun with: %s", SEED, RERUN).isEmpty();
      System.out.printf(
          "crash run: %d kills (%d with an immediate server stop) at %s; %d acknowledged"
              + " deliveries; %d in-flight deliveries had committed before the kill%n",
          killedAt.size(), serverStops, killedAt, ledger.acked.size(), committedUnacknowledged);
    }
    assertThat(killedAt).hasSize(CYCLES);
  }

  /**
   * Writes a schema's audit as a scenario that replays sequentially through the model, with the
   * acknowledgements the children printed and where the kills landed; returns the file.
   */
  private static Path whatItSaw(
      int index,
      Scenario scenario,
      ReceiverView stored,
      Ledger ledger,
      List<CrashStream.Position> killedAt,
      List<String> found) {
    List<String> answers = new ArrayList<>();
    ledger.acked.forEach(
        (position, decision) -> {
          if (position.scenario() == index) {
            answers.add("step " + position.step() + ": ACK " + decision);
          }
        });
    killedAt.stream()
        .filter(kill -> kill.scenario() == index)
        .forEach(kill -> answers.add("killed with step " + kill.step() + " due"));
    Map<Integer, SortedMap<String, AuthoritativeCard>> authorities = new TreeMap<>();
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        authorities.put(step.number(), reconcile.authority());
      }
    }
    return SerialCounterexample.write(
        ProjectPaths.reports().resolve("counterexamples"),
        new SerialCounterexample.Run(
            "PostgresCrashTests-" + CrashStream.schema(index),
            SEED,
            RERUN,
            scenario.setup(),
            stored.audit(),
            answers,
            authorities,
            List.copyOf(found)));
  }

  private static long deliveryEntries(ReceiverView stored, int step) {
    return stored.audit().stream()
        .filter(entry -> entry instanceof AuditEntry.DeliveryRecorded && entry.step() == step)
        .count();
  }

  /**
   * The consistency checks find what they look for: here an identity record whose delivery is
   * another id's, which the foreign key of schema versions 1 and 2 would not have refused either.
   */
  @Test
  void theConsistencyChecksFindAnIdentityRecordWithoutItsDelivery() throws SQLException {
    String schema = TestPostgres.freshSchema("orphan");
    try (PostgresReceiver receiver =
        TestPostgres.receiver(schema, StoreFixtures.guide(), RaceHook.NONE)) {
      receiver.deliver(1, StoreFixtures.snapshot("e-201", "card-7", 12L, "Map"), Transport.PLAIN);
    }
    List<String> clean = new ArrayList<>();
    noPartialTransaction(TestPostgres.connections(schema), schema, clean);
    assertThat(clean).as("a store the receiver wrote").isEmpty();

    try (Connection owner = TestPostgres.connections(schema).open()) {
      Sql.update(
          owner,
          "INSERT INTO identity_records (event_id, first_content, first_object_id, first_step,"
              + " first_received_at, first_delivery_seq, first_decision)"
              + " SELECT 'e-999', first_content, first_object_id, 2, first_received_at,"
              + " first_delivery_seq, first_decision FROM identity_records WHERE event_id = ?",
          "e-201");
    }
    List<String> found = new ArrayList<>();
    noPartialTransaction(TestPostgres.connections(schema), schema, found);
    assertThat(found)
        .containsExactly(schema + ": identity record naming no delivery of its id, steps [2]");
  }

  /**
   * Every audit entry's effects are present: a HELD delivery has its held input, a first arrival
   * its identity record and a variant its stored variant (unless pruned later), and the counters
   * equal what the audit says happened (storage-boundary 12).
   */
  static void noPartialTransaction(ConnectionSource connections, String schema, List<String> out) {
    String prunedLater =
        " AND NOT EXISTS (SELECT 1 FROM audit p WHERE p.kind = 'identity_pruned'"
            + " AND p.event_id = a.event_id AND p.seq > a.seq)";
    Map<String, String> checks = new TreeMap<>();
    checks.put(
        "HELD delivery without its held input",
        "SELECT a.step FROM audit a WHERE a.kind = 'delivery' AND a.decision = 'HELD'"
            + " AND NOT EXISTS (SELECT 1 FROM held_inputs h WHERE h.delivery_seq = a.seq)");
    checks.put(
        "variant without its stored variant",
        "SELECT a.step FROM audit a WHERE a.kind = 'delivery' AND a.variant"
            + " AND NOT EXISTS (SELECT 1 FROM identity_variants v WHERE v.delivery_seq = a.seq)"
            + prunedLater);
    checks.put(
        "first arrival without its identity record",
        "SELECT a.step FROM audit a WHERE a.kind = 'delivery' AND NOT a.variant"
            + " AND a.decision <> 'DUPLICATE' AND a.event_id IS NOT NULL"
            + " AND NOT EXISTS (SELECT 1 FROM identity_records r"
            + " WHERE r.first_delivery_seq = a.seq)"
            + prunedLater);
    // What the foreign key of version 1 and 2 checked, and more: the row is that id's delivery.
    checks.put(
        "identity record naming no delivery of its id",
        "SELECT r.first_step FROM identity_records r WHERE NOT EXISTS (SELECT 1 FROM audit a"
            + " WHERE a.seq = r.first_delivery_seq AND a.kind = 'delivery'"
            + " AND a.event_id = r.event_id AND a.step = r.first_step)");
    checks.put(
        "transaction with more than one delivery",
        "SELECT min(a.step) FROM audit a WHERE a.kind = 'delivery'"
            + " GROUP BY a.xact HAVING count(*) > 1");
    checks.put(
        "event counter differs from the APPLIED entries",
        "SELECT 0 WHERE (SELECT sum(event_replacements) FROM cards)"
            + " <> (SELECT count(*) FROM audit WHERE decision = 'APPLIED'"
            + " AND kind IN ('delivery', 'reevaluation'))");
    checks.put(
        "authoritative counter differs from the changing authority entries",
        "SELECT 0 WHERE (SELECT sum(authoritative_replacements) FROM cards)"
            + " <> (SELECT count(*) FROM audit WHERE kind = 'authority'"
            + " AND outcome <> 'CONFIRMED')");
    try (Connection connection = connections.open()) {
      for (Map.Entry<String, String> check : checks.entrySet()) {
        List<Integer> steps = new ArrayList<>();
        Sql.query(connection, check.getValue(), row -> steps.add(row.getInt(1)));
        if (!steps.isEmpty()) {
          out.add(schema + ": " + check.getKey() + ", steps " + steps);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What the children printed: the provider's view of what was acknowledged. */
  static final class Ledger {
    final List<Scenario> scenarios;
    final Map<CrashStream.Position, String> acked = new TreeMap<>();
    final Set<CrashStream.Position> injected = new TreeSet<>();
    CrashStream.Position resumeAt = CrashStream.Position.START;
    boolean finished;

    Ledger(List<Scenario> scenarios) {
      this.scenarios = scenarios;
    }

    void accept(String line) {
      if (line.equals("FINISHED")) {
        finished = true;
        return;
      }
      String[] parts = line.split(" ", 4);
      CrashStream.Position position = CrashStream.Position.parse(parts[1], parts[2]);
      if (!position.equals(resumeAt)) {
        throw new AssertionError("the child printed " + line + " while " + resumeAt + " was due");
      }
      switch (parts[0]) {
        case "ACK" -> acked.put(position, parts[3]);
        case "NOACK" -> {
          if (!parts[3].equals("injected")) {
            return; // not acknowledged: the provider redelivers it
          }
          injected.add(position);
        }
        case "DONE" -> {}
        default -> throw new AssertionError("unexpected line from the child: " + line);
      }
      resumeAt = position.next(scenarios);
    }

    /**
     * Every acknowledged delivery's last audit entry carries the acknowledged decision; a storage
     * fault left no entry; every other delivery of the stream was recorded at least once.
     */
    void check(int index, Scenario scenario, ReceiverView stored, List<String> problems) {
      Map<Integer, AuditEntry.DeliveryRecorded> last = new TreeMap<>();
      for (AuditEntry entry : stored.audit()) {
        if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
          last.put(delivery.step(), delivery);
        }
      }
      for (ScenarioStep step : scenario.steps()) {
        if (!(step instanceof ScenarioStep.Deliver)) {
          continue;
        }
        CrashStream.Position position = new CrashStream.Position(index, step.number());
        AuditEntry.DeliveryRecorded recorded = last.get(step.number());
        if (injected.contains(position)) {
          if (recorded != null) {
            problems.add(position + ": a storage fault answered NO_ACK but left " + recorded);
          }
        } else if (recorded == null) {
          problems.add(position + ": delivered, never recorded");
        } else if (acked.containsKey(position)
            && !acked.get(position).equals(recorded.decision().describe())) {
          problems.add(
              position
                  + ": acknowledged "
                  + acked.get(position)
                  + ", recorded "
                  + recorded.decision().describe());
        }
      }
    }
  }

  /** One receiver process and the lines it finished printing. */
  static final class Child {
    private static final String END = "\u0000end";
    private final Process process;
    private final Ledger ledger;
    private final Path errors;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private Child(Process process, Ledger ledger, Path errors) {
      this.process = process;
      this.ledger = ledger;
      this.errors = errors;
      Thread reader = new Thread(this::pump, "crash-child-output");
      reader.setDaemon(true);
      reader.start();
    }

    static Child start(String jdbcUrl, Ledger ledger, Path directory) throws IOException {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Path errors = directory.resolve("child-" + System.nanoTime() + ".err");
      Process process =
          new ProcessBuilder(
                  java,
                  "-Xmx256m",
                  "-XX:TieredStopAtLevel=1",
                  "-cp",
                  System.getProperty("java.class.path"),
                  CrashChild.class.getName(),
                  jdbcUrl,
                  Long.toString(SEED),
                  Integer.toString(STREAM_STEPS),
                  Integer.toString(ledger.resumeAt.scenario()),
                  Integer.toString(ledger.resumeAt.step()))
              .redirectError(errors.toFile())
              .start();
      return new Child(process, ledger, errors);
    }

    /** Reads {@code count} finished lines, or fewer if the child ends first. */
    void readLines(int count) throws InterruptedException {
      for (int read = 0; read < count; read++) {
        String line = lines.poll(SILENCE_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (line == null) {
          throw new AssertionError("the child stayed silent; stderr: " + errors());
        }
        if (line.equals(END)) {
          lines.add(END);
          return;
        }
        ledger.accept(line);
      }
    }

    /** SIGKILL, then whatever it had printed completely before it died. */
    void kill() throws InterruptedException {
      process.destroyForcibly();
      process.waitFor();
      drain();
    }

    int finish() throws InterruptedException {
      drain();
      return process.waitFor();
    }

    private void drain() throws InterruptedException {
      while (true) {
        String line = lines.poll(SILENCE_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (line == null) {
          throw new AssertionError("the child stayed silent; stderr: " + errors());
        }
        if (line.equals(END)) {
          return;
        }
        ledger.accept(line);
      }
    }

    String errors() {
      try {
        return Files.readString(errors);
      } catch (IOException e) {
        return "(unreadable: " + e.getMessage() + ")";
      }
    }

    /** Passes on complete lines only: a line cut by the kill was never printed. */
    private void pump() {
      StringBuilder line = new StringBuilder();
      try (InputStream in = process.getInputStream()) {
        int next;
        while ((next = in.read()) != -1) {
          if (next == '\n') {
            lines.add(line.toString());
            line.setLength(0);
          } else {
            line.append((char) next);
          }
        }
      } catch (IOException e) {
        // The pipe closes when the process is killed: what was complete has been passed on.
      } finally {
        lines.add(END);
      }
    }
  }
}
