package io.inboxcheck.explore;

import io.inboxcheck.check.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The layered graph a {@link Search} builds over one component's orders (one layer per step, one
 * node per distinct state, one edge per distinct transition, with its notes and broken invariants,
 * and each leaf's final outcome) and the counts it gives: the orders through an edge are the paths
 * from the start to it times the paths from it to the end.
 */
final class OrderGraph {
  /** What the graph counts: orders, their final outcomes, decisions and violating orders. */
  record Counts(
      long orders,
      Map<FinalState, Long> outcomes,
      Map<String, Map<String, Long>> decisions,
      Map<String, Long> violatingOrders) {}

  private final int steps;
  private final IntList nodeDepth = new IntList();
  private final IntList edgeSource = new IntList();
  private final IntList edgeTarget = new IntList();
  private final IntList edgeNotes = new IntList();
  private final List<List<CheckedStep.Note>> notes = new ArrayList<>();
  private final Map<List<CheckedStep.Note>, Integer> noteIds = new HashMap<>();
  private final IntList leafNodes = new IntList();
  private final IntList leafOutcomes = new IntList();
  private final List<FinalState> outcomes = new ArrayList<>();
  private final Map<FinalState, Integer> outcomeIds = new HashMap<>();
  private final Map<Integer, List<RunProperties.Failure>> outcomeFailures = new HashMap<>();
  private final Map<Integer, Set<String>> edgeViolations = new HashMap<>();

  /** A graph whose leaves lie {@code steps} steps from the start. */
  OrderGraph(int steps) {
    this.steps = steps;
  }

  /** The number of nodes: the distinct states the search visited. */
  int nodes() {
    return nodeDepth.size();
  }

  /**
   * The bytes the graph's arrays hold while they double, an upper bound on what it needs before its
   * next state: four ints per transition, one per node and two per leaf.
   */
  long bytesWhileGrowing() {
    return nodeDepth.bytesWhileGrowing()
        + edgeSource.bytesWhileGrowing()
        + edgeTarget.bytesWhileGrowing()
        + edgeNotes.bytesWhileGrowing()
        + leafNodes.bytesWhileGrowing()
        + leafOutcomes.bytesWhileGrowing();
  }

  /** Adds a node at step {@code position}; returns its number. */
  int addNode(int position) {
    int node = nodeDepth.size();
    nodeDepth.add(position);
    return node;
  }

  /** The number of a transition's notes, the same for equal notes. */
  int noteId(List<CheckedStep.Note> edgeNotes) {
    return noteIds.computeIfAbsent(
        edgeNotes,
        key -> {
          notes.add(key);
          return notes.size() - 1;
        });
  }

  /** Adds the transition from {@code source} to {@code target}, with what it broke. */
  void addEdge(int source, int target, int note, List<Violation> violations) {
    int edge = edgeSource.size();
    edgeSource.add(source);
    edgeTarget.add(target);
    edgeNotes.add(note);
    if (!violations.isEmpty()) {
      Set<String> broken = new HashSet<>();
      violations.forEach(violation -> broken.add(violation.invariant().name()));
      edgeViolations.put(edge, broken);
    }
  }

  /**
   * Marks {@code node} as a leaf ending in {@code outcome}; the run properties are checked once per
   * distinct outcome, so this returns their failures for a new outcome and nothing for a known one.
   */
  List<RunProperties.Failure> addLeaf(
      int node, FinalState outcome, Function<FinalState, List<RunProperties.Failure>> check) {
    Integer id = outcomeIds.get(outcome);
    List<RunProperties.Failure> failures = List.of();
    if (id == null) {
      id = outcomes.size();
      outcomes.add(outcome);
      outcomeIds.put(outcome, id);
      failures = check.apply(outcome);
      outcomeFailures.put(id, failures);
    }
    leafNodes.add(node);
    leafOutcomes.add(id);
    return failures;
  }

  /**
   * Counts orders over the graph: paths in, paths out, and paths avoiding each violation; {@code
   * nameLabels} names the deliveries whose decisions the edges note.
   */
  Counts count(List<String> nameLabels) {
    int nodeCount = nodeDepth.size();
    int edgeCount = edgeSource.size();
    List<IntList> byDepth = new ArrayList<>();
    for (int depth = 0; depth <= steps; depth++) {
      byDepth.add(new IntList());
    }
    for (int edge = 0; edge < edgeCount; edge++) {
      byDepth.get(nodeDepth.get(edgeSource.get(edge))).add(edge);
    }
    long[] into = pathsInto(byDepth, nodeCount, edge -> true);
    long[] out = new long[nodeCount];
    for (int node = 0; node < nodeCount; node++) {
      out[node] = nodeDepth.get(node) == steps ? 1 : 0;
    }
    for (int depth = steps - 1; depth >= 0; depth--) {
      IntList layer = byDepth.get(depth);
      for (int index = 0; index < layer.size(); index++) {
        int edge = layer.get(index);
        int source = edgeSource.get(edge);
        out[source] = Math.addExact(out[source], out[edgeTarget.get(edge)]);
      }
    }
    long orders = out[0];

    Map<FinalState, Long> outcomeCounts = new HashMap<>();
    for (int leaf = 0; leaf < leafNodes.size(); leaf++) {
      outcomeCounts.merge(
          outcomes.get(leafOutcomes.get(leaf)), into[leafNodes.get(leaf)], Math::addExact);
    }

    Map<String, Map<String, Long>> decisions = new LinkedHashMap<>();
    nameLabels.forEach(label -> decisions.put(label, new TreeMap<>()));
    for (int edge = 0; edge < edgeCount; edge++) {
      long through = Math.multiplyExact(into[edgeSource.get(edge)], out[edgeTarget.get(edge)]);
      for (CheckedStep.Note note : notes.get(edgeNotes.get(edge))) {
        decisions.get(nameLabels.get(note.name())).merge(note.what(), through, Math::addExact);
      }
    }

    Map<String, Long> violating = new LinkedHashMap<>();
    Set<String> properties = new TreeSet<>();
    edgeViolations.values().forEach(properties::addAll);
    for (String property : properties) {
      long[] clean =
          pathsInto(
              byDepth,
              nodeCount,
              edge -> !edgeViolations.getOrDefault(edge, Set.of()).contains(property));
      violating.put(property, orders - leafSum(clean, id -> true));
    }
    Set<String> runProperties = new TreeSet<>();
    outcomeFailures.values().forEach(list -> list.forEach(f -> runProperties.add(f.property())));
    for (String property : runProperties) {
      violating.put(
          property,
          leafSum(
              into,
              id -> outcomeFailures.get(id).stream().anyMatch(f -> f.property().equals(property))));
    }
    long[] clean = pathsInto(byDepth, nodeCount, edge -> !edgeViolations.containsKey(edge));
    violating.put(Search.ANY, orders - leafSum(clean, id -> outcomeFailures.get(id).isEmpty()));

    return new Counts(orders, outcomeCounts, decisions, violating);
  }

  private long[] pathsInto(List<IntList> byDepth, int nodeCount, EdgeFilter filter) {
    long[] into = new long[nodeCount];
    into[0] = 1;
    for (int depth = 0; depth < steps; depth++) {
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
    for (int leaf = 0; leaf < leafNodes.size(); leaf++) {
      if (filter.keep(leafOutcomes.get(leaf))) {
        sum = Math.addExact(sum, paths[leafNodes.get(leaf)]);
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
