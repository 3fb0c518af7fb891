package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.num;
import static io.inboxcheck.model.Envelopes.snapshot;
import static io.inboxcheck.model.Envelopes.state;
import static io.inboxcheck.model.Envelopes.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonBoolean;
import io.inboxcheck.json.JsonNull;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small surface of the model that reports and receivers rely on: texts, copies, orders. */
class ModelSurfaceTests {

  @Test
  void numbersPrintPlainUpToTwentyOneDigitsAndScientificBeyond() {
    assertThat(num("12.0").text()).isEqualTo("12");
    assertThat(num("0").text()).isEqualTo("0");
    assertThat(num("1e20").text()).isEqualTo("100000000000000000000");
    assertThat(num("1e21").text()).isEqualTo("1E+21");
    assertThat(num("1e-21").text()).isEqualTo("0.000000000000000000001");
    assertThat(num("1e-22").text()).isEqualTo("1E-22");
    assertThat(num("-2.50").text()).isEqualTo("-2.5");
    assertThat(num("12").toString()).isEqualTo("12");
  }

  @Test
  void everyValueTypePrintsAsItsCanonicalText() {
    assertThat(str("a\"b").toString()).isEqualTo("\"a\\\"b\"");
    assertThat(new JsonArray(List.of(num("1"), JsonNull.INSTANCE)).toString())
        .isEqualTo("[1,null]");
    assertThat(JsonNull.INSTANCE.toString()).isEqualTo("null");
    assertThat(JsonBoolean.TRUE.toString()).isEqualTo("true");
    assertThat(JsonBoolean.FALSE.canonicalText()).isEqualTo("false");
  }

  @Test
  void controlCharactersAreEscapedAndSpaceIsNot() {
    assertThat(str("\u001f \n\r\t\\").canonicalText()).isEqualTo("\"\\u001f \\n\\r\\t\\\\\"");
  }

  @Test
  void decisionsDescribeThemselvesAsHistoriesPrintThem() {
    assertThat(Decision.APPLIED.describe()).isEqualTo("APPLIED");
    assertThat(Decision.held(HeldReason.ID_CONFLICT).describe()).isEqualTo("HELD ID_CONFLICT");
    assertThat(new Decision.Duplicate(Decision.held(HeldReason.CARD_PAUSED)).describe())
        .isEqualTo("DUPLICATE (restates HELD CARD_PAUSED)");
    assertThat(new Decision.Duplicate(Decision.STALE).describe())
        .isEqualTo("DUPLICATE (restates STALE)");
  }

  @Test
  void anEnvelopeKeepsItsDeliveredSpellingButComparesByValue() {
    Envelope plain = snapshot("e-1", "card-1", 12, "ready", "Map");
    Envelope respelled = new Envelope(plain.content(), "{ \"object_version\": 12.0 }");

    assertThat(plain.text()).isEqualTo(plain.content().canonicalText());
    assertThat(respelled.text()).isEqualTo("{ \"object_version\": 12.0 }");
    assertThat(respelled.content()).isEqualTo(plain.content());
  }

  @Test
  void aPausedCopyOfACardKeepsItsVersionAndState() {
    Card card = new Card(3, state("ready", "Map"), false);
    assertThat(card.pause()).isEqualTo(new Card(3, state("ready", "Map"), true));
    assertThat(card.pause().pause()).isEqualTo(card.pause());
  }

  @Test
  void aCopiedStateIsIndependentOfTheOriginal() {
    TestReceiver receiver = TestReceiver.guide();
    ReceiverState original = (ReceiverState) receiver.view();
    ReceiverState copy = original.copy();

    receiver.deliver(snapshot("e-201", "card-7", 12, "ready", "Map"));

    assertThat(copy.card("card-7").orElseThrow().version()).isEqualTo(10);
    assertThat(copy.audit()).isEmpty();
    assertThat(copy.identity("e-201")).isEmpty();
    assertThat(original.card("card-7").orElseThrow().version()).isEqualTo(12);
    assertThat(copy.supportedTypes()).isEqualTo(original.supportedTypes());
    assertThat(copy.retention()).isEqualTo(original.retention());
  }

  @Test
  void inputsLeftHeldByAReconciliationAreListedInArrivalOrder() {
    TestReceiver receiver =
        TestReceiver.start(
            Map.of("card-1", TestReceiver.card(1, "queued", "Map")),
            java.util.Set.of("card.snapshot"),
            TestReceiver.DAY);
    receiver.deliver(snapshot("e-1", "card-1", 2, "ready", "A"));
    receiver.deliver(snapshot("e-2", "card-1", 2, "ready", "B"));
    receiver.deliver(snapshot("e-3", "card-1", 5, "ready", "C"));
    receiver.deliver(
        Envelopes.with(
            snapshot("e-4", "card-1", 6, "ready", "D"), Envelope.OBJECT_VERSION, str("x")));

    ObjectReconciliation result =
        receiver
            .reconcile(Map.of("card-1", TestReceiver.authority(5, "ready", "Authority")))
            .get(0);

    assertThat(result.resolved()).extracting(HeldInput::step).containsExactly(2);
    assertThat(result.reevaluated())
        .extracting(r -> r.decision().reason())
        .containsExactly(HeldReason.VERSION_CONFLICT);
    assertThat(result.stillHeld()).extracting(HeldInput::step).containsExactly(3, 4);
    assertThat(result.cardAfter().paused()).isTrue();
  }
}
