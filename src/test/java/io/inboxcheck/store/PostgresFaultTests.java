package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.Transport;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The transaction boundary under injected failures: a failure at every statement position of a
 * delivery's transaction, and at COMMIT, answers NO_ACK and leaves every table exactly as it was;
 * the redelivery then gets the model's decision. A connection lost after COMMIT was sent answers
 * NO_ACK, and the retry restates the decision that did commit.
 */
class PostgresFaultTests {
  /** A bound on statements per delivery, so a store that never stops would fail, not hang. */
  static final int MAX_STATEMENTS_PER_DELIVERY = 30;

  /** One shape of delivery transaction: what happened before, and the delivery under test. */
  record Shape(String name, List<Envelope> before, Envelope delivery) {}

  static List<Shape> shapes() {
    Envelope first = snapshot("e-201", "card-7", 12L, "Map");
    Envelope other = snapshot("e-202", "card-7", 13L, "Map v2");
    return List.of(
        new Shape("first arrival APPLIED", List.of(), first),
        new Shape("DUPLICATE restating APPLIED", List.of(first), first),
        new Shape("STALE", List.of(other), first),
        new Shape(
            "ID_CONFLICT pausing two cards",
            List.of(other),
            snapshot("e-202", "card-8", 4L, "Chart")),
        new Shape("MISSING_VERSION pausing", List.of(), snapshot("e-204", "card-8", null, "Chart")),
        new Shape("UNKNOWN_OBJECT", List.of(), snapshot("e-300", "card-99", 1L, "New")),
        new Shape(
            "MALFORMED, no identity",
            List.of(),
            StoreFixtures.text("{\"object_id\":\"card-7\",\"state\":{}}")));
  }

  @TestFactory
  Stream<DynamicTest> aFailureAtEveryStatementLeavesTheDatabaseAsItWas() {
    return shapes().stream()
        .map(shape -> DynamicTest.dynamicTest(shape.name(), () -> everyStatementPosition(shape)));
  }

  private static void everyStatementPosition(Shape shape) {
    Decision expected = modelDecision(shape);
    int statements = 0;
    for (int position = 1; position <= MAX_STATEMENTS_PER_DELIVERY; position++) {
      Fixture fixture = Fixture.prepared(shape);
      Map<String, String> before = StoreFixtures.digest(fixture.schema);

      fixture.faults.failStatement(position);
      DeliveryResult failed = fixture.receiver.deliver(99, shape.delivery(), Transport.PLAIN);
      fixture.faults.disarm();

      if (!fixture.faults.struck()) {
        // The transaction has fewer statements than this position: it ran to its end.
        assertThat(failed.decision()).isEqualTo(expected);
        statements = position - 1;
        break;
      }
      assertThat(failed).as("statement %d failed", position).isEqualTo(DeliveryResult.NOT_DURABLE);
      assertThat(StoreFixtures.digest(fixture.schema))
          .as("every table after statement %d failed", position)
          .isEqualTo(before);
      DeliveryResult retried = fixture.receiver.deliver(100, shape.delivery(), Transport.PLAIN);
      assertThat(retried.ack()).isEqualTo(Ack.ACK);
      assertThat(retried.decision()).as("the retry is decided fresh").isEqualTo(expected);
      fixture.receiver.close();
    }
    assertThat(statements).as("statements in the %s transaction", shape.name()).isPositive();
  }

  @TestFactory
  Stream<DynamicTest> aFailedCommitLeavesTheDatabaseAsItWas() {
    return shapes().stream()
        .map(
            shape ->
                DynamicTest.dynamicTest(
                    shape.name(),
                    () -> {
                      Fixture fixture = Fixture.prepared(shape);
                      Map<String, String> before = StoreFixtures.digest(fixture.schema);
                      fixture.faults.failCommit(FaultyConnections.Strike.BEFORE_COMMIT);

                      DeliveryResult failed =
                          fixture.receiver.deliver(99, shape.delivery(), Transport.PLAIN);

                      assertThat(fixture.faults.struck()).isTrue();
                      assertThat(failed).isEqualTo(DeliveryResult.NOT_DURABLE);
                      assertThat(StoreFixtures.digest(fixture.schema)).isEqualTo(before);
                      assertThat(fixture.receiver.deliver(100, shape.delivery(), Transport.PLAIN))
                          .isEqualTo(DeliveryResult.recorded(modelDecision(shape)));
                      fixture.receiver.close();
                    }));
  }

  @Test
  void aConnectionLostAfterCommitAnswersNoAckAndTheRetryRestatesTheCommittedDecision() {
    Shape shape = shapes().get(0);
    Fixture fixture = Fixture.prepared(shape);
    fixture.faults.failCommit(FaultyConnections.Strike.AFTER_COMMIT);

    DeliveryResult unknown = fixture.receiver.deliver(1, shape.delivery(), Transport.PLAIN);

    assertThat(fixture.faults.struck()).isTrue();
    assertThat(unknown).as("an unknown commit outcome").isEqualTo(DeliveryResult.NOT_DURABLE);
    DeliveryResult retry = fixture.receiver.deliver(2, shape.delivery(), Transport.PLAIN);
    assertThat(retry.ack()).isEqualTo(Ack.ACK);
    assertThat(retry.decision()).isEqualTo(new Decision.Duplicate(Decision.APPLIED));
    assertThat(fixture.receiver.view().card("card-7").orElseThrow().version()).isEqualTo(12);
    assertThat(
            fixture.receiver.view().audit().stream()
                .filter(
                    entry ->
                        entry instanceof io.inboxcheck.model.AuditEntry.DeliveryRecorded delivery
                            && delivery.decision().kind() == DecisionKind.APPLIED)
                .count())
        .as("the decision committed once")
        .isEqualTo(1);
    fixture.receiver.close();
  }

  private static Decision modelDecision(Shape shape) {
    Receiver model = new ModelReceiver(StoreFixtures.guide());
    int step = 1;
    for (Envelope envelope : shape.before()) {
      model.deliver(step++, envelope, Transport.PLAIN);
    }
    return model.deliver(step, shape.delivery(), Transport.PLAIN).decision();
  }

  /** A receiver on faulty connections to a fresh schema, after the shape's earlier deliveries. */
  private record Fixture(String schema, FaultyConnections faults, PostgresReceiver receiver) {
    static Fixture prepared(Shape shape) {
      String schema = TestPostgres.freshSchema("fault");
      FaultyConnections faults =
          new FaultyConnections(TestPostgres.receiverConnections(schema, StoreFixtures.guide()));
      PostgresReceiver receiver = new PostgresReceiver(faults, schema, StoreFixtures.guide());
      int step = 1;
      for (Envelope envelope : shape.before()) {
        assertThat(receiver.deliver(step++, envelope, Transport.PLAIN).ack()).isEqualTo(Ack.ACK);
      }
      return new Fixture(schema, faults, receiver);
    }
  }
}
