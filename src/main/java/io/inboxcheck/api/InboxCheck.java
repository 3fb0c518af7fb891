package io.inboxcheck.api;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.ContractReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.suite.DecidedLater;
import io.inboxcheck.suite.Jobs;
import io.inboxcheck.suite.PropertyRecords;
import io.inboxcheck.suite.ReceiverCheck;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.ScenarioFolder;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The whole check of one receiver as JUnit 5 dynamic tests, for a {@code @TestFactory} in your own
 * build: every scenario file of a folder (its expectations, the invariants and the reference
 * model's decisions), the fault-sequence property and the arrival-order property, each with
 * shrinking. What {@code inboxcheck check --receiver class:NAME} runs, one test per file and per
 * property. Immutable: each option returns a new check.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> inboxKeepsThePolicy() {
 *   return InboxCheck.of(MyReceiver::new).scenarios(Path.of("scenarios")).tries(200).tests();
 * }
 * }</pre>
 */
@API(status = STABLE)
public final class InboxCheck {
  private static final Instant PROBE_START = Instant.parse("2024-03-01T10:00:00Z");

  private final ReceiverFactory receivers;
  private final Options options;

  private InboxCheck(ReceiverFactory receivers, Options options) {
    this.receivers = receivers;
    this.options = options;
  }

  /** What a check runs besides the receivers; each builder method changes one of them. */
  private record Options(Path scenarios, int tries, Long seed, Path reports, int jobs) {
    Options withScenarios(Path folder) {
      return new Options(folder, tries, seed, reports, jobs);
    }

    Options withTries(int triesPerProperty) {
      return new Options(scenarios, triesPerProperty, seed, reports, jobs);
    }

    Options withSeed(long propertySeed) {
      return new Options(scenarios, tries, propertySeed, reports, jobs);
    }

    Options withReports(Path folder) {
      return new Options(scenarios, tries, seed, folder, jobs);
    }

    Options withJobs(int count) {
      return new Options(scenarios, tries, seed, reports, count);
    }
  }

  /**
   * A check of the receivers {@code receivers} makes: no scenario files, {@value
   * RunConfig#DEFAULT_TRIES} tries per property, each property's seed derived from its name (so a
   * run repeats), counterexamples under {@code target/inboxcheck}.
   */
  public static InboxCheck of(ReceiverFactory receivers) {
    if (receivers == null) {
      throw new IllegalArgumentException("InboxCheck.of needs a receiver factory, e.g. Mine::new");
    }
    return new InboxCheck(
        receivers,
        new Options(null, RunConfig.DEFAULT_TRIES, null, Path.of("target", "inboxcheck"), 1));
  }

  /**
   * A check of a receiver written to the small contract ({@link ContractReceiver}: ack, optional
   * decision, then cards, held inputs and counters). Invariants that need identity records or the
   * audit are skipped, and each failure and summary names them.
   */
  public static InboxCheck ofContract(Function<ReceiverSetup, ContractReceiver> receivers) {
    if (receivers == null) {
      throw new IllegalArgumentException(
          "InboxCheck.ofContract needs a receiver factory, e.g. Mine::new");
    }
    return of(setup -> new ContractAdapter(receivers.apply(setup), setup));
  }

  /** Also replays every scenario file under {@code folder} (subfolders included), one test each. */
  public InboxCheck scenarios(Path folder) {
    return new InboxCheck(receivers, options.withScenarios(folder));
  }

  /** Generated tries per property, before its multiplier (fault sequences 5x, orders 2x). */
  public InboxCheck tries(int triesPerProperty) {
    if (triesPerProperty < 1) {
      throw new IllegalArgumentException("tries must be at least 1, got " + triesPerProperty);
    }
    return new InboxCheck(receivers, options.withTries(triesPerProperty));
  }

  /** One seed for both properties, e.g. the one a failure printed. */
  public InboxCheck seed(long propertySeed) {
    return new InboxCheck(receivers, options.withSeed(propertySeed));
  }

  /** Where counterexample files go (below {@code folder/counterexamples}). */
  public InboxCheck reports(Path folder) {
    return new InboxCheck(receivers, options.withReports(folder));
  }

