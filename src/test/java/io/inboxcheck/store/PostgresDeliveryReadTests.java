package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.store.RaceHook.Window;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The one-round-trip read (DeliveryRead) first locks the id and the envelope's own card; when the
 * id's rows name another card, it rolls back and reads again with every name locked, and is then
 * decided as the model decides. That second read locks the cards named by the {@code object_id}
 * columns of the id's rows, and decides on the cards its decoded contents name: the two must agree,
 * or the delivery rolls back and answers NO_ACK rather than decide on a card it did not lock.
 */
class PostgresDeliveryReadTests {
  private static final Envelope FIRST = snapshot("e-201", "card-7", 12L, "Map");
  private static final Envelope VARIANT = snapshot("e-201", "card-8", 4L, "Chart");

  /** Deliveries in order, and whether the last one must read a second time. */
  private record Sequence(String name, List<Envelope> deliveries, boolean readsAgain) {}

  private static List<Sequence> sequences() {
    Envelope withoutCard =
        StoreFixtures.text(
            "{\"event_id\":\"e-201\",\"occurred_at\":\"2024-01-01T08:00:00Z\","
                + "\"type\":\"card.snapshot\",\"state\":{}}");
    Envelope withoutId =
        StoreFixtures.text("{\"object_id\":\"card-7\",\"object_version\":13,\"state\":{}}");
    return List.of(
        new Sequence("a first arrival", List.of(FIRST), false),
        new Sequence("a redelivery of the same content", List.of(FIRST, FIRST), false),
        new Sequence(
            "a first arrival for a card that does not exist",
            List.of(snapshot("e-300", "card-99", 1L, "New")),
            false),
        new Sequence("a variant for another card", List.of(FIRST, VARIANT), true),
        new Sequence("a redelivery of that variant", List.of(FIRST, VARIANT, VARIANT), true),
        new Sequence(
            "an envelope without object_id whose id names a card",
            List.of(FIRST, withoutCard),
            true),
        new Sequence("an envelope without event_id", List.of(FIRST, withoutId), false));
  }

  @TestFactory
  Stream<DynamicTest> aReadAgainHappensExactlyWhenTheIdNamesAnotherCard() {
    return sequences().stream()
        .map(sequence -> DynamicTest.dynamicTest(sequence.name(), () -> check(sequence)));
  }

  private static void check(Sequence sequence) {
    Recording locks = new Recording();
    Receiver model = new ModelReceiver(StoreFixtures.guide());
    String schema = TestPostgres.freshSchema("read_again");
    try (PostgresReceiver receiver = TestPostgres.receiver(schema, StoreFixtures.guide(), locks)) {
      List<Envelope> deliveries = sequence.deliveries();
      for (int step = 1; step <= deliveries.size(); step++) {
        locks.reached.clear();
        DeliveryResult stored = receiver.deliver(step, deliveries.get(step - 1), Transport.PLAIN);
        DeliveryResult modelled = model.deliver(step, deliveries.get(step - 1), Transport.PLAIN);

        assertThat(receiver.lastUnexpected()).isNull();
        assertThat(stored).as("delivery %d", step).isEqualTo(modelled);
      }
      assertThat(locks.reached)
          .as("windows the last delivery reached")
          .isEqualTo(
              sequence.readsAgain()
                  ? List.of(
                      Window.DELIVERY_IDENTITY_READ,
                      Window.DELIVERY_READ_AGAIN,
                      Window.DELIVERY_DECIDED)
                  : List.of(Window.DELIVERY_DECIDED));
      assertThat(receiver.freshView().cards()).isEqualTo(model.view().cards());
    }
  }

  /** Notes each window a delivery reaches. */
  private static final class Recording implements RaceHook {
    final List<Window> reached = new ArrayList<>();

    @Override
    public void reached(Window window, Connection connection) {
      reached.add(window);
    }
  }

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
