package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The guard of a card update (docs/storage-boundary.md 5): when the row a delivery read changed
 * before its write, by a writer outside the lock protocol, the guarded update changes no row and
 * the whole delivery is refused, in the database, before the COMMIT that travels with the writes.
 * The store answers NO_ACK and writes nothing: no audit entry, no identity record.
 */
class PostgresCardGuardTests {
  @Test
  void aCardRowChangedAfterItWasReadAbortsTheDeliveryAndWritesNothing() {
    String schema = TestPostgres.freshSchema("guard");
    AtomicReference<Map<String, String>> afterOutsideWrite = new AtomicReference<>();
    // Between deciding and writing, another session changes card-7 without taking its name lock;
    // the store locks names, not rows, so it commits at once.
    RaceHook changedUnderneath =
        (window, connection) -> {
          if (window == RaceHook.Window.DELIVERY_DECIDED) {
            execute(schema, "UPDATE cards SET version = version + 100 WHERE object_id = 'card-7'");
            afterOutsideWrite.set(StoreFixtures.digest(schema));
          }
        };
    PostgresReceiver receiver =
        TestPostgres.receiver(schema, StoreFixtures.guide(), changedUnderneath);

    DeliveryResult result =
        receiver.deliver(1, snapshot("e-201", "card-7", 12L, "Map"), Transport.PLAIN);

    assertThat(result).isEqualTo(DeliveryResult.NOT_DURABLE);
    assertThat(afterOutsideWrite.get()).as("the outside write happened").isNotNull();
    assertThat(StoreFixtures.digest(schema))
        .as("every table as the outside write left it: nothing of the delivery committed")
        .isEqualTo(afterOutsideWrite.get());
    assertThat(receiver.lastUnexpected())
        .hasMessageContaining("the store and the reducer disagree about card-7")
        .hasMessageContaining("hit 0 rows");
    receiver.close();
  }

  private static void execute(String schema, String sql) {
    try (Connection connection = TestPostgres.connections(schema).open();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
