package io.inboxcheck.conform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The totals of one conform run per kind, with the first few examples of each: every count is
 * exact, every list is bounded, so a log of any length is summarised in a few kilobytes.
 */
public final class Tally {
  /** Examples kept per kind of finding. */
  public static final int EXAMPLES = 20;

  /** Bad lines listed when they are skipped; all are counted. */
  public static final int SKIPPED_LISTED = 100;

  private long lines;
  private final Map<String, Long> steps = new TreeMap<>();
  private final Map<String, Long> agreeing = new TreeMap<>();
  private final Map<String, Long> inputs = new TreeMap<>();
  private final Map<String, Long> divergences = new TreeMap<>();
  private final List<Divergence> divergenceExamples = new ArrayList<>();
  private Divergence firstReplayable;
  private final Map<Unjudged.Reason, Long> unjudged = new EnumMap<>(Unjudged.Reason.class);
  private final Map<Unjudged.Reason, List<Unjudged>> unjudgedExamples =
      new EnumMap<>(Unjudged.Reason.class);
  private final Map<String, Long> breaches = new TreeMap<>();
  private final List<Breach> breachExamples = new ArrayList<>();
  private long skipped;
  private final List<BadLine> skippedLines = new ArrayList<>();

  void line() {
    lines++;
  }

  void step(String kind) {
    steps.merge(kind, 1L, Long::sum);
  }

  void agrees(String kind) {
    agreeing.merge(kind, 1L, Long::sum);
  }

  /** A step with nothing recorded to judge: an input only (a snapshot, a delivery not recorded). */
  void input(String kind) {
    inputs.merge(kind, 1L, Long::sum);
  }

  void diverges(Divergence divergence) {
    divergences.merge(divergence.kind(), 1L, Long::sum);
    if (divergenceExamples.size() < EXAMPLES) {
      divergenceExamples.add(divergence);
    }
    if (firstReplayable == null && divergence.replayable()) {
      firstReplayable = divergence;
    }
  }

  void unjudged(Unjudged step) {
    unjudged.merge(step.reason(), 1L, Long::sum);
    List<Unjudged> examples =
        unjudgedExamples.computeIfAbsent(step.reason(), reason -> new ArrayList<>());
    if (examples.size() < EXAMPLES) {
      examples.add(step);
    }
  }

  void breach(Breach breach) {
    breaches.merge(breach.violation().label(), 1L, Long::sum);
    if (breachExamples.size() < EXAMPLES) {
      breachExamples.add(breach);
    }
  }

  void skipped(BadLine bad) {
    skipped++;
    if (skippedLines.size() < SKIPPED_LISTED) {
      skippedLines.add(bad);
    }
  }

  public long lines() {
    return lines;
  }

  public Map<String, Long> steps() {
    return Collections.unmodifiableMap(steps);
  }

  public Map<String, Long> agreeing() {
    return Collections.unmodifiableMap(agreeing);
  }

  public Map<String, Long> inputs() {
    return Collections.unmodifiableMap(inputs);
  }

  public Map<String, Long> divergences() {
    return Collections.unmodifiableMap(divergences);
  }

  public long divergenceCount() {
    return divergences.values().stream().mapToLong(Long::longValue).sum();
  }

  public List<Divergence> divergenceExamples() {
    return Collections.unmodifiableList(divergenceExamples);
  }

  /** The first divergence {@code replay} can show, or null. */
  public Divergence firstReplayable() {
    return firstReplayable;
  }

  public Map<Unjudged.Reason, Long> unjudged() {
    return Collections.unmodifiableMap(unjudged);
  }

  public long unjudgedCount() {
    return unjudged.values().stream().mapToLong(Long::longValue).sum();
  }

  public List<Unjudged> unjudgedExamples(Unjudged.Reason reason) {
    return unjudgedExamples.getOrDefault(reason, List.of());
  }

  public Map<String, Long> breaches() {
    return Collections.unmodifiableMap(breaches);
  }

  public long breachCount() {
    return breaches.values().stream().mapToLong(Long::longValue).sum();
  }

  public List<Breach> breachExamples() {
    return Collections.unmodifiableList(breachExamples);
  }

  public long skipped() {
    return skipped;
  }

  public List<BadLine> skippedLines() {
    return Collections.unmodifiableList(skippedLines);
  }

  public long agreeingCount() {
    return agreeing.values().stream().mapToLong(Long::longValue).sum();
  }

  public long stepCount() {
    return steps.values().stream().mapToLong(Long::longValue).sum();
  }
}
