package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Card;
import org.junit.jupiter.api.Test;

/**
 * Numbers inside a card's state may come back as the receiver received them or in canonical form
 * (docs/receiver-protocol.md, "What a receiver writes"): inboxcheck reads a view's card as a JSON
 * value and compares by exact decimal value (SPEC 1.3), never by its text; a different value is
 * still a different card.
 */
class StateNumbersTests {
  private static Card card(String text) throws Exception {
    return ProtocolValues.card(new StrictJson().parse("view", text), "$.cards.card-1");
  }

  @Test
  void aNumberEchoedAsReceivedOrCanonicalIsTheSameCard() throws Exception {
    Card canonical = card("{\"version\": 12, \"state\": {\"weight\": 12}, \"paused\": false}");

    assertThat(card("{\"version\": 12, \"state\": {\"weight\": 12.0}, \"paused\": false}"))
        .isEqualTo(canonical);
    assertThat(card("{\"version\": 12, \"state\": {\"weight\": 1.2e1}, \"paused\": false}"))
        .isEqualTo(canonical);
    assertThat(card("{\"version\": 12, \"state\": {\"weight\": 12.5}, \"paused\": false}"))
        .isNotEqualTo(canonical);
  }
}
