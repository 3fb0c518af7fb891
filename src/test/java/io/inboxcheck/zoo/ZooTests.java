package io.inboxcheck.zoo;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.engine.Limits;
import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.suite.BugZooReport;
import io.inboxcheck.suite.PropertyHarness;
import io.inboxcheck.suite.PropertyReport;
import io.inboxcheck.suite.ReceiverProperties;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The harness's power: every zoo receiver is caught within the default tries, shrunk to a short
 * scenario that replays to the same failure with the command line, most of them by a model-free
 * invariant; and every model-free invariant catches at least one of them on its own. Writes {@code
 * reports/bug-zoo.md} and {@code .json}.
 */
class ZooTests {
  /** The issue's bar for a readable counterexample. */
  static final int MAX_SHRUNK_STEPS = 6;

  /**
   * The tries within which every zoo receiver must be caught: a pull-request job that runs {@code
   * --tries 40} (200 fault sequences) still catches all of them.
   */
  static final int FIND_WITHIN = 200;

  /**
   * Receivers whose shortest counterexample is known, and must be reached: a missing version
   * pauses, then a higher version is applied; a delivery equal to the initial card (SAME_STATE)
   * counts a replacement.
   */
  static final Map<String, Integer> SHORTEST =
      Map.of("pause-ignoring", 2, "counts-no-op-replacements", 1);

  /** Of the issue's sixteen mistakes, how many a model-free invariant must catch. */
  static final int MIN_CAUGHT_BY_MODEL_FREE_INVARIANT = 12;

  /**
   * Tries of one matrix cell, before the property's multiplier (5 for fault sequences, 2 for order
   * independence); a fixed bound, so the matrix costs the same in every profile.
   */
  static final int MATRIX_TRIES_PER_CELL = 100;

  private static final Path COUNTEREXAMPLES = ProjectPaths.reports().resolve("counterexamples");
  private static final Map<Integer, BugZooReport.Finding> FINDINGS = new TreeMap<>();
  private static BugZooReport.Matrix matrix;

  /** Each receiver stores its failing examples apart, so none replays another's. */
  @TempDir static Path examples;

  static List<Zoo.Entry> receivers() {
    return Zoo.RECEIVERS;
  }