  /**
   * Runs each property's tries on {@code count} receivers at once, with the result of one (the same
   * failure, shrunk the same way) for the same seed. The factory is then called from {@code count}
   * threads at once, and the receivers it makes must share nothing. Scenario files and shrinking
   * run on one receiver at a time.
   */
  public InboxCheck jobs(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("jobs must be at least 1, got " + count);
    }
    return new InboxCheck(receivers, options.withJobs(count));
  }

  /**
   * The dynamic tests: a container of one test per scenario file (when a folder was given), then
   * one test per property. A failing test's message tells the failure: the broken invariant or
   * expectations, the shrunk scenario step by step, and the commands that replay it.
   */
  public Stream<DynamicNode> tests() {
    ReceiverCheck check = receiverCheck();
    List<DynamicNode> nodes = new ArrayList<>();
    if (options.scenarios() != null) {
      nodes.add(scenarioFiles(check));
    }
    Supplier<List<ReceiverCheck.PropertyPart>> properties =
        once(() -> recorded(check.properties()));
    nodes.add(property("fault sequences keep every invariant", properties, 0));
    nodes.add(property("arrival orders do not change the outcome", properties, 1));
    if (DecidedLater.appliesTo(receivers::create)) {
      // A receiver that acknowledges on acceptance (SPEC section 3.6) is held to one more.
      nodes.add(property("deliveries decided later keep every invariant", properties, 2));
    }
    return nodes.stream();
  }

  private DynamicContainer scenarioFiles(ReceiverCheck check) {
    ScenarioFolder.Loaded loaded = ScenarioFolder.read(options.scenarios());
    List<DynamicNode> files = new ArrayList<>();
    for (String rejection : loaded.rejections()) {
      files.add(DynamicTest.dynamicTest(rejection, () -> Assertions.fail(rejection)));
    }
    for (Scenario scenario : loaded.scenarios()) {
      files.add(
          DynamicTest.dynamicTest(
              scenario.source(),
              () -> {
                ReceiverCheck.ScenariosPart part =
                    check.scenarios(options.scenarios(), List.of(scenario));
                for (ReceiverCheck.ScenarioFailure failure : part.failures()) {
                  Assertions.fail(
                      failure.file()
                          + "\n"
                          + String.join("\n", failure.problems())
                          + "\nReplay: "
                          + failure.replay());
                }
              }));
    }
    return DynamicContainer.dynamicContainer("scenario files in " + options.scenarios(), files);
  }

  private static DynamicTest property(
      String title, Supplier<List<ReceiverCheck.PropertyPart>> properties, int index) {
    return DynamicTest.dynamicTest(
        title,
        () -> {
          ReceiverCheck.PropertyPart part = properties.get().get(index);
          if (part.outcome().result().failure().isPresent()) {
            Assertions.fail(part.outcome().message());
          }
        });
  }

  /** The suite's check, named after the receiver's class so replay commands can reach it. */
  private ReceiverCheck receiverCheck() {
    String type;
    ReceiverSetup probe =
        new ReceiverSetup(
            new TreeMap<>(), Scenario.DEFAULT_SUPPORTED_TYPES, Duration.ofHours(24), PROBE_START);
    try (Receiver receiver = receivers.create(probe)) {
      // A contract receiver is reached again through its own class, not the adapter around it.
      Object reachable =
          receiver instanceof ContractAdapter adapter ? adapter.receiver() : receiver;
      type = reachable.getClass().getName();
    }
    String choice = "class:" + type;
    RunConfig config = RunConfig.defaults().withTries(options.tries()).withoutExampleDatabase();
    config = options.seed() == null ? config.withSeedFromName() : config.withSeed(options.seed());
    return new ReceiverCheck(
            choice,
            ReceiverNames.fileSafe(choice),
            "--receiver " + choice,
            receivers::create,
            config,
            options.reports())
        .withJobs(Jobs.sharing(receivers::create, options.jobs()));
  }

  /**
   * Writes each property's record under the reports folder, for the summary printed once after the
   * last test ({@link VerdictListener}).
   */
  private List<ReceiverCheck.PropertyPart> recorded(List<ReceiverCheck.PropertyPart> parts) {
    for (ReceiverCheck.PropertyPart part : parts) {
      PropertyRecords.record(options.reports(), part.outcome());
    }
    VerdictListener.recordedIn(options.reports());
    return parts;
  }

  /** Runs {@code work} on first use only; both property tests share one run of the two. */
  private static <T> Supplier<T> once(Supplier<T> work) {
    List<T> result = new ArrayList<>(1);
    return () -> {
      synchronized (result) {
        if (result.isEmpty()) {
          result.add(work.get());
        }
        return result.get(0);
      }
    };
  }
}
