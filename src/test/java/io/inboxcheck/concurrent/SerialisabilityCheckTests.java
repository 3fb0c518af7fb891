package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The final-view checks of a concurrent run state only what is true of every serial order: a
 * regressing authority as the last writer of a card is allowed (SPEC 4), and so is a card an
 * authority created; a delivery that lowered a card is still found. Runs are sequential here, so
 * every interleaving question is settled and the verdict cannot depend on timing.
 */
class SerialisabilityCheckTests {
  static final Instant T = Instant.parse("2024-01-01T08:00:00Z");

  @Test
  void aRegressingAuthorityAsTheLastWriterIsSerialisable() {
    Run run = new Run();
    run.deliver(1, snapshot("e-1", "card-7", 50, "fifty"));
    run.reconcile(2, "card-7", 5, "five");

    assertThat(run.model.view().cards().get("card-7").version())
        .as("the authority lowered card-7 below its initial version 10")
        .isEqualTo(5);
    assertThat(run.check(run.model.view())).isEmpty();
  }

  @Test
  void aCardAnAuthorityCreatedIsNotInvented() {
    Run run = new Run();
    run.reconcile(1, "card-99", 1, "new");
    run.deliver(2, snapshot("e-1", "card-99", 2, "two"));

    assertThat(run.model.view().cards()).containsKey("card-99");
    assertThat(run.check(run.model.view())).isEmpty();
  }

  @Test
  void aDeliveryThatLoweredACardAfterTheAuthorityIsStillFound() {
    Run run = new Run();
    run.deliver(1, snapshot("e-1", "card-7", 50, "fifty"));
    run.reconcile(2, "card-7", 20, "twenty");
    run.deliver(3, snapshot("e-2", "card-7", 30, "thirty"));
    ReceiverView stored = run.model.view();
    TreeMap<String, Card> lowered = new TreeMap<>(stored.cards());
    lowered.put("card-7", new Card(25, state("twenty-five"), false));

    assertThat(run.check(withCards(stored, lowered)))
        .anySatisfy(
            problem ->
                assertThat(problem)
                    .startsWith("VERSION_MONOTONIC broken after the whole run")
                    .contains("card card-7, at least version 30"));
  }

  @Test
  void aCardNoAuthorityListedIsInvented() {
    Run run = new Run();
    run.deliver(1, snapshot("e-1", "card-7", 11, "eleven"));
    ReceiverView stored = run.model.view();
    TreeMap<String, Card> invented = new TreeMap<>(stored.cards());
    invented.put("card-99", new Card(1, state("new"), false));

    assertThat(run.check(withCards(stored, invented)))
        .anySatisfy(
            problem ->
                assertThat(problem)
                    .startsWith("NO_INVENTED_CARDS broken")
                    .contains("observed card card-99"));
  }

  /** A sequential run against the model, recorded as a concurrent run would be. */
  private static final class Run {
    final ReceiverSetup setup = guide();
    final ModelReceiver model = new ModelReceiver(setup);
    final List<SerialisabilityCheck.Sent> sent = new java.util.ArrayList<>();
    final List<SerialisabilityCheck.Reconciled> reconciled = new java.util.ArrayList<>();

    void deliver(int step, Envelope envelope) {
      sent.add(
          new SerialisabilityCheck.Sent(
              step, envelope, model.deliver(step, envelope, Transport.PLAIN)));
    }

    void reconcile(int step, String objectId, long version, String label) {
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      authority.put(objectId, new AuthoritativeCard(version, state(label)));
      reconciled.add(
          new SerialisabilityCheck.Reconciled(step, authority, model.reconcile(step, authority)));
    }

    List<String> check(ReceiverView stored) {
      return SerialisabilityCheck.checkWithReconciliations(
          setup, sent, reconciled, stored.audit(), stored);
    }
  }

  /** {@code view} with other cards: what a store that broke an invariant would show. */
  private static ReceiverView withCards(ReceiverView view, SortedMap<String, Card> cards) {
    return replacing(view, "cards", cards);
  }

  /** {@code view} with one method answering {@code value}, e.g. a table read at another moment. */
  static ReceiverView replacing(ReceiverView view, String method, Object value) {
    return (ReceiverView)
        Proxy.newProxyInstance(
            ReceiverView.class.getClassLoader(),
            new Class<?>[] {ReceiverView.class},
            (proxy, called, arguments) ->
                called.getName().equals(method) ? value : called.invoke(view, arguments));
  }

  static ReceiverSetup guide() {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put("card-7", new Card(10, state("Map"), false));
    cards.put("card-8", new Card(3, state("Chart"), false));
    return new ReceiverSetup(cards, Set.of("card.snapshot"), Duration.ofHours(24), T);
  }

  static JsonObject state(String label) {
    return (JsonObject) parse("{\"stage\":\"ready\",\"label\":\"" + label + "\"}");
  }

  static Envelope snapshot(String eventId, String objectId, long version, String label) {
    String text =
        "{\"event_id\":\""
            + eventId
            + "\",\"object_id\":\""
            + objectId
            + "\",\"object_version\":"
            + version
            + ",\"occurred_at\":\"2024-01-01T08:00:00Z\",\"type\":\"card.snapshot\","
            + "\"state\":{\"stage\":\"ready\",\"label\":\""
            + label
            + "\"}}";
    return new Envelope(parse(text), text);
  }

  private static io.inboxcheck.json.JsonValue parse(String text) {
    try {
      return new StrictJson().parse("test", text);
    } catch (InputRejected rejected) {
      throw new IllegalArgumentException(rejected.getMessage());
    }
  }
}
