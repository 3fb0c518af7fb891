package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Edges of the schema that only values near them reach. {@code PostgresScenarioFilesScenarioTests}
 * shows the real schema passes {@code versions-at-integer-edges.json}; this shows the file is what
 * catches a version column narrower than SPEC section 1 allows, deterministically.
 */
class PostgresSchemaEdgeTests {
  private static final Path INTEGER_EDGES =
      ProjectPaths.scenarios().resolve("versions-at-integer-edges.json");

  @Test
  void anIntegerVersionColumnFailsWhereVersion2To31Arrives() throws Exception {
    Scenario scenario = new ScenarioReader().read(INTEGER_EDGES);

    CheckedRun.Result result =
        CheckedRun.run(
            scenario,
            PostgresSchemaEdgeTests::storeWithAnIntegerVersionColumn,
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);

    Violation violation = result.violation().orElseThrow();
    assertThat(violation.step()).as("the first violation, %s", violation.describe()).isEqualTo(2);
  }

  /** The store with {@code cards.version} narrowed to 32 bits, as a careless migration might. */
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
