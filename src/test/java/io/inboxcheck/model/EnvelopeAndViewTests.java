package io.inboxcheck.model;

import static io.inboxcheck.model.Envelopes.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonString;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * An envelope's fields, read once when it is made, and the view's wrapper-free reads, as any view
 * that only implements the required methods gets them.
 */
class EnvelopeAndViewTests {

  @Test
  void anEnvelopeGivesTheFieldsItWasMadeFromAndEqualsByContentAndText() {
    Envelope envelope = snapshot("e-1", "card-1", 3, "ready", "L");
    Envelope spelled = new Envelope(envelope.content(), "{\"spelled\": true}");

    assertThat(envelope.type()).contains(Envelopes.SNAPSHOT);
    assertThat(envelope.state()).contains(Envelopes.state("ready", "L"));
    assertThat(envelope.rawText()).isNull();
    assertThat(spelled.rawText()).isEqualTo("{\"spelled\": true}");
    assertThat(Envelopes.without(envelope, Envelope.TYPE).type()).isEmpty();
    assertThat(Envelopes.with(envelope, Envelope.STATE, new JsonString("x")).state()).isEmpty();

    Envelope same = snapshot("e-1", "card-1", 3, "ready", "L");
    assertThat(envelope).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(spelled);
    assertThat(envelope).isNotEqualTo(snapshot("e-1", "card-1", 4, "ready", "L"));
    assertThat(spelled).isEqualTo(new Envelope(envelope.content(), "{\"spelled\": true}"));
    assertThat(spelled.hashCode()).isNotEqualTo(envelope.hashCode());
  }

  @Test
  void anEnvelopeWithoutAnObjectIdIsJudgedWithoutAskingForACard() {
    ReceiverView view = new RequiredOnly(guideState());

    DeliveryOutcome outcome =
        Reducer.decide(
            view, Envelopes.without(snapshot("e-9", "card-7", 11, "ready", "L"), "object_id"));

    assertThat(outcome.decision()).isEqualTo(Decision.held(HeldReason.MALFORMED));
  }

  private static ReceiverState guideState() {
    return new ReceiverState(
        Map.of("card-7", TestReceiver.card(10, "queued", "Map")),
        Set.of(Envelopes.SNAPSHOT),
        TestReceiver.DAY,
        TestReceiver.T);
  }

  /**
   * Implements only what a view must; its card lookup refuses a missing id, as a sorted map does.
   */
  private record RequiredOnly(ReceiverState state) implements ReceiverView {
    @Override
    public Optional<Card> card(String objectId) {
      return state.card(Objects.requireNonNull(objectId, "objectId"));
    }

    @Override
    public SortedMap<String, Card> cards() {
      return state.cards();
    }

    @Override
    public Optional<IdentityRecord> identity(String eventId) {
      return state.identity(eventId);
    }

    @Override
    public Collection<IdentityRecord> identities() {
      return state.identities();
    }

    @Override
    public List<HeldInput> held() {
      return state.held();
    }

    @Override
    public boolean isHeld(int step) {
      return state.isHeld(step);
    }

    @Override
    public List<AuditEntry> audit() {
      return state.audit();
    }

    @Override
    public ReplacementCounters replacements() {
      return state.replacements();
    }

    @Override
    public ViewSettings settings() {
      return state.settings();
    }
  }
}
