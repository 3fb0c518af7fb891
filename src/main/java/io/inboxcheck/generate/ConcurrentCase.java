package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The requests of {@code check --concurrency K}: rounds of exactly K requests, sent at once. A
 * round is one of: K copies of one new delivery (the Slack case: a resend while the first is still
 * being handled), K copies of an earlier delivery, copies and changed-content variants of one new
 * id (which pause its card), different ids racing for one card with a copy among them, deliveries
 * for a paused card racing that card's reconciliation, or redeliveries of earlier ids racing a
 * clock move past their retention. The first rounds are one of each of the last four, in that
 * order, so every case has them all; the rest are drawn.
 *
 * <p>For a provider whose manual resend does not cancel its automatic retries (Stripe documents
 * that a resend "doesn't cancel Stripe's automatic retry behavior"), a case also has rounds where
 * an event delivered before is sent again at once as the numbered retry (even positions, attempt
 * {@link #RETRY_ATTEMPT}) and as the unnumbered resend (odd positions): the third round always, and
 * about one drawn round in five after it.
 *
 * <p>In a reconciliation or clock race each delivery but the first waits a drawn lag after the
 * round is released ({@link #LAGS}): none for about half of them, else 1 to 64 ms. Requests
 * released together reach a receiver in whatever order the scheduler gives, so a delivery would
 * land inside a reconciliation's or a clock move's work only by luck; a lag puts it there on
 * purpose, and the ladder of lags covers windows from a lock released for a moment to a call to the
 * provider. The first delivery never waits: the run holds it and the reconciliation or clock move
 * at one point ({@code RaceHold}), so every race has a delivery in flight with the request it
 * races, which a round of lags all longer than a fast clock move would otherwise miss.
 *
 * <p>Every value is drawn from the engine's choices ({@link ConcurrentRounds}), so a failing case
 * shrinks to fewer rounds and its choices replay it. A round is a step to the shrinker; a round
 * whose presence flag is lowered is not sent, so shrinking removes rounds. Requests are numbered
 * {@code round * K + i + 1}.
 *
 * <p>The initial cards are drawn too, after the rounds (so the rounds a seed draws do not depend on
 * them): {@code card-1} always, each other card almost always, each at version 1. A card whose
 * presence is lowered is not in the setup, so shrinking removes the initial cards a failure does
 * not need, as it removes the fault sequences' (their cards are a list of the setup).
 *
 * @param rounds the rounds in order, each K requests: deliveries, at most one reconciliation or
 *     clock move
 * @param lags for each request of each round, how long it waits after its round is released
 * @param initialCards the cards the receiver starts with, ascending; each at version 1
 */
public record ConcurrentCase(
    List<List<ScenarioStep>> rounds, List<List<Duration>> lags, List<String> initialCards) {
  /** Rounds in one case. */
  public static final int ROUNDS = 30;

  /** Cards the deliveries name; variants pause theirs, so there are several. */
  static final int CARDS = 4;

  public static final Instant START = Instant.parse("2024-01-01T08:00:00Z");

  static final Duration RETENTION = Duration.ofHours(24);

  /** The attempt number a racing automatic retry carries: the first retry. */
  public static final int RETRY_ATTEMPT = 2;

  /** The lags a delivery in a race may wait, the first (none) the simplest. */
  static final List<Duration> LAGS =
      List.of(
          Duration.ZERO,
          Duration.ofMillis(1),
          Duration.ofMillis(4),
          Duration.ofMillis(16),
          Duration.ofMillis(64));

  /** A case with every card of {@link #setup()}. */
  public ConcurrentCase(List<List<ScenarioStep>> rounds, List<List<Duration>> lags) {
    this(rounds, lags, InitialCards.every());
  }

  public ConcurrentCase {
    initialCards = List.copyOf(initialCards);
    rounds = rounds.stream().map(List::copyOf).toList();
    lags = lags.stream().map(List::copyOf).toList();
    if (lags.size() != rounds.size()) {
      throw new IllegalArgumentException(
          rounds.size() + " rounds but lags for " + lags.size() + " of them");
    }
    for (int round = 0; round < rounds.size(); round++) {
      if (lags.get(round).size() != rounds.get(round).size()) {
        throw new IllegalArgumentException("round " + (round + 1) + ": a lag for every request");
      }
    }
  }

  /** Every card at version 1, card.snapshot supported, a day's retention. */
  public static ReceiverSetup setup() {
    return InitialCards.setup(InitialCards.every());
  }

  /** This case's initial cards at version 1, card.snapshot supported, a day's retention. */
  public ReceiverSetup receiverSetup() {
    return InitialCards.setup(initialCards);
  }

  /** Draws a case of {@link #ROUNDS} rounds of {@code concurrency} requests. */
  public static ConcurrentCase draw(Choices choices, int concurrency) {
    return draw(choices, concurrency, false);
  }

  /**
   * As {@link #draw(Choices, int)}, with rounds where a resend races an automatic retry when {@code
   * resendRaces}.
   */
  public static ConcurrentCase draw(Choices choices, int concurrency, boolean resendRaces) {
    return new ConcurrentRounds(choices, concurrency, resendRaces).draw();
  }

  /** Every request of the case, in step order. */
  public List<ScenarioStep> requests() {
    return rounds.stream().flatMap(List::stream).toList();
  }

  /**
   * The case as lines a person reads: one round a line, its requests in thread order, each lag
   * after the request it delays.
   */
  public String describe() {
    StringBuilder text = new StringBuilder("initial:");
    initialCards.forEach(card -> text.append(' ').append(card).append(" v1 \"L1\""));
    text.append('\n');
    for (int index = 0; index < rounds.size(); index++) {
      text.append("round ").append(index + 1).append(':');
      for (int request = 0; request < rounds.get(index).size(); request++) {
        ScenarioStep step = rounds.get(index).get(request);
        Duration lag = lags.get(index).get(request);
        text.append(' ').append(step.number()).append('=').append(describe(step));
        if (!lag.isZero()) {
          text.append(" after ").append(lag.toMillis()).append(" ms");
        }
        text.append(';');
      }
      text.append('\n');
    }
    return text.toString().strip();
  }

  private static String describe(ScenarioStep step) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      Envelope envelope = deliver.envelope();
      JsonObject content = (JsonObject) envelope.content();
      return "deliver "
          + (deliver.transport() != null && deliver.transport().attempt() != null
              ? "(attempt " + deliver.transport().attempt() + ") "
              : "")
          + envelope.eventId().orElse("-")
          + " "
          + envelope.objectId().orElse("-")
          + " v"
          + content.get(Envelope.OBJECT_VERSION).map(JsonValue::canonicalText).orElse("-")
          + " "
          + envelope.state().flatMap(s -> s.get("label")).map(JsonValue::canonicalText).orElse("");
    }
    if (step instanceof ScenarioStep.Reconcile reconcile) {
      // As the other lines speak: object id, version and the state's label, never a record's text.
      return "reconcile "
          + reconcile.authority().entrySet().stream()
              .map(
                  entry ->
                      entry.getKey()
                          + " v"
                          + entry.getValue().version()
                          + " "
                          + entry
                              .getValue()
                              .state()
                              .get("label")
                              .map(JsonValue::canonicalText)
                              .orElse(""))
              .collect(Collectors.joining(", "));
    }
    return "clock to " + step.time();
  }

  /** A card.snapshot envelope whose label says its version. */
  public static Envelope snapshot(String eventId, String card, long version, String suffix) {
    SortedMap<String, JsonValue> members = new TreeMap<>();
    members.put(Envelope.EVENT_ID, new JsonString(eventId));
    members.put(Envelope.OBJECT_ID, new JsonString(card));
    members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    members.put(Envelope.OCCURRED_AT, new JsonString(START.toString()));
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    members.put(Envelope.STATE, state("L" + version + suffix));
    return new Envelope(new JsonObject(members));
  }

  static JsonObject state(String label) {
    SortedMap<String, JsonValue> members = new TreeMap<>();
    members.put("stage", new JsonString("ready"));
    members.put("label", new JsonString(label));
    return new JsonObject(members);
  }
}
