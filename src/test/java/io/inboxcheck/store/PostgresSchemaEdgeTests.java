package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.RepeatedTest;

/**
 * Edges that only values near them reach: a version column narrower than SPEC section 1 allows, and
 * a retention cutoff one second late. Each scenario file catches its broken store at the step that
 * reaches the edge, and the store as built passes the same file, on every repetition (the runs are
 * sequential, so nothing varies between them; the repetitions confirm it).
 */
class PostgresSchemaEdgeTests {
  private static final Path INTEGER_EDGES =
      ProjectPaths.scenarios().resolve("versions-at-integer-edges.json");

  private static final Path RETENTION_EDGE =
      ProjectPaths.scenarios().resolve("redelivery-at-retention-edge.json");

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void anIntegerVersionColumnFailsWhereVersion2To31Arrives() throws Exception {
    Violation violation =
        firstViolation(INTEGER_EDGES, PostgresSchemaEdgeTests::storeWithAnIntegerVersionColumn)
            .orElseThrow();

    assertThat(violation.step()).as("the first violation, %s", violation.describe()).isEqualTo(2);
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void aPruneCutoffOneSecondLateFailsAtTheRetentionEdge() throws Exception {
    Violation violation =
        firstViolation(RETENTION_EDGE, PostgresSchemaEdgeTests::storeWithAPruneCutoffOneSecondLate)
            .orElseThrow();

    assertThat(violation.step())
        .as("e-1 redelivered exactly at its edge is a DUPLICATE, %s", violation.describe())
        .isEqualTo(4);
  }

  @RepeatedTest(PostgresRaceWindowTests.RUNS)
  void theStoreAsBuiltPassesBothEdges() throws Exception {
    Function<ReceiverSetup, Receiver> asBuilt =
        setup -> TestPostgres.receiver(TestPostgres.freshSchema("edge"), setup, RaceHook.NONE);

    assertThat(firstViolation(INTEGER_EDGES, asBuilt)).isEmpty();
    assertThat(firstViolation(RETENTION_EDGE, asBuilt)).isEmpty();
  }

  private static Optional<Violation> firstViolation(
      Path file, Function<ReceiverSetup, ? extends Receiver> store) throws Exception {
    Scenario scenario = new ScenarioReader().read(file);
    List<Receiver> opened = new ArrayList<>();
    try {
      return CheckedRun.run(
              scenario,
              setup -> {
                Receiver receiver = store.apply(setup);
                opened.add(receiver);
                return receiver;
              },
              CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE)
          .violation();
    } finally {
      for (Receiver receiver : opened) {
        ((PostgresReceiver) receiver).close();
      }
    }
  }

  /** The store with {@code cards.version} narrowed to 32 bits, as a careless migration might. */
  /** The store with {@link PlantedMistake#PRUNE_CUTOFF_ONE_SECOND_LATE} in its SQL. */
  private static PostgresReceiver storeWithAPruneCutoffOneSecondLate(ReceiverSetup setup) {
    String schema = TestPostgres.freshSchema("late");
    return new PostgresReceiver(
        TestPostgres.plantedConnections(
            schema, setup, Set.of(PlantedMistake.PRUNE_CUTOFF_ONE_SECOND_LATE)),
        schema,
        setup);
  }

  private static PostgresReceiver storeWithAnIntegerVersionColumn(ReceiverSetup setup) {
    String schema = TestPostgres.freshSchema("narrow");
    var connections = TestPostgres.receiverConnections(schema, setup);
    try (Connection owner = TestPostgres.connections(schema).open();
        Statement statement = owner.createStatement()) {
      statement.execute("ALTER TABLE cards ALTER COLUMN version TYPE integer");
    } catch (SQLException e) {
      throw new IllegalStateException("cannot narrow the version column: " + e.getMessage(), e);
    }
    return new PostgresReceiver(connections, schema, setup);
  }
}
