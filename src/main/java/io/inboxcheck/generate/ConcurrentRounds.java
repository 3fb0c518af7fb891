package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
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

/**
 * One {@link ConcurrentCase} being drawn from the engine's choices, round by round: the kinds of
 * round and their weights, and what the rounds so far leave (what was delivered, which cards wait,
 * the clock).
 */
final class ConcurrentRounds {
  /** Versions drawn per delivery, from 2 up to this; one version always carries one state. */
  static final int MAX_VERSION = 40;

  /** Percent of rounds sent; a round not sent is what shrinking leaves of a deleted one. */
  static final int ROUND_PERCENT = 99;

  /** Percent of a clock race's deliveries that redeliver an earlier envelope. */
  static final int REDELIVERED_PERCENT = 75;

  /** How far a clock move goes: past the retention of every id delivered before it. */
  static final Duration CLOCK_MOVE = Duration.ofHours(25);

  /**
   * Percent of a case's later clock races that move exactly onto the retention boundary of the ids
   * first received since the last move, as its first clock race always does.
   */
  static final int BOUNDARY_PERCENT = 50;

  /** Weights of {@link ConcurrentCase#LAGS}: about half of a race's deliveries start at once. */
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

  private final Choices choices;
  private final int concurrency;
  private final boolean resendRaces;
  private final List<Envelope> earlier = new ArrayList<>();
  private final Set<String> paused = new LinkedHashSet<>();
  private final List<ScenarioStep> steps = new ArrayList<>();
  private final List<Duration> lags = new ArrayList<>();

  /** Envelopes of ids first delivered since the last clock move, outside a clock race. */
  private final List<Envelope> sinceMove = new ArrayList<>();

  private final Set<String> deliveredIds = new LinkedHashSet<>();
  private boolean boundaryRaced;
  private Instant clock = ConcurrentCase.START;
  private int nextId = 1;
  private int round;

  ConcurrentRounds(Choices choices, int concurrency, boolean resendRaces) {
    this.choices = choices;
    this.concurrency = concurrency;
    this.resendRaces = resendRaces;
  }

  ConcurrentCase draw() {
    List<List<ScenarioStep>> rounds = new ArrayList<>();
    List<List<Duration>> roundLags = new ArrayList<>();
    for (int index = 0; index < ConcurrentCase.ROUNDS; index++) {
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
                    : Kind.values()[c.weighted(resendRaces ? WEIGHTS_WITH_RESEND_RACES : WEIGHTS)];
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
    Envelope first = ConcurrentCase.snapshot("e-" + nextId++, card(), version(), "");
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
      deliver(
          ConcurrentCase.snapshot("e-" + nextId++, first.objectId().orElseThrow(), version(), ""));
    }
  }

  /**
   * The reconciliation of a card that waits (paused by variants), if one does, racing new
   * deliveries for it: a delivery the card still holds must be re-evaluated, one after it applied;
   * a reconciliation that is not one transaction leaves one held on an unpaused card.
   */
  private void reconciliationRace() {
    String card = paused.isEmpty() ? card() : choices.pick(new ArrayList<>(paused));
    long version = version();
    SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
    authority.put(card, new AuthoritativeCard(version, ConcurrentCase.state("L" + version)));
    add(new ScenarioStep.Reconcile(nextStep(), authority, null, null));
    paused.remove(card);
    while (steps.size() < concurrency) {
      deliver(ConcurrentCase.snapshot("e-" + nextId++, card, version(), ""), raceLag());
    }
  }

  /**
   * A clock move racing redeliveries of earlier ids: past the retention of every one of them, or (a
   * case's first clock race, and some later ones) exactly onto the retention boundary of those
   * first received since the last move, the first delivery, held with the move, one of them. It is
   * kept or pruned by which of the two is decided first; either order is a serial one.
   */
  private void clockRace(Envelope fresh) {
    boolean boundary = !sinceMove.isEmpty() && (!boundaryRaced || choices.bool(BOUNDARY_PERCENT));
    Duration by = boundary ? ConcurrentCase.RETENTION : CLOCK_MOVE;
    List<Envelope> atBoundary = List.copyOf(sinceMove);
    clock = clock.plus(by);
    add(new ScenarioStep.Advance(nextStep(), by, clock, null));
    if (boundary) {
      deliver(choices.pick(atBoundary), raceLag());
      boundaryRaced = true;
    }
    while (steps.size() < concurrency) {
      boolean again = !earlier.isEmpty() && choices.bool(REDELIVERED_PERCENT);
      deliver(again ? choices.pick(earlier) : fresh, raceLag());
    }
    // Ids first delivered racing the move may be received before or after it.
    sinceMove.clear();
  }

  /**
   * An event delivered before, sent again at once as the automatic retry (even positions, numbered)
   * and as a person's resend (odd positions, not numbered).
   */
  private void resendRace(Envelope event) {
    while (steps.size() < concurrency) {
      Transport transport =
          steps.size() % 2 == 0
              ? new Transport(false, ConcurrentCase.RETRY_ATTEMPT, false)
              : Transport.PLAIN;
      add(new ScenarioStep.Deliver(nextStep(), event, null, transport, null));
      delivered(event);
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
    delivered(envelope);
  }

  /** Notes a delivery sent: an id sent for the first time is first received since the move. */
  private void delivered(Envelope envelope) {
    earlier.add(envelope);
    envelope.eventId().filter(deliveredIds::add).ifPresent(id -> sinceMove.add(envelope));
  }

  /** A request that starts as soon as its round is released. */
  private void add(ScenarioStep step) {
    steps.add(step);
    lags.add(Duration.ZERO);
  }

  /**
   * The lag of a delivery racing the round's first request: none for the first delivery, which the
   * race is held for, a drawn one for the others.
   */
  private Duration raceLag() {
    return steps.size() == 1
        ? Duration.ZERO
        : ConcurrentCase.LAGS.get(choices.weighted(LAG_WEIGHTS));
  }

  /** Requests are numbered {@code round * K + i + 1}: unique in the case. */
  private int nextStep() {
    return round * concurrency + steps.size() + 1;
  }

  private Envelope relabelled(Envelope envelope, String suffix) {
    JsonObject content = (JsonObject) envelope.content();
    JsonObject state = (JsonObject) content.get(Envelope.STATE).orElseThrow();
    String label = ((JsonString) state.get("label").orElseThrow()).value();
    return new Envelope(content.with(Envelope.STATE, ConcurrentCase.state(label + suffix)));
  }

  private String card() {
    return "card-" + choices.integer(1, ConcurrentCase.CARDS);
  }

  private long version() {
    return choices.integer(2, MAX_VERSION);
  }
}
