package io.inboxcheck.api;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.modes.CaseCode;
import io.inboxcheck.modes.CrashCheck;
import io.inboxcheck.modes.Shrinking;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.ContractReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ShellWords;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.suite.DecidedLater;
import io.inboxcheck.suite.Jobs;
import io.inboxcheck.suite.PropertyRecords;
import io.inboxcheck.suite.ReceiverCheck;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.ScenarioFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
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
 * shrinking, and when asked the crash and concurrency checks. What {@code inboxcheck check} runs,
 * one test per file, per property and per check, with the same results and the same text. The
 * receiver is a class in this JVM ({@link #of}, {@link #ofContract}), a process inboxcheck starts
 * ({@link #ofCommand}) or one already listening ({@link #ofUrl}). Immutable: each option returns a
 * new check.
 *
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicNode> inboxKeepsThePolicy() {
 *   return InboxCheck.of(MyReceiver::new).scenarios(Path.of("scenarios")).tries(200).tests();
 * }
 *
 * @TestFactory
 * Stream<DynamicNode> serviceSurvivesKillsAndConcurrentCopies() {
 *   return InboxCheck.ofCommand("java -jar target/my-service.jar").crash().concurrency(4).tests();
 * }
 * }</pre>
 */
@API(status = STABLE)
public final class InboxCheck {
  private final ReceiverSource source;
  private final CheckSettings settings;

  private InboxCheck(ReceiverSource source, CheckSettings settings) {
    this.source = source;
    this.settings = settings;
  }

  private InboxCheck with(Consumer<CheckSettings> change) {
    return new InboxCheck(source, settings.with(change));
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
    return new InboxCheck(ReceiverSource.of(receivers), new CheckSettings());
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

  /**
   * A check of a receiver in any language that speaks the receiver protocol
   * (docs/receiver-protocol.md), started by inboxcheck as a process: what {@code inboxcheck check
   * --receiver exec:COMMAND} checks. The process starts when the tests run and stops when they end;
   * it is the only kind of receiver {@link #crash()} can kill.
   *
   * @param command the command that starts it, run by {@code sh -c} in the working folder, e.g.
   *     {@code "java -jar target/my-service.jar"}
   */
  @API(status = EXPERIMENTAL)
  public static InboxCheck ofCommand(String command) {
    return new InboxCheck(ReceiverSource.ofCommand(command), new CheckSettings());
  }

  /**
   * A check of a receiver that speaks the receiver protocol and is already listening at {@code
   * url}: what {@code inboxcheck check --receiver http:URL} checks.
   *
   * @param url where it listens, e.g. {@code "http://127.0.0.1:8080"}
   * @param controlSecret the secret it was started with for the control requests
   */
  @API(status = EXPERIMENTAL)
  public static InboxCheck ofUrl(String url, String controlSecret) {
    return new InboxCheck(ReceiverSource.ofUrl(url, controlSecret), new CheckSettings());
  }

  /** Also replays every scenario file under {@code folder} (subfolders included), one test each. */
  public InboxCheck scenarios(Path folder) {
    return with(settings -> settings.scenarios = folder);
  }

  /** Generated tries per property, before its multiplier (fault sequences 5x, orders 2x). */
  public InboxCheck tries(int triesPerProperty) {
    if (triesPerProperty < 1) {
      throw new IllegalArgumentException("tries must be at least 1, got " + triesPerProperty);
    }
    return with(settings -> settings.tries = triesPerProperty);
  }

  /**
   * One seed for every part: both properties, the crash check and the concurrency check; e.g. the
   * one a failure printed. Without it each property's seed derives from its name and each check has
   * the command line's default seed, so a run repeats.
   */
  public InboxCheck seed(long seed) {
    return with(settings -> settings.seed = seed);
  }

  /** Where counterexample files go (below {@code folder/counterexamples}). */
  public InboxCheck reports(Path folder) {
    return with(settings -> settings.reports = folder);
  }

  /**
   * Runs each property's tries on {@code count} receivers at once, with the result of one (the same
   * failure, shrunk the same way) for the same seed. A factory is then called from {@code count}
   * threads at once, and the receivers it makes must share nothing; a command is started once per
   * job, and must keep its port and storage its own; a URL allows one job only. Scenario files,
   * shrinking, crash and concurrency run on one receiver at a time.
   */
  public InboxCheck jobs(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("jobs must be at least 1, got " + count);
    }
    return with(settings -> settings.jobs = count);
  }

  /**
   * Leaves the two properties out: only the scenario files and the crash and concurrency checks
   * asked for run.
   */
  @API(status = EXPERIMENTAL)
  public InboxCheck withoutProperties() {
    return with(settings -> settings.properties = false);
  }

  /**
   * Adds the crash check with {@value CrashCheck#DEFAULT_KILLS} kills, as {@code check --crash}:
   * the receiver is killed with SIGKILL at drawn points and started again, and every delivery it
   * acknowledged must survive (SPEC section 7). Only for {@link #ofCommand}.
   */
  @API(status = EXPERIMENTAL)
  public InboxCheck crash() {
    return crash(CrashCheck.DEFAULT_KILLS);
  }

  /** The crash check with {@code kills} kills, as {@code check --crash --kills N}. */
  @API(status = EXPERIMENTAL)
  public InboxCheck crash(int kills) {
    if (!source.started()) {
      throw new IllegalArgumentException(
          "crash() needs a receiver inboxcheck starts and can kill: InboxCheck.ofCommand(...)");
    }
    if (kills < 1) {
      throw new IllegalArgumentException("kills must be at least 1, got " + kills);
    }
    return with(settings -> settings.kills = kills);
  }

  /**
   * Adds the concurrency check, as {@code check --concurrency K}: {@code requestsAtOnce} requests
   * in flight together, every result explained by some serial order of them.
   */
  @API(status = EXPERIMENTAL)
  public InboxCheck concurrency(int requestsAtOnce) {
    if (requestsAtOnce < 2) {
      throw new IllegalArgumentException(
          "concurrency needs at least 2 requests at once, got " + requestsAtOnce);
    }
    return with(settings -> settings.concurrency = requestsAtOnce);
  }

  /**
   * Runs exactly the crash or concurrency case a failure printed, by its code, instead of drawing
   * cases; for a check with one of {@link #crash()} and {@link #concurrency(int)}.
   */
  @API(status = EXPERIMENTAL)
  public InboxCheck reproduce(String code) {
    if (code == null || CaseCode.decode(code).isEmpty()) {
      throw new IllegalArgumentException(
          "reproduce needs the code a failing crash or concurrency check printed, got \""
              + code
              + "\"");
    }
    return with(settings -> settings.reproduce = code);
  }

  /**
   * Shrinks a crash or concurrency failure with at most {@code candidates} candidates and no time
   * limit, so it shrinks alike on any machine (without it: {@value Shrinking#DEFAULT_BUDGET}
   * candidates or 3 minutes, whichever comes first).
   */
  @API(status = EXPERIMENTAL)
  public InboxCheck shrinkBudget(int candidates) {
    if (candidates < 0) {
      throw new IllegalArgumentException("shrinkBudget must not be negative, got " + candidates);
    }
    return with(settings -> settings.shrinkBudget = candidates);
  }

  /**
   * The dynamic tests: a container of one test per scenario file (when a folder was given), one
   * test per property, then the crash and concurrency checks asked for. A failing test's message
   * tells the failure as the command line prints it (the broken invariant or expectations, the
   * shrunk case step by step) and ends with how to rerun it from JUnit and from the command line.
   * Processes the check starts stop when JUnit closes the stream.
   */
  public Stream<DynamicNode> tests() {
    if (settings.reproduce != null && (settings.kills == null) == (settings.concurrency == null)) {
      throw new IllegalArgumentException(
          "reproduce reruns one crash or concurrency case: ask for exactly one of crash() and"
              + " concurrency(K)");
    }
    String choice = source.choice();
    List<AutoCloseable> started = new ArrayList<>();
    List<Function<ReceiverSetup, Receiver>> jobs =
        source.open(settings.jobs, HttpReceivers.timeoutFromProperties(), started);
    ReceiverCheck check = receiverCheck(choice, jobs);
    List<DynamicNode> nodes = new ArrayList<>();
    if (settings.scenarios != null) {
      nodes.add(scenarioFiles(check));
    }
    if (settings.properties) {
      Supplier<List<ReceiverCheck.PropertyPart>> properties =
          once(() -> recorded(check.properties()));
      nodes.add(property("fault sequences keep every invariant", properties, 0));
      nodes.add(property("arrival orders do not change the outcome", properties, 1));
      if (DecidedLater.appliesTo(jobs.get(0))) {
        // A receiver that acknowledges on acceptance (SPEC section 3.6) is held to one more.
        nodes.add(property("deliveries decided later keep every invariant", properties, 2));
      }
    }
    if (settings.kills != null) {
      nodes.add(ModeNodes.crash(choice, settings));
    }
    if (settings.concurrency != null) {
      nodes.add(ModeNodes.concurrency(choice, jobs.get(0), settings));
    }
    return nodes.stream().onClose(() -> started.forEach(InboxCheck::stop));
  }

  private static void stop(AutoCloseable process) {
    try {
      process.close();
    } catch (Exception e) {
      // Stopping a receiver process is best effort; a JVM shutdown hook stops it as well.
    }
  }

  private DynamicContainer scenarioFiles(ReceiverCheck check) {
    ScenarioFolder.Loaded loaded = ScenarioFolder.read(settings.scenarios);
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
                    check.scenarios(settings.scenarios, List.of(scenario));
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
    return DynamicContainer.dynamicContainer("scenario files in " + settings.scenarios, files);
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

  /**
   * The suite's check, named as the command line names the receiver, so replay commands reach it.
   */
  private ReceiverCheck receiverCheck(String choice, List<Function<ReceiverSetup, Receiver>> jobs) {
    RunConfig config = RunConfig.defaults().withTries(settings.tries).withoutExampleDatabase();
    config = settings.seed == null ? config.withSeedFromName() : config.withSeed(settings.seed);
    return new ReceiverCheck(
            choice,
            ReceiverNames.fileSafe(choice),
            "--receiver " + ShellWords.quote(choice),
            jobs.get(0),
            config,
            settings.reports)
        .withJobs(new Jobs(jobs));
  }

  /**
   * Writes each property's record under the reports folder, for the summary printed once after the
   * last test ({@link VerdictListener}).
   */
  private List<ReceiverCheck.PropertyPart> recorded(List<ReceiverCheck.PropertyPart> parts) {
    for (ReceiverCheck.PropertyPart part : parts) {
      PropertyRecords.record(settings.reports, part.outcome());
    }
    VerdictListener.recordedIn(settings.reports);
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
