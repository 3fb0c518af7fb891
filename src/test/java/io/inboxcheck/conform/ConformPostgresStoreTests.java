package io.inboxcheck.conform;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.cli.Main;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.store.EmbeddedServer;
import io.inboxcheck.store.PostgresReceiver;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL receiver's own audit table, after a generated workload, read straight from the
 * database ({@code --receiver-store postgres}): no divergence and no invariant broken, whether the
 * cards at the start are known or not; what cannot be judged is listed with its reason. Seeded
 * ({@link #SEED}).
 *
 * <p>Tagged slow: it starts an embedded server of its own, which the default run cannot afford
 * (docs/conform.md, "What the build checks"); CI runs it with the slow group ({@code mvn -B verify
 * -Pslow}).
 */
@Tag("slow")
class ConformPostgresStoreTests {
  static final long SEED = 20241201;
  private static EmbeddedServer server;
  private static Scenario workload;
  private static final String SCHEMA = "conform_" + ProcessHandle.current().pid();

  @TempDir Path folder;

  @BeforeAll
  static void runTheWorkloadOnTheStore() {
    server = EmbeddedServer.start();
    workload = Workloads.draw(Choices.random(SEED, 1_000_000), "store-conform", 160, 160);
    try (PostgresReceiver store =
        new PostgresReceiver(
            server.applicationConnections(SCHEMA, workload.setup()), SCHEMA, workload.setup())) {
      ScenarioRunner.replay(workload, store);
    }
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theStoresAuditTableConformsWithTheCardsKnown() throws Exception {
    Path initial = Files.writeString(folder.resolve("initial.json"), initial(workload.initial()));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int code =
        Main.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            "conform",
            "--jdbc-url",
            server.jdbcUrl(),
            "--db-schema",
            SCHEMA,
            "--receiver-store",
            "postgres",
            "--initial",
            initial.toString(),
            "--reports",
            folder.resolve("reports").toString());

    assertThat(code).as(out + "\n" + err).isZero();
    assertThat(out.toString()).contains("divergences: 0", "invariants broken: 0");
  }

  @Test
  void theStoresAuditTableConformsFromNowhereWithWhatIsNotJudgedListed() throws Exception {
    Conform.Result result =
        Conform.run(
            StoreAuditTable.log(server.jdbcUrl(), null, null, SCHEMA),
            new Conform.Options(
                LogStart.UNKNOWN,
                new Judge.Settings(Workloads.RETENTION, Workloads.TYPES, true),
                false));

    Tally tally = result.tally();
    assertThat(tally.divergenceCount()).as(tally.divergenceExamples().toString()).isZero();
    assertThat(tally.breachCount()).as(tally.breachExamples().toString()).isZero();
    assertThat(tally.agreeing().get("deliver")).isPositive();
    assertThat(tally.unjudgedCount()).isPositive();
    for (Unjudged.Reason reason : tally.unjudged().keySet()) {
      assertThat(tally.unjudgedExamples(reason)).isNotEmpty();
    }
  }

  private static String initial(Map<String, Card> cards) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    cards.forEach(
        (objectId, card) ->
            members.put(
                objectId,
                new JsonObject(
                    new TreeMap<>(
                        Map.of("version", JsonNumber.of(card.version()), "state", card.state())))));
    return "{\"cards\": " + new JsonObject(members).canonicalText() + "}";
  }
}