  @Test
  void theZooHoldsTheIssuesSixteenInOrderPlusAdditions() {
    assertThat(Zoo.RECEIVERS).hasSizeGreaterThanOrEqualTo(Zoo.LISTED_IN_ISSUE);
    assertThat(Zoo.RECEIVERS.stream().map(Zoo.Entry::number))
        .containsExactlyElementsOf(IntStream.rangeClosed(1, Zoo.RECEIVERS.size()).boxed().toList());
    assertThat(Zoo.RECEIVERS.stream().map(Zoo.Entry::name)).doesNotHaveDuplicates();
    for (Zoo.Entry entry : Zoo.RECEIVERS) {
      assertThat(entry.mistake()).as("%s says its mistake", entry).isNotBlank();
      assertThat(Modifier.isPublic(entry.type().getModifiers()))
          .as("%s is loadable by replay --receiver class:NAME", entry)
          .isTrue();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("receivers")
  void eachNaiveReceiverIsCaughtShrunkAndReplayable(Zoo.Entry entry) {
    BugZooReport.Finding finding = finding(entry);

    assertThat(finding.caughtBy())
        .as("the check that catches %s: %s", entry, finding.violation())
        .isEqualTo(entry.caughtBy());
    assertThat(finding.triesToFailure())
        .as("the try that first caught %s, of the default %d", entry, 5 * RunConfig.DEFAULT_TRIES)
        .isLessThanOrEqualTo(FIND_WITHIN);
    assertThat(finding.shrunkSteps())
        .as("shrunk counterexample of %s", entry)
        .isBetween(1, MAX_SHRUNK_STEPS);
    if (SHORTEST.containsKey(entry.name())) {
      assertThat(finding.shrunkSteps())
          .as("%s shrinks to its shortest counterexample", entry)
          .isEqualTo(SHORTEST.get(entry.name()));
    }

    CommandRun replay =
        CommandRun.of(
            "replay",
            "--receiver",
            "class:" + entry.type().getName(),
            ProjectPaths.root().resolve(finding.counterexample()).toString());
    assertThat(replay.exitCode()).as("replay of %s: %s", entry, replay.err()).isEqualTo(1);
    assertThat(replay.err())
        .as("the replay reports the violation the property found, or the model's earlier one")
        .satisfiesAnyOf(
            err -> assertThat(err).contains(finding.violation()),
            err -> assertThat(earlierConformanceStep(err, finding)).isTrue());
  }

  /**
   * Whether the replay stopped at a step before the property's violation because the receiver's
   * decision there was already not the model's: a model-free invariant can see some mistakes only a
   * step after they were made (a held input listed under an id the envelope does not have), and
   * replay, which also checks conformance, stops at the first step that differs.
   */
  private static boolean earlierConformanceStep(String err, BugZooReport.Finding finding) {
    Matcher replayed = CONFORMANCE_STEP.matcher(err);
    Matcher found = VIOLATION_STEP.matcher(finding.violation());
    return replayed.find()
        && found.find()
        && Integer.parseInt(replayed.group(1)) < Integer.parseInt(found.group(1));
  }

  private static final Pattern CONFORMANCE_STEP =
      Pattern.compile("CONFORMANCE broken after step (\\d+)");
  private static final Pattern VIOLATION_STEP = Pattern.compile("broken after step (\\d+)");

  @Test
  void mostOfTheIssuesMistakesAreCaughtByAModelFreeInvariant() {
    List<String> modelFree = new ArrayList<>();
    for (Zoo.Entry entry : Zoo.RECEIVERS.subList(0, Zoo.LISTED_IN_ISSUE)) {
      if (finding(entry).caughtBy().modelFree()) {
        modelFree.add(entry.toString());
      }
    }
    assertThat(modelFree).hasSizeGreaterThanOrEqualTo(MIN_CAUGHT_BY_MODEL_FREE_INVARIANT);
  }

  @Test
  void orderSensitiveMistakesAreRunThroughTheOrderProperty() {
    for (Zoo.Entry entry : Zoo.RECEIVERS) {
      assertThat(finding(entry).orderProperty().isPresent())
          .as("order property run for %s", entry)
          .isEqualTo(entry.orderSensitive());
    }
  }

  @Test
  void everyModelFreeInvariantCatchesAZooReceiverOnItsOwn() {
    BugZooReport.Matrix found = matrix();
    for (Invariant invariant : Invariant.allModelFree()) {
      assertThat(found.caughtBy(invariant))
          .as("%s alone catches at least one zoo receiver", invariant)
          .isNotEmpty();
    }
    for (Zoo.Entry entry : Zoo.RECEIVERS) {
      for (Invariant invariant : entry.predicted()) {
        assertThat(found.cell(invariant, entry.name()))
            .as("%s alone catches %s, as the zoo predicts", invariant, entry)
            .isPresent();
      }
    }
  }

  /**
   * The mistakes that need requests at once, each caught by {@code check --concurrency}: a
   * reconciliation that is not one transaction (deliveries for a paused card raced with its
   * reconciliation leave one held on an unpaused card), and an answer handed back through a slot
   * every request shares (two deliveries in flight together answered each other's decision), held
   * inputs replayed after the reconciliation committed (a delivery in between judged ahead of
   * them), and ids deleted by a list read before the lock was let go (a redelivery in between
   * recorded afresh and then deleted).
   */
  static List<RaceEntry> raceReceivers() {
    return List.of(
        new RaceEntry(
            "reconcile-not-atomic",
            NonAtomicReconcileReceiver.class,
            "reconciles in two parts, releasing its lock between deciding and writing: a"
                + " delivery committed in between stays held on an unpaused card",
            "no serial order (ends in the receiver's view|of its requests (gives|ends in the"
                + " view))"),
        new RaceEntry(
            "shared-answer",
            SharedAnswerReceiver.class,
            "hands each decision to its answer through one field every request thread shares:"
                + " two deliveries in flight together are answered each other's decision",
            "no serial order of its requests gives the answers"),
        new RaceEntry(
            "reevaluate-later",
            ReevaluateLaterReceiver.class,
            "commits a reconciliation's card and replays its held inputs later, with its lock"
                + " released in between: a delivery for the card committed in between is judged"
                + " ahead of the inputs held before it",
            "no serial order (ends in the receiver's view|of its requests (gives|ends in the"
                + " view))"),
        new RaceEntry(
            "sweep-by-list",
            SweepByListReceiver.class,
            "a clock move drops expired ids from its lookup at once and deletes their records by"
                + " id later, with its lock released in between: a redelivery in between is"
                + " recorded afresh and the sweep deletes the fresh record",
            "no serial order (ends in the receiver's view|of its requests (gives|ends in the"
                + " view))"));
  }

  /** A zoo receiver only a concurrent run catches, and what its finding says. */
  record RaceEntry(String name, Class<?> type, String mistake, String finding) {
    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * Each race receiver is caught by {@code check --concurrency 4} with its default options, the
   * case shrunk to a few rounds, and the code it prints sends exactly them again and fails.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("raceReceivers")
  void eachRaceIsCaughtByAConcurrentCheckShrunkAndReproduced(RaceEntry race) {
    String receiver = "class:" + race.type().getName();
    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "4", "--receiver", receiver, "--shrink-budget", "30");

    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isEqualTo(1);
    Matcher shrunk = SHRUNK_ROUNDS.matcher(run.out());
    assertThat(shrunk.find()).as(run.out()).isTrue();
    int rounds = Integer.parseInt(shrunk.group(1));
    assertThat(rounds).as(run.out()).isBetween(1, MAX_SHRUNK_STEPS);
    assertThat(run.out()).as("no serial order explains the race").containsPattern(race.finding());
    Matcher code = REPRODUCE.matcher(run.out());
    assertThat(code.find()).as(run.out()).isTrue();
    CommandRun again =
        CommandRun.of(
            "check", "--concurrency", "4", "--receiver", receiver, "--reproduce", code.group(1));
    assertThat(again.exitCode()).as("%s%s", again.out(), again.err()).isEqualTo(1);
    synchronized (ZooTests.class) {
      races.add(
          new BugZooReport.RaceFinding(
              race.name(),
              race.type().getName(),
              race.mistake(),
              "check --concurrency 4",
              casesToFailure(run.out()),
              rounds + " rounds"));
    }
  }

  /**
   * The case the check failed on: it stops at the first failing case, and names how many it drew
   * only when it drew more than one.
   */
  private static int casesToFailure(String out) {
    Matcher cases = CASES.matcher(out);
    return cases.find() ? Integer.parseInt(cases.group(1)) : 1;
  }

  private static final Pattern CASES = Pattern.compile(" in (\\d+) cases, ");
  private static final Pattern SHRUNK_ROUNDS = Pattern.compile("shrunk to (\\d+) rounds");
  private static final Pattern REPRODUCE = Pattern.compile("--reproduce (\\S+)");
  private static final List<BugZooReport.RaceFinding> races = new ArrayList<>();

  @AfterAll
  static void writeReport() {
    List<BugZooReport.Finding> findings;
    synchronized (ZooTests.class) {
      findings = List.copyOf(FINDINGS.values());
    }
    Optional<BugZooReport.Matrix> found = Optional.ofNullable(matrix);
    List<BugZooReport.RaceFinding> raced;
    synchronized (ZooTests.class) {
      raced = List.copyOf(races);
    }
    ReportFiles.write(
        ProjectPaths.reports().resolve("bug-zoo.md"),
        BugZooReport.markdown(findings, found, raced));
    ReportFiles.write(
        ProjectPaths.reports().resolve("bug-zoo.json"),
        BugZooReport.json(findings, found, Zoo.RECEIVERS.size()));
  }

  /** Runs the properties against one receiver once; later tests read the same finding. */
  private static synchronized BugZooReport.Finding finding(Zoo.Entry entry) {
    BugZooReport.Finding known = FINDINGS.get(entry.number());
    if (known != null) {
      return known;
    }
    PropertyHarness harness =
        new PropertyHarness(
            RunConfig.defaults().withExampleDirectory(examples.resolve("zoo-" + entry.number())),
            COUNTEREXAMPLES);
    CheckedRun.Checks checks = CheckedRun.Checks.INVARIANTS;
    PropertyReport outcome =
        invariantsFirst(entry).faultSequences(entry.name(), entry.factory(), checks);
    if (outcome.result().status() != PropertyResult.Status.FAILED) {
      // No model-free invariant sees the mistake within the tries it must be caught in: only the
      // reference policy can.
      checks = CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE;
      outcome = harness.faultSequences(entry.name(), entry.factory(), checks);
    }
    assertThat(outcome.result().status())
        .as("%s is caught within the default tries:%n%s", entry, outcome.message())
        .isEqualTo(PropertyResult.Status.FAILED);
    Optional<String> order = Optional.empty();
    if (entry.orderSensitive()) {
      order = Optional.of(orderVerdict(harness.orderIndependence(entry.name(), entry.factory())));
    }
    BugZooReport.Finding finding =
        new BugZooReport.Finding(
            entry.number(),
            entry.name(),
            entry.type().getName(),
            entry.mistake(),
            entry.number() <= Zoo.LISTED_IN_ISSUE,
            checks == CheckedRun.Checks.INVARIANTS ? "invariants" : "invariants and conformance",
            outcome.violation().orElseThrow().invariant(),
            outcome.result().failure().orElseThrow().tryIndex() + 1,
            outcome.shrunkSteps(),
            outcome
                .result()
                .failure()
                .orElseThrow()
                .shrinkStop()
                .reason()
                .name()
                .toLowerCase(Locale.ROOT)
                .replace('_', ' '),
            ProjectPaths.root()
                .relativize(outcome.counterexample().orElseThrow().toAbsolutePath())
                .toString(),
            outcome.violation().orElseThrow().describe(),
            order);
    FINDINGS.put(entry.number(), finding);
    return finding;
  }

  /**
   * The harness of the model-free run: the first {@link #FIND_WITHIN} tries only, so that a mistake
   * an invariant sees but rarely is counted where conformance catches it early, as {@code check}
   * (which runs both) would.
   */
  private static PropertyHarness invariantsFirst(Zoo.Entry entry) {
    int tries = (int) Math.round(FIND_WITHIN / ReceiverProperties.FAULT_SEQUENCE_TRIES_MULTIPLIER);
    return new PropertyHarness(
        RunConfig.defaults()
            .withTries(Math.min(tries, RunConfig.defaults().tries()))
            .withExampleDirectory(examples.resolve("zoo-" + entry.number() + "-invariants")),
        COUNTEREXAMPLES);
  }

  private static String orderVerdict(PropertyReport order) {
    return order
        .result()
        .failure()
        .map(
            failure ->
                // The signature names the check that failed: a step invariant while one of the
                // two orders ran, or ORDER_INDEPENDENT when their final cards differed.
                "caught (" + failure.signature() + ", try " + (failure.tryIndex() + 1) + ")")
        .orElse("not caught (" + order.result().triesRun() + " tries)");
  }

  /** Every model-free invariant alone against every receiver, without shrinking. */
  private static synchronized BugZooReport.Matrix matrix() {
    if (matrix != null) {
      return matrix;
    }
    RunConfig cell =
        RunConfig.defaults()
            .withTries(MATRIX_TRIES_PER_CELL)
            .withoutExampleDatabase()
            .withLimits(new Limits(Limits.MAX_CHOICES, 0, 0));
    Map<Invariant, Map<String, Integer>> caught = new EnumMap<>(Invariant.class);
    for (Invariant invariant : Invariant.allModelFree()) {
      Map<String, Integer> row = new LinkedHashMap<>();
      for (Zoo.Entry entry : Zoo.RECEIVERS) {
        PropertyResult<?> result = PropertyRunner.run(cellProperty(invariant, entry), cell);
        if (result.status() == PropertyResult.Status.FAILED) {
          row.put(entry.name(), result.failure().orElseThrow().tryIndex() + 1);
        }
      }
      caught.put(invariant, row);
    }
    matrix =
        new BugZooReport.Matrix(
            MATRIX_TRIES_PER_CELL, Zoo.RECEIVERS.stream().map(Zoo.Entry::name).toList(), caught);
    return matrix;
  }

  private static Property<?> cellProperty(Invariant invariant, Zoo.Entry entry) {
    Set<Invariant> only = EnumSet.of(invariant);
    if (invariant == Invariant.ORDER_INDEPENDENT) {
      return ReceiverProperties.orderIndependence(entry.name(), entry.factory(), only);
    }
    return ReceiverProperties.faultSequences(
        entry.name(), entry.factory(), CheckedRun.Checks.INVARIANTS, only);
  }
}
