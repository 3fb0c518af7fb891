package io.inboxcheck.explore;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.InvariantChecker;
import io.inboxcheck.check.Violation;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * A depth-first search over every arrival order of one component, memoised on (position, remaining
 * deliveries, receiver fingerprint, harness memory). The states form a layered graph: one layer per
 * step, one edge per distinct transition. Each transition is run and checked once; the number of
 * orders through it is the number of paths from the start to it times the number of paths from it
 * to the end, which the graph gives exactly.
 */
final class Search {
  /** A property broken on some order, with that order (the component's deliveries, in order). */
  record Found(
      String property,
      int step,
      String stepKind,
      String expected,
      String observed,
      List<ScenarioStep.Deliver> order) {}

  /** What searching one component found. */
  record Result(
      long orders,
      long states,
      long transitions,
      Map<FinalState, Long> outcomes,
      Map<String, Map<String, Long>> decisions,
      Map<String, Long> violatingOrders,
      List<Found> found,
      Map<Invariant, Long> exercised) {}

  static final String ANY = "any";

  private final Component component;
  private final Function<ReceiverSetup, ? extends ExplorableReceiver> receivers;
  private final boolean memoise;
  private final StateBudget budget;
  private final RunProperties properties;

  private final ScenarioStep[] steps;
  private final Instant[] clock;
  private final Duration retention;
  private final List<DeliveryClass> classes;
  private final int[] nameBase;
  private final long[] radix;
  private final List<String> nameLabels = new ArrayList<>();

  private final int[] remaining;
  private final int[] occurrences;
  private final int[] stepNames;
  private final ArrayDeque<ScenarioStep.Deliver> chosen = new ArrayDeque<>();

  private final Lookahead lookahead;
  private final FingerprintTable nodes = new FingerprintTable();
  private final Fingerprint64 hashes = new Fingerprint64();
  private final OrderGraph graph;
  private final Map<String, Found> firstFound = new LinkedHashMap<>();
  private long transitions;

  Search(
      Component component,
      Function<ReceiverSetup, ? extends ExplorableReceiver> receivers,
      boolean memoise,
      StateBudget budget,
      RunProperties properties) {
    this.component = component;
    this.receivers = receivers;
    this.memoise = memoise;
    this.budget = budget;
    this.properties = properties;
    this.steps = component.scenario().steps().toArray(new ScenarioStep[0]);
    this.clock = Clocks.after(component.scenario());
    this.retention = component.scenario().retention();
    this.classes = component.classes();
    this.nameBase = new int[classes.size()];
    this.radix = new long[classes.size()];
    this.remaining = new int[classes.size()];
    this.occurrences = new int[classes.size()];
    this.stepNames = new int[steps.length + 1];
    this.lookahead = new Lookahead(steps, classes);
    this.graph = new OrderGraph(steps.length);
    int names = 0;
    long place = 1;
    for (int index = 0; index < classes.size(); index++) {
      DeliveryClass deliveryClass = classes.get(index);
      nameBase[index] = names;
      radix[index] = place;
      remaining[index] = deliveryClass.multiplicity();
      for (int occurrence = 0; occurrence < deliveryClass.multiplicity(); occurrence++) {
        nameLabels.add(deliveryClass.arrivalLabel(occurrence));
      }
      names += deliveryClass.multiplicity();
      place *= deliveryClass.multiplicity() + 1;
    }
  }

  Result run() {
    ExplorableReceiver receiver = receivers.apply(component.scenario().setup());
    InvariantChecker checker = new InvariantChecker(component.scenario());
    long code = 0;
    for (int index = 0; index < classes.size(); index++) {
      code += radix[index] * classes.get(index).multiplicity();
    }
    visit(0, code, receiver, checker);
    OrderGraph.Counts counts = graph.count(nameLabels);
    return new Result(
        counts.orders(),
        graph.nodes(),
        transitions,
        counts.outcomes(),
        counts.decisions(),
        counts.violatingOrders(),
        new ArrayList<>(firstFound.values()),
        checker.exercised());
  }

