package io.inboxcheck.concurrent;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The check by serial orders: is there a serial order of each round's requests in which the model
 * gives every acknowledged answer, ending, round after round, in the view the receiver shows? A run
 * that read the receiver's view after each round keeps after each window only the states that end
 * in it, so a round that leaves the receiver in a state no order gives fails at that round, even
 * when a later round would have repaired what it shows. Rounds never overlap, so the search is one
 * window at a time, as a linearizability checker does: every order of a window's requests from
 * every model state the windows before can end in, states deduplicated by what they show and, when
 * that explains nothing, again by all a later window reads. Bounded: at most {@link #MAX_ORDERS}
 * orders in all and {@link #MAX_STATES} states kept per window; a run that reaches a bound says so
 * and is never a pass.
 *
 * <p>A request answered NO_ACK took part only if the receiver shows a trace of it (its step in the
 * audit, the held inputs or an identity record); any decision is then accepted for it. A
 * reconciliation or a clock move in a round always took part: its outcome for each object must be
 * the model's in that order. The model numbers requests in the serial order tried, because it
 * re-evaluates held inputs in arrival order and a receiver's arrival order is the order it took
 * them in, not the harness's step numbers.
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
    return check(setup, ConcurrentRun.Recorded.deliveries(requests), stored, shows);
  }

  /** The search over deliveries, reconciliations and clock moves. */
  public static Result check(
      ReceiverSetup setup, ConcurrentRun.Recorded run, ReceiverView stored, Set<Observable> shows) {
    return check(setup, run, stored, shows, MAX_ORDERS, MAX_STATES);
  }

  /** The search with bounds of its own, so a test can reach them. */
  static Result check(
      ReceiverSetup setup,
      List<Request> requests,
      ReceiverView stored,
      Set<Observable> shows,
      long maxOrders,
      int maxStates) {
    return check(
        setup, ConcurrentRun.Recorded.deliveries(requests), stored, shows, maxOrders, maxStates);
  }

  /**
   * Searches first with model states told apart by what the receiver shows, which is quick: each
   * state kept is one a real order reaches, so an explanation found is one. Merging states that
   * differ in what they hide can lose the only one that explains a later round, so a search that
   * finds none is done again with states told apart by all a later round reads, in what is left of
   * the order budget, and its verdict stands. Only when that second search reaches a bound does the
   * first one's problem stand, saying that it is not confirmed: a state merged away might have
   * explained it.
   */
  private static Result check(
      ReceiverSetup setup,
      ConcurrentRun.Recorded run,
      ReceiverView stored,
      Set<Observable> shows,
      long maxOrders,
      int maxStates) {
    Result shown = search(setup, run, new Search(stored, shows, maxOrders, false, 0), maxStates);
    if (shown.problems().isEmpty() && shown.boundReached() == null) {
      return shown;
    }
    Result all =
        search(
            setup, run, new Search(stored, shows, maxOrders, true, shown.ordersTried()), maxStates);
    if (all.boundReached() == null || shown.boundReached() != null) {
      return all;
    }
    List<String> unconfirmed =
        shown.problems().stream()
            .map(
                problem ->
                    problem
                        + " (not confirmed: the search that also tells apart what the receiver"
                        + " does not show reached its bound, "
                        + all.boundReached()
                        + ")")
            .toList();
    return new Result(unconfirmed, all.ordersTried(), null);
  }

  private static Result search(
      ReceiverSetup setup, ConcurrentRun.Recorded run, Search search, int maxStates) {
    List<ModelReceiver> states = List.of(new ModelReceiver(setup));
    int serial = 0;
    for (List<Sent> window : windows(run)) {
      List<Sent> taken =
          window.stream().filter(sent -> sent.tookPart() || search.traced(sent.step())).toList();
      Map<String, ModelReceiver> next = new LinkedHashMap<>();
      for (ModelReceiver state : states) {
        search.extend(state, taken, serial, next);
      }
      serial += taken.size();
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
      int round = window.get(0).round();
      Optional<ReceiverView> shown = run.viewAfter(round);
      if (shown.isPresent()) {
        String showing = search.text.ending(shown.get());
        ModelReceiver nearest = next.values().iterator().next();
        next.values().removeIf(state -> !search.text.ending(state.view()).equals(showing));
        if (next.isEmpty()) {
          return search.result(
              "round "
                  + (round + 1)
                  + ": no serial order of its requests ends in the view the receiver shows after"
                  + " it: "
                  + search.text.difference(shown.get(), nearest.view())
                  + "; the round's answers "
                  + answers(window));
        }
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
    String ending = search.text.ending(search.stored);
    for (ModelReceiver state : states) {
      if (search.text.ending(state.view()).equals(ending)) {
        return search.result(null);
      }
    }
    return search.result(
        "no serial order ends in the receiver's view: "
            + search.text.difference(search.stored, states.get(0).view())
            + (states.size() > 1 ? " (or " + (states.size() - 1) + " other endings)" : ""));
  }

  /**
   * One request of a window: a delivery, whose answer the model must give when acknowledged, or a
   * reconciliation or clock move, which always took part.
   */
  private record Sent(int round, int step, Request delivery, ControlRequest control) {
    boolean tookPart() {
      return control != null || delivery.acknowledged();
    }

    String answer() {
      if (control != null) {
        return control.describe()
            + (control.answer().isEmpty() ? "" : " " + outcomes(control.answer()));
      }
      return delivery.eventId()
          + ": "
          + (delivery.acknowledged()
              ? Objects.toString(
                  delivery.answer().decision() == null
                      ? null
                      : delivery.answer().decision().describe())
              : "NO_ACK");
    }
  }

  /** The run's rounds, each its requests in step order. */
  private static List<List<Sent>> windows(ConcurrentRun.Recorded run) {
    Map<Integer, List<Sent>> byRound = new TreeMap<>();
    run.requests()
        .forEach(
            request ->
                byRound
                    .computeIfAbsent(request.round(), r -> new ArrayList<>())
                    .add(new Sent(request.round(), request.step(), request, null)));
    run.controls()
        .forEach(
            control ->
                byRound
                    .computeIfAbsent(control.round(), r -> new ArrayList<>())
                    .add(new Sent(control.round(), control.step(), null, control)));
    byRound.values().forEach(window -> window.sort(Comparator.comparingInt(Sent::step)));
    return new ArrayList<>(byRound.values());
  }

  private static List<String> answers(List<Sent> window) {
    return window.stream().map(sent -> "step " + sent.step() + " " + sent.answer()).toList();
  }

  /** What a reconciliation decided for each object, as the search compares it. */
  private static List<String> outcomes(List<ObjectReconciliation> objects) {
    return objects.stream()
        .map(
            object ->
                object.objectId()
                    + " "
                    + object.outcome()
                    + (object.regressed() ? " regressed" : ""))
        .toList();
  }

  /** The state of one search: counters, the bound reached, what the receiver shows. */
  private static final class Search {
    private final ReceiverView stored;
    private final Set<Observable> shows;
    private final long maxOrders;

    /** Whether states are told apart by all a later round reads, or by what the receiver shows. */
    private final boolean exact;

    private final ViewText text;
    private long orders;
    private String boundReached;

    /** A search that counts {@code ordersBefore} tried already against {@code maxOrders}. */
    Search(
        ReceiverView stored,
        Set<Observable> shows,
        long maxOrders,
        boolean exact,
        long ordersBefore) {
      this.stored = stored;
      this.shows = shows;
      this.maxOrders = maxOrders;
      this.exact = exact;
      this.orders = ordersBefore;
      this.text = new ViewText(shows);
    }

    /**
     * Adds to {@code ends} the state of every order of {@code rest} that gives its answers; the
     * model numbers them from {@code serial} + 1 in the order tried.
     */
    void extend(ModelReceiver state, List<Sent> rest, int serial, Map<String, ModelReceiver> ends) {
      if (rest.isEmpty()) {
        orders++;
        ends.putIfAbsent(exact ? ViewText.key(state.view()) : text.ending(state.view()), state);
        return;
      }
      if (orders >= maxOrders) {
        reached("more than " + maxOrders + " orders");
        return;
      }
      for (int index = 0; index < rest.size(); index++) {
        ModelReceiver next = state.copy();
        if (!gives(next, rest.get(index), serial + 1)) {
          continue;
        }
        List<Sent> others = new ArrayList<>(rest);
        others.remove(index);
        extend(next, others, serial + 1, ends);
      }
    }

    /**
     * Applies {@code sent} to {@code model} as its {@code serial}-th input; false if it answers
     * otherwise than the receiver did.
     */
    private static boolean gives(ModelReceiver model, Sent sent, int serial) {
      if (sent.delivery() != null) {
        Request request = sent.delivery();
        Decision decided = model.deliver(serial, request.envelope(), Transport.PLAIN).decision();
        // An acknowledgement that states no decision (a receiver that decides later, with copies
        // in flight its audit cannot tell apart) is judged by the view the round leaves.
        return !request.acknowledged()
            || request.answer().decision() == null
            || Objects.equals(decided, request.answer().decision());
      }
      ScenarioStep step = sent.control().sent();
      if (step instanceof ScenarioStep.Reconcile reconcile) {
        List<ObjectReconciliation> decided = model.reconcile(serial, reconcile.authority());
        List<ObjectReconciliation> answered = sent.control().answer();
        return answered.isEmpty() || outcomes(decided).equals(outcomes(answered));
      }
      model.advanceClock(serial, step.time());
      return true;
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
