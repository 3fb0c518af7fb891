package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.ProjectPaths;
import io.inboxcheck.receiver.ThinLastArrivalWinsReceiver;
import io.inboxcheck.receiver.ThinModelReceiver;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import io.inboxcheck.zoo.Zoo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code check}: one receiver against the scenario files, the properties and every order. */
class CheckCommandTests {
  private static final String SCENARIOS = ProjectPaths.scenarios().toString();
  private static final String GUIDE =
      ProjectPaths.scenarios().resolve("B62-15-events.json").toString();
  private static final Pattern SHRUNK = Pattern.compile("shrunk to (\\d+) steps");
  private static final Pattern REPLAY =
      Pattern.compile("Replay against [^:]+: java -cp \\S+ io\\.inboxcheck\\.cli\\.Main (.+)");

  @TempDir Path reports;
  @TempDir Path folder;

  @Test
  void theModelHoldsEverything() throws IOException {
    CommandRun run = check("--receiver", "model");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains(
            "Scenario files: "
                + ProjectPaths.scenarioFiles().size()
                + " files in "
                + SCENARIOS
                + ", all expectations and invariants")
        .contains("fault sequences keep every invariant (model, invariants): holds")
        .contains("  1,000 tries, ")
        .contains("arrival order does not change the final cards (model): holds")
        .contains("  400 tries, ")
        .doesNotContain("FAILED");
    JsonNode summary = summary(reports);
    assertThat(summary.get("verdict").asText()).isEqualTo("HOLDS");
    assertThat(summary.get("properties")).hasSize(2);
    assertThat(Files.readString(reports.resolve("summary.md")))
        .contains("# inboxcheck check: model");
  }

  @Test
  void theReceiverHelpNamesExecAndHttpFirstWithAnExampleEach() {
    String help = CommandRun.of("check", "--help").out();
    String receiver = help.substring(help.indexOf("--receiver=RECEIVER"));

    assertThat(help.replaceAll("\\s+", " "))
        .contains("Checks a receiver, yours in any language over HTTP (--receiver exec:COMMAND or");
    assertThat(receiver)
        .contains("exec:\"python3 receiver.py\"")
        .contains("e.g. http://127.0.0.1:8080");
    assertThat(receiver.indexOf("exec:COMMAND"))
        .isLessThan(receiver.indexOf("http:URL"))
        .isLessThan(receiver.indexOf("class:NAME"))
        .isLessThan(receiver.indexOf("postgres"));
  }

  /** The name a class receiver's properties and files carry: its simple name and a hash. */
  private static String name(Class<?> type) {
    String name = ReceiverNames.fileSafe("class:" + type.getName());
    assertThat(name).startsWith(type.getSimpleName() + "_");
    return name;
  }

  static Stream<Class<?>> zoo() {
    return Zoo.RECEIVERS.stream().map(Zoo.Entry::type);
  }

