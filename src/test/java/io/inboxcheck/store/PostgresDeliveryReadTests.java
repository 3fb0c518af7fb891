package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one-round-trip read (DeliveryRead) locks the cards named by the {@code object_id} columns of
 * an id's rows, and decides on the cards its decoded contents name: the two must agree, or the
 * delivery rolls back and answers NO_ACK rather than decide on a card it did not lock.
 */
class PostgresDeliveryReadTests {
  private static final Envelope FIRST = snapshot("e-201", "card-7", 12L, "Map");
  private static final Envelope VARIANT = snapshot("e-201", "card-8", 4L, "Chart");

  @Test
  void aVariantRowWhoseColumnNamesItsOwnCardIsLockedAndTheRedeliveryIsDecided() throws Exception {
    String schema = withVariantRow("read_ok", "card-8");
    try (PostgresReceiver receiver = receiver(schema)) {
      DeliveryResult result = receiver.deliver(3, FIRST, Transport.PLAIN);

      assertThat(receiver.lastUnexpected()).isNull();
      assertThat(result.decision().describe()).startsWith("DUPLICATE");
    }
  }

  @Test
  void aVariantRowWhoseColumnNamesAnotherCardIsRefusedAndChangesNothing() throws Exception {
    String schema = withVariantRow("read_bad", "card-9");
    Map<String, String> before = StoreFixtures.digest(schema);
    try (PostgresReceiver receiver = receiver(schema)) {
      DeliveryResult result = receiver.deliver(3, FIRST, Transport.PLAIN);

      assertThat(result).isEqualTo(DeliveryResult.NOT_DURABLE);
      assertThat(receiver.lastUnexpected())
          .hasMessageContaining("the cards locked [card-7, card-9]")
          .hasMessageContaining("the slice names [card-7, card-8]");
    }
    assertThat(StoreFixtures.digest(schema)).isEqualTo(before);
  }

  /**
   * A schema where e-201 was first recorded for card-7, with a variant naming card-8 as written by
   * hand, its {@code object_id} column set to {@code column}.
   */
  private static String withVariantRow(String prefix, String column) throws SQLException {
    String schema = TestPostgres.freshSchema(prefix);
    try (PostgresReceiver receiver = receiver(schema)) {
      receiver.deliver(1, FIRST, Transport.PLAIN);
    }
    try (Connection connection = TestPostgres.connections(schema).open();
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO identity_variants (event_id, variant_no, content, object_id, step,"
                    + " received_at, delivery_seq)"
                    + " SELECT 'e-201', 1, ?, ?, 2, first_received_at, first_delivery_seq"
                    + " FROM identity_records WHERE event_id = 'e-201'")) {
      insert.setString(1, VARIANT.content().canonicalText());
      insert.setString(2, column);
      assertThat(insert.executeUpdate()).isEqualTo(1);
    }
    return schema;
  }

  private static PostgresReceiver receiver(String schema) {
    return new PostgresReceiver(
        TestPostgres.receiverConnections(schema, StoreFixtures.guide()),
        schema,
        StoreFixtures.guide());
  }
}
