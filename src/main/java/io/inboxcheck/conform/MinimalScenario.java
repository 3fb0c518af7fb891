package io.inboxcheck.conform;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.Violation;
import io.inboxcheck.conform.CandidateLines.Entry;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The first divergence of a delivery cut down to the smallest scenario that still shows it, by
 * delta debugging over the log's lines (Zeller's ddmin).
 *
 * <p>The lines tried are those the policy reads for the diverging delivery ({@link
 * CandidateLines}): every earlier delivery of its event id, the first and the last of which are
 * always kept (a receiver's mistake about an id may hinge on them), and the deliveries and
 * authorities of the cards they name, nearest first, at most {@value CandidateLines#CANDIDATES}. A
 * candidate starts from the cards as conform knew them just before its first line (a card known
 * only in part starts from a stand-in the recorded decisions must agree with). It still shows the
 * divergence when, replayed against the recorded log ({@link RecordedReceiver}), the run stops
 * exactly at the diverging delivery, the model deciding there as it did in the log: every kept line
 * before it agrees, no invariant breaks first.
 */
public final class MinimalScenario {
  /** Candidates replayed at most. */
  static final int TESTS = 4_000;

  /**
   * A scenario that shows the divergence.
   *
   * @param run the scenario run against the recorded log, beside the model
   * @param lines the log line of each step, in order
   * @param tests how many candidates were replayed
   */
  public record Found(
      Scenario scenario, CheckedRun.Result run, List<LinePosition> lines, int tests) {}

  private final Conform.Options options;
  private final Divergence divergence;
  private final String name;
  private final String log;
  private int tests;

  private MinimalScenario(Conform.Options options, Divergence divergence, String name, String log) {
    this.options = options;
    this.divergence = divergence;
    this.name = name;
    this.log = log;
  }

  /**
   * The smallest scenario found for {@code divergence}, a delivery's, read again from {@code
   * source}; empty when no set of its lines shows it from a start a scenario can state (e.g. it
   * needs a card paused before the log).
   */
  public static Optional<Found> of(
      LogSource source, Conform.Options options, Divergence divergence, String name)
      throws InputRejected, BadLine {
    if (!divergence.replayable()) {
      return Optional.empty();
    }
    MinimalScenario search = new MinimalScenario(options, divergence, name, source.name());
    List<Entry> entries = CandidateLines.of(source, options, divergence);
    return search.minimise(entries);
  }

  private Optional<Found> minimise(List<Entry> entries) {
    Found all = test(entries);
    if (all == null) {
      return Optional.empty();
    }
    List<Entry> kept = new ArrayList<>(entries);
    Found best = all;
    int granularity = 2;
    while (optionalCount(kept) >= 1 && tests < TESTS) {
      List<List<Entry>> chunks = chunks(optional(kept), granularity);
      boolean reduced = false;
      for (List<Entry> chunk : chunks) {
        List<Entry> without = new ArrayList<>(kept);
        without.removeAll(chunk);
        Found found = test(without);
        if (found != null) {
          kept = without;
          best = found;
          granularity = Math.max(granularity - 1, 2);
          reduced = true;
          break;
        }
      }
      if (!reduced) {
        if (granularity >= optionalCount(kept)) {
          break;
        }
        granularity = Math.min(granularity * 2, optionalCount(kept));
      }
    }
    return Optional.of(best);
  }

  private static List<Entry> optional(List<Entry> entries) {
    return entries.stream().filter(entry -> !entry.mandatory()).toList();
  }

  private static int optionalCount(List<Entry> entries) {
    return optional(entries).size();
  }

  private static List<List<Entry>> chunks(List<Entry> entries, int count) {
    List<List<Entry>> chunks = new ArrayList<>();
    int size = (int) Math.ceil(entries.size() / (double) count);
    for (int start = 0; start < entries.size(); start += size) {
      chunks.add(entries.subList(start, Math.min(entries.size(), start + size)));
    }
    return chunks;
  }

  /** The candidate as a scenario, replayed against the log; null when it does not show it. */
  private Found test(List<Entry> candidate) {
    tests++;
    Scenario scenario = scenario(candidate);
    if (scenario == null) {
      return null;
    }
    Map<Integer, LogLine.Delivery> recorded = new HashMap<>();
    for (int index = 0; index < candidate.size(); index++) {
      if (candidate.get(index).line() instanceof LogLine.Delivery delivery) {
        recorded.put(index + 1, delivery);
      }
    }
    CheckedRun.Result run =
        CheckedRun.run(
            scenario,
            setup -> new RecordedReceiver("the log " + log, setup, recorded),
            CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
    if (!showsTheDivergence(run, candidate.size())) {
      return null;
    }
    return new Found(
        scenario, run, candidate.stream().map(entry -> entry.line().position()).toList(), tests);
  }

  private boolean showsTheDivergence(CheckedRun.Result run, int lastStep) {
    Violation violation = run.violation().orElse(null);
    if (violation == null
        || violation.invariant() != Invariant.CONFORMANCE
        || violation.step() != lastStep
        || run.referenceHistory().steps().size() != lastStep) {
      return false;
    }
    HistoryStep last = run.referenceHistory().steps().get(lastStep - 1);
    Object model = divergence.model().get("decision");
    return !(model instanceof Decision decision)
        || last.detail() instanceof HistoryStep.Delivered delivered
            && decision.equals(delivered.decision());
  }

  private Scenario scenario(List<Entry> candidate) {
    Map<String, CardFacts> before = candidate.get(0).before();
    TreeMap<String, Card> initial = new TreeMap<>();
    for (Map.Entry<String, CardFacts> card : before.entrySet()) {
      Card start = startCard(card.getValue());
      if (start == INEXPRESSIBLE) {
        return null;
      }
      if (start != null) {
        initial.put(card.getKey(), start);
      }
    }
    List<ScenarioStep> steps = new ArrayList<>();
    for (Entry entry : candidate) {
      steps.add(numbered(entry.step(), steps.size() + 1));
    }
    Instant start = candidate.get(0).line().at();
    Judge.Settings settings = options.settings();
    return new Scenario(
        name,
        "",
        name,
        settings.retention(),
        settings.supportedTypes(),
        start,
        initial,
        steps,
        null);
  }

  private static final Card INEXPRESSIBLE = new Card(0, JsonObject.EMPTY, true);

  /**
   * The card a scenario starts from: the card as known, a stand-in for one known only in part (its
   * known version and state, else 0 and {}), none for an absent one. A scenario's initial cards are
   * never paused, so a card known paused cannot start one.
   */
  private static Card startCard(CardFacts facts) {
    if (facts.presence() == CardFacts.Presence.ABSENT) {
      return null;
    }
    if (Boolean.TRUE.equals(facts.paused())) {
      return INEXPRESSIBLE;
    }
    long version = facts.version() == null ? 0 : facts.version();
    JsonObject state = facts.state() == null ? JsonObject.EMPTY : facts.state();
    return new Card(version, state, false);
  }

  private static ScenarioStep numbered(ScenarioStep step, int number) {
    if (step instanceof ScenarioStep.Deliver deliver) {
      return new ScenarioStep.Deliver(
          number, deliver.envelope(), deliver.receivedAt(), deliver.transport(), null);
    }
    ScenarioStep.Reconcile reconcile = (ScenarioStep.Reconcile) step;
    return new ScenarioStep.Reconcile(number, reconcile.authority(), reconcile.at(), null);
  }
}
