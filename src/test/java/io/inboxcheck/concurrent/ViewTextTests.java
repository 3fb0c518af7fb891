package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.Card;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What the search by serial orders says differs reads in SPEC's words, never a Java record. */
class ViewTextTests {
  @Test
  void aCardAndCountersThatDifferAreSaidAsSpecNamesThem() {
    ViewText text = new ViewText(Set.of(Observable.CARDS, Observable.COUNTERS));

    String difference =
        text.difference(
            receiver(new Card(3, ready(), true)).view(),
            receiver(new Card(4, ready(), false)).view());

    assertThat(difference)
        .isEqualTo(
            "it shows card-1 v3 {\"stage\":\"ready\"} paused where the model ends with v4"
                + " {\"stage\":\"ready\"}")
        .doesNotContain("Card[");
    assertThat(text.ending(receiver(new Card(3, ready(), true)).view()))
        .isEqualTo(
            "cards [card-1 v3 {\"stage\":\"ready\"} paused] counters event 0, authoritative 0");
  }

  private static JsonObject ready() {
    return new JsonObject(new TreeMap<>(Map.of("stage", new JsonString("ready"))));
  }

  private static ModelReceiver receiver(Card card) {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put("card-1", card);
    return new ModelReceiver(
        new ReceiverSetup(
            cards,
            Set.of("card.snapshot"),
            Duration.ofDays(1),
            Instant.parse("2024-03-01T10:00:00Z")));
  }
}
