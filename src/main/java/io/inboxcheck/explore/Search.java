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
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
  /** The bound on distinct states, shared by every component of one exploration. */
  static final class StateBudget {
    private final long maxStates;
    private long used;

    StateBudget(long maxStates) {
      this.maxStates = maxStates;
    }

    void take() {
      if (++used > maxStates) {
        throw new StateLimitExceeded(maxStates);
      }
    }
  }

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
      Map<FinalOutcome, Long> outcomes,
      Map<String, Map<String, Long>> decisions,
      Map<String, Long> violatingOrders,
      List<Found> found,
      Map<Invariant, Long> exercised) {}

  /** The key of a memoised state. */
  private record Key(int position, long remaining, Object receiver, Object harness) {}

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

  private final Map<Key, Integer> nodes = new HashMap<>();
  private final IntList nodeDepth = new IntList();
  private final IntList edgeSource = new IntList();
  private final IntList edgeTarget = new IntList();
  private final IntList edgeNotes = new IntList();
  private final List<List<CheckedStep.Note>> notes = new ArrayList<>();
  private final Map<List<CheckedStep.Note>, Integer> noteIds = new HashMap<>();
  private final Map<Integer, Integer> leafOutcome = new HashMap<>();
  private final List<FinalOutcome> outcomes = new ArrayList<>();
  private final Map<FinalOutcome, Integer> outcomeIds = new HashMap<>();
  private final Map<Integer, List<RunProperties.Failure>> outcomeFailures = new HashMap<>();
  private final Map<Integer, Set<String>> edgeViolations = new HashMap<>();
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
    return count(checker.exercised());
  }

  private int visit(
      int position, long remainingCode, ExplorableReceiver receiver, InvariantChecker checker) {
    Key key = null;
    if (memoise) {
      IntUnaryOperator names = names();
      ToIntFunction<Instant> retentionClass =
          receivedAt -> Clocks.retentionClass(clock, position, receivedAt, retention);
      key =
          new Key(
              position,
              remainingCode,
              receiver.fingerprint(names, retentionClass),
              checker.memory(names, retentionClass));
      Integer known = nodes.get(key);
      if (known != null) {
        return known;
      }
    }
    budget.take();
    int node = nodeDepth.size();
    nodeDepth.add(position);
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
      int note = noteId(transition.notes(names(), globalNumber(step)));
      found(transition, step);
      int child = visit(position + 1, remainingCode, receiver, checker);
      edge(node, child, note, transition);
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
      int note = noteId(transition.notes(names(), globalNumber(concrete)));
      found(transition, concrete);
      int child = visit(position + 1, remainingCode - radix[index], next, nextChecker);
      edge(node, child, note, transition);
      chosen.removeLast();
      occurrences[index]--;
      remaining[index]++;
    }
    return node;
  }

  private void edge(int source, int target, int note, CheckedStep transition) {
    int edge = edgeSource.size();
    edgeSource.add(source);
    edgeTarget.add(target);
    edgeNotes.add(note);
    if (!transition.violations().isEmpty()) {
      Set<String> broken = new HashSet<>();
      transition.violations().forEach(violation -> broken.add(violation.invariant().name()));
      edgeViolations.put(edge, broken);
    }
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
    FinalOutcome outcome = FinalOutcome.of(receiver.view());
    Integer id = outcomeIds.get(outcome);
    if (id == null) {
      id = outcomes.size();
      outcomes.add(outcome);
      outcomeIds.put(outcome, id);
      List<RunProperties.Failure> failures = properties.check(outcome, component.objects());
      outcomeFailures.put(id, failures);
      for (RunProperties.Failure failure : failures) {
        firstFound.computeIfAbsent(
            failure.property(),
            name ->
                new Found(
                    name, 0, "run", failure.expected(), failure.observed(), completedOrder()));
      }
    }
    leafOutcome.put(node, id);
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

  private int noteId(List<CheckedStep.Note> edgeNotes) {
    return noteIds.computeIfAbsent(
        edgeNotes,
        key -> {
          notes.add(key);
          return notes.size() - 1;
        });
  }

  /** Counts orders over the graph: paths in, paths out, and paths avoiding each violation. */
  private Result count(Map<Invariant, Long> exercised) {
    int nodeCount = nodeDepth.size();
    int edgeCount = edgeSource.size();
    List<IntList> byDepth = new ArrayList<>();
    for (int depth = 0; depth <= steps.length; depth++) {
      byDepth.add(new IntList());
    }
    for (int edge = 0; edge < edgeCount; edge++) {
      byDepth.get(nodeDepth.get(edgeSource.get(edge))).add(edge);
    }
    long[] into = pathsInto(byDepth, nodeCount, edge -> true);
    long[] out = new long[nodeCount];
    for (int node = 0; node < nodeCount; node++) {
      out[node] = nodeDepth.get(node) == steps.length ? 1 : 0;
    }
    for (int depth = steps.length - 1; depth >= 0; depth--) {
      IntList layer = byDepth.get(depth);
      for (int index = 0; index < layer.size(); index++) {
        int edge = layer.get(index);
        int source = edgeSource.get(edge);
        out[source] = Math.addExact(out[source], out[edgeTarget.get(edge)]);
      }
    }
    long orders = out[0];

    Map<FinalOutcome, Long> outcomeCounts = new HashMap<>();
    leafOutcome.forEach(
        (leaf, id) -> outcomeCounts.merge(outcomes.get(id), into[leaf], Math::addExact));

    Map<String, Map<String, Long>> decisions = new LinkedHashMap<>();
    nameLabels.forEach(label -> decisions.put(label, new TreeMap<>()));
    for (int edge = 0; edge < edgeCount; edge++) {
      long through = Math.multiplyExact(into[edgeSource.get(edge)], out[edgeTarget.get(edge)]);
      for (CheckedStep.Note note : notes.get(edgeNotes.get(edge))) {
        decisions.get(nameLabels.get(note.name())).merge(note.what(), through, Math::addExact);
      }
    }

    Map<String, Long> violating = new LinkedHashMap<>();
    Set<String> properties = new java.util.TreeSet<>();
    edgeViolations.values().forEach(properties::addAll);
    for (String property : properties) {
      long[] clean =
          pathsInto(
              byDepth,
              nodeCount,
              edge -> !edgeViolations.getOrDefault(edge, Set.of()).contains(property));
      violating.put(property, orders - leafSum(clean, id -> true));
    }
    Set<String> runProperties = new java.util.TreeSet<>();
    outcomeFailures.values().forEach(list -> list.forEach(f -> runProperties.add(f.property())));
    for (String property : runProperties) {
      violating.put(
          property,
          leafSum(
              into,
              id -> outcomeFailures.get(id).stream().anyMatch(f -> f.property().equals(property))));
    }
    long[] clean = pathsInto(byDepth, nodeCount, edge -> !edgeViolations.containsKey(edge));
    violating.put(ANY, orders - leafSum(clean, id -> outcomeFailures.get(id).isEmpty()));

    return new Result(
        orders,
        nodeCount,
        transitions,
        outcomeCounts,
        decisions,
        violating,
        new ArrayList<>(firstFound.values()),
        exercised);
  }

  private long[] pathsInto(List<IntList> byDepth, int nodeCount, EdgeFilter filter) {
    long[] into = new long[nodeCount];
    into[0] = 1;
    for (int depth = 0; depth < steps.length; depth++) {
      IntList layer = byDepth.get(depth);
      for (int index = 0; index < layer.size(); index++) {
        int edge = layer.get(index);
        if (filter.keep(edge)) {
          int target = edgeTarget.get(edge);
          into[target] = Math.addExact(into[target], into[edgeSource.get(edge)]);
        }
      }
    }
    return into;
  }

  private long leafSum(long[] paths, OutcomeFilter filter) {
    long sum = 0;
    for (Map.Entry<Integer, Integer> leaf : leafOutcome.entrySet()) {
      if (filter.keep(leaf.getValue())) {
        sum = Math.addExact(sum, paths[leaf.getKey()]);
      }
    }
    return sum;
  }

  @FunctionalInterface
  private interface EdgeFilter {
    boolean keep(int edge);
  }

  @FunctionalInterface
  private interface OutcomeFilter {
    boolean keep(int outcomeId);
  }
}