  private int visit(
      int position, long remainingCode, ExplorableReceiver receiver, InvariantChecker checker) {
    long key = 0;
    if (memoise) {
      key = key(position, remainingCode, receiver, checker);
      int known = nodes.get(key);
      if (known >= 0) {
        return known;
      }
    }
    budget.take(nodes.bytesWhileGrowing() + graph.bytesWhileGrowing());
    int node = graph.addNode(position);
    if (memoise) {
      nodes.put(key, node);
    }
    if (position == steps.length) {
      leaf(node, receiver);
      return node;
    }
    ScenarioStep step = steps[position];
    if (!(step instanceof ScenarioStep.Deliver slot)) {
      transitions++;
      CheckedStep transition = CheckedStep.run(step, receiver, checker);
      int note = graph.noteId(transition.notes(names(), globalNumber(step)));
      found(transition, step);
      int child = visit(position + 1, remainingCode, receiver, checker);
      graph.addEdge(node, child, note, transition.violations());
      return node;
    }
    int last = -1;
    for (int index = 0; index < classes.size(); index++) {
      last = remaining[index] > 0 ? index : last;
    }
    for (int index = 0; index < classes.size(); index++) {
      if (remaining[index] == 0) {
        continue;
      }
      // The last choice may step the state in place: nothing reads it afterwards.
      ExplorableReceiver next = index == last ? receiver : receiver.copy();
      InvariantChecker nextChecker = index == last ? checker : checker.copy();
      int occurrence = occurrences[index];
      ScenarioStep.Deliver member = classes.get(index).members().get(occurrence);
      ScenarioStep.Deliver concrete =
          new ScenarioStep.Deliver(
              slot.number(), member.envelope(), slot.receivedAt(), member.transport(), null);
      stepNames[slot.number()] = nameBase[index] + occurrence;
      remaining[index]--;
      occurrences[index]++;
      chosen.addLast(member);
      transitions++;
      CheckedStep transition = CheckedStep.run(concrete, next, nextChecker);
      int note = graph.noteId(transition.notes(names(), globalNumber(concrete)));
      found(transition, concrete);
      int child = visit(position + 1, remainingCode - radix[index], next, nextChecker);
      graph.addEdge(node, child, note, transition.violations());
      chosen.removeLast();
      occurrences[index]--;
      remaining[index]++;
    }
    return node;
  }

  /**
   * The 64-bit fingerprint of the state before {@code position}: the position, the deliveries still
   * to come, and the receiver's and the harness's canonical memories without what only a redelivery
   * of an id that can no longer arrive would read ({@link Forgetting}).
   */
  private long key(
      int position, long remainingCode, ExplorableReceiver receiver, InvariantChecker checker) {
    IntUnaryOperator names = names();
    ToIntFunction<Instant> retentionClass =
        receivedAt -> Clocks.retentionClass(clock, position, receivedAt, retention);
    Ahead ahead = lookahead.at(position, remaining);
    long key = Fingerprint64.combine(Fingerprint64.mix(position), remainingCode);
    long state =
        receiver instanceof ExplorableModel model
            ? ModelStateKey.of(model.view(), names, retentionClass, ahead, hashes)
            : hashes.hash(receiver.fingerprint(names, retentionClass, ahead));
    key = Fingerprint64.combine(key, state);
    return Fingerprint64.combine(
        key, hashes.hash(checker.memory(names, retentionClass, ahead::mayArrive)));
  }

  private void found(CheckedStep transition, ScenarioStep step) {
    for (Violation violation : transition.violations()) {
      firstFound.computeIfAbsent(
          violation.invariant().name(),
          name ->
              new Found(
                  name,
                  step.number(),
                  violation.stepKind(),
                  violation.expected().describe(),
                  violation.observed().describe(),
                  completedOrder()));
    }
  }

  private void leaf(int node, ExplorableReceiver receiver) {
    FinalState outcome = FinalState.of(receiver.view());
    List<RunProperties.Failure> failures =
        graph.addLeaf(node, outcome, reached -> properties.check(reached, component.objects()));
    for (RunProperties.Failure failure : failures) {
      firstFound.computeIfAbsent(
          failure.property(),
          name ->
              new Found(name, 0, "run", failure.expected(), failure.observed(), completedOrder()));
    }
  }

  /** The current path's deliveries followed by the rest of the component's, in file order. */
  private List<ScenarioStep.Deliver> completedOrder() {
    List<ScenarioStep.Deliver> order = new ArrayList<>(chosen);
    List<ScenarioStep.Deliver> rest = new ArrayList<>();
    for (int index = 0; index < classes.size(); index++) {
      DeliveryClass deliveryClass = classes.get(index);
      rest.addAll(
          deliveryClass.members().subList(occurrences[index], deliveryClass.multiplicity()));
    }
    rest.sort((left, right) -> Integer.compare(left.number(), right.number()));
    order.addAll(rest);
    return order;
  }

  private IntUnaryOperator names() {
    return step -> stepNames[step];
  }

  private int globalNumber(ScenarioStep step) {
    return component.globalStepNumbers()[step.number() - 1];
  }
}
