package io.inboxcheck.concurrent;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The check for receivers that show no audit order: is there a serial order of each round's
 * requests in which the model gives every acknowledged answer, ending, round after round, in the
 * view the receiver shows? Rounds never overlap, so the search is one window at a time, as a
 * linearizability checker does: every order of a window's requests from every model state the
 * windows before can end in, states deduplicated by what they show. Bounded: at most {@link
 * #MAX_ORDERS} orders in all and {@link #MAX_STATES} states kept per window; a run that reaches a
 * bound says so and is never a pass.
 *
 * <p>A request answered NO_ACK took part only if the receiver shows a trace of it (its step in the
 * audit, the held inputs or an identity record); any decision is then accepted for it.
 */
public final class SerialWindows {
  /** Orders tried over a whole run, at most. */
  public static final long MAX_ORDERS = 500_000;

  /** Distinct model states kept after one window, at most. */
  public static final int MAX_STATES = 256;

  private SerialWindows() {}

  /**
   * What the search found: problems (empty when some serial order explains everything), orders
   * tried, and the bound reached, if one was (then the verdict is not a pass).
   */
  public record Result(List<String> problems, long ordersTried, String boundReached) {}

  public static Result check(
      ReceiverSetup setup, List<Request> requests, ReceiverView stored, Set<Observable> shows) {
    return check(setup, requests, stored, shows, MAX_ORDERS, MAX_STATES);
  }

  /** The search with bounds of its own, so a test can reach them. */
  static Result check(
      ReceiverSetup setup,
      List<Request> requests,
      ReceiverView stored,
      Set<Observable> shows,
      long maxOrders,
      int maxStates) {
    Search search = new Search(stored, shows, maxOrders);
    List<ModelReceiver> states = List.of(new ModelReceiver(setup));
    for (List<Request> window : InFlightCoverage.byRound(requests).values()) {
      List<Request> delivered =
          window.stream()
              .filter(request -> request.acknowledged() || search.traced(request.step()))
              .toList();
      Map<String, ModelReceiver> next = new LinkedHashMap<>();
      for (ModelReceiver state : states) {
        search.extend(state, delivered, next);
      }
      if (next.isEmpty() && search.boundReached != null) {
        return search.result(null); // not a pass either: the verdict names the bound
      }
      if (next.isEmpty()) {
        return search.result(
            "round "
                + (window.get(0).round() + 1)
                + ": no serial order of its requests gives the answers "
                + answers(window));
      }
      states = new ArrayList<>(next.values());
      if (states.size() > maxStates) {
        search.reached(
            "more than "
                + maxStates
                + " distinct states after round "
                + (window.get(0).round() + 1));
        states = states.subList(0, maxStates);
      }
    }
    String ending = search.ending(stored);
    List<String> differences = new ArrayList<>();
    for (ModelReceiver state : states) {
      if (search.ending(state.view()).equals(ending)) {
        return search.result(null);
      }
      differences.add(search.ending(state.view()));
    }
    return search.result(
        "no serial order ends in the receiver's view "
            + ending
            + "; the model ends in "
            + differences.get(0)
            + (differences.size() > 1 ? " (or " + (differences.size() - 1) + " others)" : ""));
  }

  private static List<String> answers(List<Request> window) {
    return window.stream()
        .map(
            request ->
                "step "
                    + request.step()
                    + " "
                    + request.eventId()
                    + ": "
                    + (request.acknowledged()
                        ? Objects.toString(
                            request.answer().decision() == null
                                ? null
                                : request.answer().decision().describe())
                        : "NO_ACK"))
        .toList();
  }

  /** The state of one search: counters, the bound reached, what the receiver shows. */
  private static final class Search {
    private final ReceiverView stored;
    private final Set<Observable> shows;
    private final long maxOrders;
    private long orders;
    private String boundReached;

    Search(ReceiverView stored, Set<Observable> shows, long maxOrders) {
      this.stored = stored;
      this.shows = shows;
      this.maxOrders = maxOrders;
    }

    /** Adds to {@code ends} the state of every order of {@code rest} that gives its answers. */
    void extend(ModelReceiver state, List<Request> rest, Map<String, ModelReceiver> ends) {
      if (rest.isEmpty()) {
        orders++;
        ends.putIfAbsent(ending(state.view()), state);
        return;
      }
      if (orders >= maxOrders) {
        reached("more than " + maxOrders + " orders");
        return;
      }
      for (int index = 0; index < rest.size(); index++) {
        Request request = rest.get(index);
        ModelReceiver next = state.copy();
        Decision decided =
            next.deliver(request.step(), request.envelope(), Transport.PLAIN).decision();
        if (request.acknowledged() && !Objects.equals(decided, request.answer().decision())) {
          continue;
        }
        List<Request> others = new ArrayList<>(rest);
        others.remove(index);
        extend(next, others, ends);
      }
    }

    boolean traced(int step) {
      boolean inAudit =
          shows.contains(Observable.AUDIT)
              && stored.audit().stream().anyMatch(entry -> entry.step() == step);
      boolean held = stored.held().stream().anyMatch(input -> input.step() == step);
      boolean recorded =
          stored.identities().stream()
              .anyMatch(
                  record ->
                      record.firstRecord().step() == step
                          || record.variants().stream().anyMatch(v -> v.step() == step));
      return inAudit || held || recorded;
    }

    /**
     * What of a view the search compares, as text: what the receiver shows of cards, held inputs
     * (by id, card and reason: copies of one content may be numbered either way), counters and
     * identity records (first content and number of variants).
     */
    String ending(ReceiverView view) {
      StringBuilder text = new StringBuilder();
      if (shows.contains(Observable.CARDS)) {
        text.append("cards ").append(view.cards());
      }
      if (shows.contains(Observable.HELD)) {
        text.append(" held ")
            .append(
                view.held().stream()
                    .map(
                        input ->
                            input.envelope().eventId().orElse("-")
                                + "/"
                                + input.envelope().objectId().orElse("-")
                                + ":"
                                + input.reason())
                    .sorted()
                    .toList());
      }
      if (shows.contains(Observable.COUNTERS)) {
        text.append(" counters ").append(view.replacements());
      }
      if (shows.contains(Observable.IDENTITIES)) {
        text.append(" identities ")
            .append(view.identities().stream().map(Search::identity).sorted().toList());
      }
      return text.toString().trim();
    }

    private static String identity(IdentityRecord record) {
      return record.eventId()
          + "="
          + record.firstRecord().content()
          + " +"
          + record.variants().size();
    }

    void reached(String bound) {
      if (boundReached == null) {
        boundReached = bound;
      }
    }

    Result result(String problem) {
      return new Result(problem == null ? List.of() : List.of(problem), orders, boundReached);
    }
  }
}
