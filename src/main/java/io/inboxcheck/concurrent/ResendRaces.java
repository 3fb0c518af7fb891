package io.inboxcheck.concurrent;

import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * A person's resend racing the provider's automatic retry of the same event. Stripe documents that
 * a manual resend "doesn't cancel Stripe's automatic retry behavior", so once an event failed, its
 * next retry and a resend a person sent can be in flight at once. This replaces some rounds of a
 * {@link ConcurrentBatch} with such races: every request of the round carries an event delivered in
 * an earlier round, those at even positions as the automatic retry (attempt {@link
 * #RETRY_ATTEMPT}), those at odd positions as the resend, which no provider numbers.
 *
 * @param rounds the batch with its race rounds in place
 * @param raceRounds the indexes of the race rounds, never the first two rounds (copies, variants)
 */
public record ResendRaces(List<List<Envelope>> rounds, Set<Integer> raceRounds) {
  /** Pairs of a resend and a retry in flight at once that a run needs, at least. */
  public static final int FLOOR = 1;

  /** The attempt number the racing automatic retry carries: the first retry. */
  static final int RETRY_ATTEMPT = 2;

  /** The round that is always a race, so every batch has one; rounds 0 and 1 stay as drawn. */
  static final int FIRST_RACE = 2;

  /** About one round in this many further rounds is a race. */
  static final int ONE_IN = 5;

  /** Mixed into the seed so the races draw apart from the batch's own choices. */
  private static final long SALT = 0x5EED_2ACEL;

  public ResendRaces {
    rounds = List.copyOf(rounds);
    raceRounds = Collections.unmodifiableSet(new TreeSet<>(raceRounds));
  }

  /**
   * The races drawn from {@code seed} put into {@code batch}, which needs at least three rounds.
   */
  public static ResendRaces into(List<List<Envelope>> batch, long seed) {
    if (batch.size() <= FIRST_RACE) {
      throw new IllegalArgumentException(
          "a batch with resend races needs more than " + FIRST_RACE + " rounds");
    }
    Random random = new Random(seed ^ SALT);
    List<List<Envelope>> rounds = new ArrayList<>(batch);
    Set<Integer> races = new TreeSet<>();
    for (int round = FIRST_RACE; round < rounds.size(); round++) {
      if (round == FIRST_RACE || random.nextInt(ONE_IN) == 0) {
        Envelope earlier = earlierEvent(rounds.subList(0, round), random);
        rounds.set(round, Collections.nCopies(batch.get(round).size(), earlier));
        races.add(round);
      }
    }
    return new ResendRaces(rounds, races);
  }

  /** The transport of request {@code index} of {@code round}: a retry, a resend or a plain send. */
  public Transport transport(int round, int index) {
    if (!raceRounds.contains(round) || index % 2 == 1) {
      return Transport.PLAIN;
    }
    return new Transport(false, RETRY_ATTEMPT, false);
  }

  /** Pairs of a resend and a retry of one event that were in flight at once, as measured. */
  public int racesInFlight(List<Request> requests) {
    int pairs = 0;
    for (int round : raceRounds) {
      List<Request> retries = new ArrayList<>();
      List<Request> resends = new ArrayList<>();
      for (Request request : requests) {
        if (request.round() == round) {
          (position(request) % 2 == 0 ? retries : resends).add(request);
        }
      }
      for (Request retry : retries) {
        pairs += (int) resends.stream().filter(retry::overlaps).count();
      }
    }
    return pairs;
  }

  /** The coverage line of the races, beside those of {@link InFlightCoverage}. */
  public String line(int racesInFlight) {
    return InFlightCoverage.line(
        "a resend in flight with an automatic retry",
        racesInFlight + " pairs",
        racesInFlight,
        FLOOR);
  }

  /** The shortfall, when no resend and retry were ever in flight together; empty otherwise. */
  public List<String> shortfalls(int racesInFlight) {
    if (racesInFlight >= FLOOR) {
      return List.of();
    }
    return List.of(
        "coverage shortfall: a resend in flight with an automatic retry of the same event occurred "
            + racesInFlight
            + " times, the floor is "
            + FLOOR);
  }

  /** The position of a request in its round: step {@code round * K + position + 1}. */
  private int position(Request request) {
    int concurrency = rounds.get(request.round()).size();
    return (request.step() - 1) % concurrency;
  }

  /** An event with an id from an earlier round: the one that failed and is sent again. */
  private static Envelope earlierEvent(List<List<Envelope>> earlier, Random random) {
    List<Envelope> events = new ArrayList<>();
    earlier.forEach(
        round -> round.stream().filter(e -> e.eventId().isPresent()).forEach(events::add));
    return events.get(random.nextInt(events.size()));
  }
}
