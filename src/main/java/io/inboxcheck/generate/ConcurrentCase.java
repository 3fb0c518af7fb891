package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
 * <p>Every value is drawn from the engine's choices, so a failing case shrinks to fewer rounds and
 * its choices replay it. A round is a step to the shrinker; a round whose presence flag is lowered
 * is not sent, so shrinking removes rounds. Requests are numbered {@code round * K + i + 1}.
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

  /** Versions drawn per delivery, from 2 up to this; one version always carries one state. */
  static final int MAX_VERSION = 40;

  /** Percent of rounds sent; a round not sent is what shrinking leaves of a deleted one. */
  static final int ROUND_PERCENT = 99;

  /** Percent of a clock race's deliveries that redeliver an earlier envelope. */
  static final int REDELIVERED_PERCENT = 75;

  /** How far a clock move goes: past the retention of every id delivered before it. */
  static final Duration CLOCK_MOVE = Duration.ofHours(25);

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

  /** Weights of {@link #LAGS}: about half of a race's deliveries start at once. */
  private static final int[] LAG_WEIGHTS = {4, 1, 1, 1, 1};

  /** The kinds of round, the simplest first. */
  enum Kind {
    COPIES_OF_NEW,
    COPIES_OF_EARLIER,
    VARIANTS,
    RACE_FOR_CARD,
    RECONCILIATION_RACE,
    CLOCK_RACE,
    RESEND_RACE
  }

  /** The kinds of the first rounds, so every case has variants and both kinds of race. */
  static final List<Kind> FIRST =
      List.of(Kind.COPIES_OF_NEW, Kind.VARIANTS, Kind.RECONCILIATION_RACE, Kind.CLOCK_RACE);

  /** The first rounds when resends race retries: a race is the third. */
  static final List<Kind> FIRST_WITH_RESEND_RACES =
      List.of(
          Kind.COPIES_OF_NEW,
          Kind.VARIANTS,
          Kind.RESEND_RACE,
          Kind.RECONCILIATION_RACE,
          Kind.CLOCK_RACE);

  /** Weights of the drawn rounds' kinds, in {@link Kind}'s order; no resend races. */
  private static final int[] WEIGHTS = {3, 1, 1, 2, 4, 1, 0};

  /** The weights when resends race retries: about one drawn round in five is a race. */
  private static final int[] WEIGHTS_WITH_RESEND_RACES = {3, 1, 1, 2, 4, 1, 3};

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
    return new Drawing(choices, concurrency, resendRaces).draw();
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

  /** One case being drawn: what was delivered so far, which cards wait, the clock. */
  private static final class Drawing {
    private final Choices choices;
    private final int concurrency;
    private final boolean resendRaces;
    private final List<Envelope> earlier = new ArrayList<>();
    private final Set<String> paused = new LinkedHashSet<>();
    private final List<ScenarioStep> steps = new ArrayList<>();
    private final List<Duration> lags = new ArrayList<>();
    private Instant clock = START;
    private int nextId = 1;
    private int round;

    Drawing(Choices choices, int concurrency, boolean resendRaces) {
      this.choices = choices;
      this.concurrency = concurrency;
      this.resendRaces = resendRaces;
    }

    ConcurrentCase draw() {
      List<List<ScenarioStep>> rounds = new ArrayList<>();
      List<List<Duration>> roundLags = new ArrayList<>();
      for (int index = 0; index < ROUNDS; index++) {
        if (!choices.bool(ROUND_PERCENT)) {
          continue;
        }
        choices.span(
            "step",
            c -> {
              List<Kind> first = resendRaces ? FIRST_WITH_RESEND_RACES : FIRST;
              Kind kind =
                  round < first.size()
                      ? first.get(round)
                      : Kind.values()[
                          c.weighted(resendRaces ? WEIGHTS_WITH_RESEND_RACES : WEIGHTS)];
              if (kind == Kind.RECONCILIATION_RACE && paused.isEmpty()) {
                // A reconciliation races best where a card waits: pause one first.
                kind = Kind.VARIANTS;
              }
              requests(kind);
              return kind;
            });
        rounds.add(List.copyOf(steps));
        roundLags.add(List.copyOf(lags));
        steps.clear();
        lags.clear();
        round++;
      }
      return new ConcurrentCase(rounds, roundLags, InitialCards.draw(choices));
    }

    /** Draws one round of the given kind into {@link #steps}. */
    private void requests(Kind kind) {
      Envelope first = snapshot("e-" + nextId++, card(), version(), "");
      switch (kind) {
        case COPIES_OF_EARLIER -> fill(earlier.isEmpty() ? first : choices.pick(earlier));
        case VARIANTS -> {
          // Copies of the first content and, under the same id, changed content: its card pauses.
          for (int index = 0; index < concurrency; index++) {
            deliver(index % 2 == 0 ? first : relabelled(first, " variant " + (index / 2 + 1)));
          }
          first.objectId().ifPresent(paused::add);
        }
        case RACE_FOR_CARD -> race(first);
        case RECONCILIATION_RACE -> reconciliationRace();
        case CLOCK_RACE -> clockRace(first);
        case RESEND_RACE -> resendRace(earlier.isEmpty() ? first : choices.pick(earlier));
        default -> fill(first);
      }
    }

    /** Different ids racing for one card, with a copy of the first among them. */
    private void race(Envelope first) {
      deliver(first);
      deliver(first);
      while (steps.size() < concurrency) {
        deliver(snapshot("e-" + nextId++, first.objectId().orElseThrow(), version(), ""));
      }
    }

    /**
     * The reconciliation of a card that waits (paused by variants), if one does, racing new
     * deliveries for it: a delivery the card still holds must be re-evaluated, one after it
     * applied; a reconciliation that is not one transaction leaves one held on an unpaused card.
     */
    private void reconciliationRace() {
      String card = paused.isEmpty() ? card() : choices.pick(new ArrayList<>(paused));
      long version = version();
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      authority.put(card, new AuthoritativeCard(version, state("L" + version)));
      add(new ScenarioStep.Reconcile(nextStep(), authority, null, null));
      paused.remove(card);
      while (steps.size() < concurrency) {
        deliver(snapshot("e-" + nextId++, card, version(), ""), raceLag());
      }
    }

    /** A clock move past the retention of every earlier id, racing redeliveries of them. */
    private void clockRace(Envelope fresh) {
      clock = clock.plus(CLOCK_MOVE);
      add(new ScenarioStep.Advance(nextStep(), CLOCK_MOVE, clock, null));
      while (steps.size() < concurrency) {
        boolean again = !earlier.isEmpty() && choices.bool(REDELIVERED_PERCENT);
        deliver(again ? choices.pick(earlier) : fresh, raceLag());
      }
    }

    /**
     * An event delivered before, sent again at once as the automatic retry (even positions,
     * numbered) and as a person's resend (odd positions, not numbered).
     */
    private void resendRace(Envelope event) {
      while (steps.size() < concurrency) {
        Transport transport =
            steps.size() % 2 == 0 ? new Transport(false, RETRY_ATTEMPT, false) : Transport.PLAIN;
        add(new ScenarioStep.Deliver(nextStep(), event, null, transport, null));
        earlier.add(event);
      }
    }

    private void fill(Envelope envelope) {
      while (steps.size() < concurrency) {
        deliver(envelope);
      }
    }

    private void deliver(Envelope envelope) {
      deliver(envelope, Duration.ZERO);
    }

    private void deliver(Envelope envelope, Duration lag) {
      steps.add(new ScenarioStep.Deliver(nextStep(), envelope, null, Transport.PLAIN, null));
      lags.add(lag);
      earlier.add(envelope);
    }

    /** A request that starts as soon as its round is released. */
    private void add(ScenarioStep step) {
      steps.add(step);
      lags.add(Duration.ZERO);
    }

    /**
     * The lag of a delivery racing the round's first request: none for the first delivery, which
     * the race is held for, a drawn one for the others.
     */
    private Duration raceLag() {
      return steps.size() == 1 ? Duration.ZERO : LAGS.get(choices.weighted(LAG_WEIGHTS));
    }

    /** Requests are numbered {@code round * K + i + 1}: unique in the case. */
    private int nextStep() {
      return round * concurrency + steps.size() + 1;
    }

    private Envelope relabelled(Envelope envelope, String suffix) {
      JsonObject content = (JsonObject) envelope.content();
      JsonObject state = (JsonObject) content.get(Envelope.STATE).orElseThrow();
      String label = ((JsonString) state.get("label").orElseThrow()).value();
      return new Envelope(content.with(Envelope.STATE, state(label + suffix)));
    }

    private String card() {
      return "card-" + choices.integer(1, CARDS);
    }

    private long version() {
      return choices.integer(2, MAX_VERSION);
    }
  }
}