  /** The whole zoo: each is caught on its first tries, so all of them cost seconds. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("zoo")
  void everyNaiveReceiverOfTheZooIsCaughtWithAShortScriptAndItsReplayCommand(Class<?> type) {
    assertCaught(type);
  }

  private void assertCaught(Class<?> type) {
    CommandRun run = check("--receiver", "class:" + type.getName());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    List<Integer> shrunk = new ArrayList<>();
    Matcher matcher = SHRUNK.matcher(run.out());
    while (matcher.find()) {
      shrunk.add(Integer.parseInt(matcher.group(1)));
    }
    assertThat(shrunk).as(run.out()).isNotEmpty().allMatch(steps -> steps >= 1 && steps <= 6);
    assertThat(run.out())
        .contains("Scenario, and what each step changed on " + name(type))
        .contains("  1. ")
        .contains("^ ")
        .contains("Replay against " + name(type) + ": java -cp target/inboxcheck.jar:")
        .contains(" replay --receiver class:" + type.getName() + " ")
        .contains("(reproduce with --seed ");
  }

  @Test
  void aReceiverAtTheSmallestLevelIsCheckedWithWhatItShowsAndTheSkippedChecksAreNamed()
      throws IOException {
    CommandRun run = check("--receiver", "class:" + ThinModelReceiver.class.getName());

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("all expectations and invariants hold")
        .contains("Skipped, the receiver does not show what they need:")
        .contains("  FIRST_RECORD_KEPT: needs identity records")
        .contains("  AUDIT_APPEND_ONLY: needs the audit")
        .contains("  HELD_NO_EFFECT: needs decisions")
        .contains("  CONFORMANCE of decisions: needs decisions")
        .doesNotContain("VERSION_MONOTONIC: needs")
        .doesNotContain("PAUSED_FROZEN: needs")
        .contains(
            "fault sequences keep every invariant ("
                + name(ThinModelReceiver.class)
                + ", invariants and")
        .doesNotContain("FAILED")
        .doesNotContain("coverage is short");
    JsonNode skipped = summary(reports).get("skipped");
    assertThat(skipped.findValuesAsText("check"))
        .contains("FIRST_RECORD_KEPT", "NOTHING_LOST (DECISION_NOT_RECORDED_ONCE)")
        .doesNotContain("VERSION_MONOTONIC", "NOTHING_LOST (HELD_INPUT_DROPPED)");
  }

  @Test
  void aPlantedMistakeBehindTheSmallestLevelIsStillCaught() {
    CommandRun run = check("--receiver", "class:" + ThinLastArrivalWinsReceiver.class.getName());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("FAILED")
        .contains("VERSION_MONOTONIC")
        .contains(" replay --receiver class:" + ThinLastArrivalWinsReceiver.class.getName());
  }

  @Test
  void thePrintedReplayCommandReproducesTheFailure() {
    CommandRun run = check("--receiver", "class:" + NewerVariantApplyingReceiver.class.getName());
    Matcher matcher = REPLAY.matcher(run.out());
    assertThat(matcher.find()).as(run.out()).isTrue();

    CommandRun replay = CommandRun.of(matcher.group(1).split(" "));

    assertThat(replay.exitCode()).as(replay.err()).isEqualTo(1);
    assertThat(replay.err()).contains("NO_VARIANT_APPLIED broken");
  }

  /**
   * The whole command against PostgreSQL: a fresh schema for every scenario file and try, about 30
   * s. The default run holds the store to the same scenario files and the fault-sequence property
   * without the command line (PostgresScenarioFilesScenarioTests, PostgresInvariantProperties), so
   * this one runs in CI's slow group (-Pslow).
   */
  @Tag("slow")
  @Test
  void thePostgresReceiverHolds() {
    CommandRun run = check("--receiver", "postgres", "--tries", "20");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("all expectations and invariants hold")
        .contains("(postgres, invariants and conformance): holds")
        .contains("  100 tries, ")
        .doesNotContain("FAILED");
  }

  @Test
  void twoShardsRunExactlyTheTriesOfOneUnshardedRun() throws IOException {
    Path whole = Files.createDirectories(reports.resolve("whole"));
    Path first = Files.createDirectories(reports.resolve("first"));
    Path second = Files.createDirectories(reports.resolve("second"));
    String[] common = {"--scenarios", folder.toString(), "--tries", "7"};

    assertThat(run(whole, common).exitCode()).isZero();
    assertThat(run(first, common, "--shard", "0/2").exitCode()).isZero();
    CommandRun last = run(second, common, "--shard", "1/2");

    assertThat(last.exitCode()).isZero();
    assertThat(last.out()).contains("(shard 1/2 of 35)");
    for (int property = 0; property < 2; property++) {
      JsonNode unsharded = summary(whole).get("properties").get(property);
      JsonNode shard0 = summary(first).get("properties").get(property);
      JsonNode shard1 = summary(second).get("properties").get(property);
      assertThat(shard0.get("tries").asInt()).isPositive();
      assertThat(shard1.get("tries").asInt()).isPositive();
      assertThat(shard0.get("tries").asInt() + shard1.get("tries").asInt())
          .isEqualTo(unsharded.get("tries").asInt());
      assertThat(shard0.get("seed")).isEqualTo(unsharded.get("seed"));
      assertThat(shard1.get("seed")).isEqualTo(unsharded.get("seed"));
    }
  }

  @Test
  void aBadScenarioFileIsRejectedWithOneLine() throws IOException {
    Files.writeString(folder.resolve("good.schema.json"), "{\"not\": \"a scenario\"}");
    Files.writeString(folder.resolve("bad.json"), "{\"name\": \"bad\", \"stepz\": []}");

    CommandRun run = check("--scenarios", folder.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines()).hasSize(1).allMatch(line -> line.contains("bad.json"));
  }

  @Test
  void theModelIsExploredInEveryOrder() {
    CommandRun run = check("--scenarios", folder.toString(), "--tries", "1", "--explore", GUIDE);

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("Scenario files: none in " + folder)
        .contains("Every arrival order of " + GUIDE + ": 1,814,400 orders explored;")
        .contains("every order checked holds");
  }

  @Test
  void aReceiverThatCannotCopyItselfHasEachOrderReplayedUpToTheBound() {
    CommandRun run =
        check(
            "--receiver",
            "class:" + CountingReceiver.class.getName(),
            "--scenarios",
            folder.toString(),
            "--tries",
            "1",
            "--explore",
            GUIDE,
            "--max-orders",
            "12");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains(
            "12 of 1,814,400 orders checked (bounded by --max-orders), each replayed from a fresh"
                + " receiver; every order checked holds");
  }

  @Test
  void aNaiveReceiversBrokenOrderIsWrittenWithItsReplayCommand() {
    CommandRun run =
        check(
            "--receiver",
            "class:" + LastArrivalWinsReceiver.class.getName(),
            "--scenarios",
            folder.toString(),
            "--tries",
            "1",
            "--explore",
            GUIDE,
            "--max-orders",
            "50");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("50 of 1,814,400 orders checked (bounded by --max-orders)")
        .containsPattern("BROKEN in \\d+ orders")
        .contains("order written to " + reports.resolve("counterexamples").resolve("explore-"))
        .contains("replay --receiver class:" + LastArrivalWinsReceiver.class.getName());
  }

  @Test
  void aSpentTimeBudgetStopsGenerationVisiblyWithoutFailing() {
    CommandRun run = check("--scenarios", folder.toString(), "--time-budget", "PT0S");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("holds for the 0 of 1,000 tries run: the time budget ran out")
        .contains("holds for the 0 of 400 tries run: the time budget ran out");
  }

  @Test
  void unusableOptionsAreRejectedWithOneLine() {
    for (String[] arguments :
        List.of(
            new String[] {"--receiver", "nothing"},
            new String[] {"--shard", "2/2"},
            new String[] {"--shard", "one"},
            new String[] {"--tries", "0"},
            new String[] {"--scenarios", folder.resolve("missing").toString()})) {
      CommandRun run = check(arguments);

      assertThat(run.exitCode()).as(String.join(" ", arguments)).isEqualTo(2);
      assertThat(run.err().lines()).as(run.err()).hasSize(1);
    }
  }

  private CommandRun check(String... arguments) {
    return run(reports, arguments);
  }

  private static CommandRun run(Path reports, String[] common, String... more) {
    String[] arguments = new String[common.length + more.length];
    System.arraycopy(common, 0, arguments, 0, common.length);
    System.arraycopy(more, 0, arguments, common.length, more.length);
    return run(reports, arguments);
  }

  private static CommandRun run(Path reports, String... arguments) {
    List<String> all = new ArrayList<>(List.of("check", "--reports", reports.toString()));
    if (!List.of(arguments).contains("--scenarios")) {
      all.addAll(List.of("--scenarios", SCENARIOS));
    }
    all.addAll(List.of(arguments));
    return CommandRun.of(all.toArray(String[]::new));
  }

  private static JsonNode summary(Path reports) throws IOException {
    return new ObjectMapper().readTree(reports.resolve("summary.json").toFile());
  }
}
