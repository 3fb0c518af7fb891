package io.inboxcheck.cli;

import io.inboxcheck.engine.Deadline;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.engine.Shard;
import io.inboxcheck.explore.StateLimitExceeded;
import io.inboxcheck.generate.Generation;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.ShellWords;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.suite.CheckSummary;
import io.inboxcheck.suite.Jobs;
import io.inboxcheck.suite.ReceiverCheck;
import io.inboxcheck.suite.ReceiverNames;
import io.inboxcheck.suite.ScenarioFolder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code check}: holds one receiver to the scenario files, the properties and every order. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Checks a receiver, yours in any language over HTTP (--receiver exec:COMMAND or "
            + "http:URL) or any other: replays every scenario file of a folder (expectations, "
            + "invariants and, for a receiver other than the model, its decisions against "
            + "the model's), runs the fault-sequence and arrival-order properties with "
            + "shrinking, and with --explore checks every arrival order of one scenario. A "
            + "failure prints the shrunk scenario as a script, the broken invariant and the"
            + " command that replays it against this receiver. Reports: summary.md, "
            + "summary.json and counterexamples/ under --reports. Exit codes: 0 everything "
            + "holds, 1 something failed, 2 the input was rejected.")
final class CheckCommand implements Callable<Integer> {

  /** The most jobs: each holds a thread and a receiver (a process, for exec:). */
  static final int MAX_JOBS = 64;

  private static final Pattern SHARD = Pattern.compile("(\\d{1,6})/(\\d{1,6})");

  @Spec CommandSpec spec;

  @Option(
      names = "--receiver",
      paramLabel = "RECEIVER",
      defaultValue = "model",
      description = {
        "The receiver to check (default: model):",
        "exec:COMMAND  yours, in any language: inboxcheck",
        "  starts it, checks it over HTTP, stops it; e.g.",
        "  exec:\"python3 receiver.py\"",
        "http:URL  yours, already running with the control",
        "  API; e.g. http://127.0.0.1:8080 (the secret in",
        "  --receiver-secret)",
        "class:NAME  a Receiver on the class path; e.g.",
        "  class:com.example.InboxReceiver",
        "postgres  the PostgreSQL store",
        "model  the reference model",
        "See docs/receiver-protocol.md. Seeds and file",
        "names derive from the whole RECEIVER text."
      })
  String receiver;

  @Mixin ReceiverAccessMixin access;

  @Option(
      names = "--scenarios",
      paramLabel = "DIR",
      defaultValue = "scenarios",
      description =
          "Scenario files, subfolders included, *.schema.json skipped (default: ${DEFAULT-VALUE}).")
  Path scenarios;

  @Option(
      names = "--tries",
      paramLabel = "N",
      description =
          "Tries per property before its multiplier (fault sequences 5x, arrival orders"
              + " 2x), over all shards (default: ${DEFAULT-VALUE}, as mvn verify).")
  int tries = RunConfig.DEFAULT_TRIES;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "One seed for both properties (default: each property's seed from its name).")
  Long seed;

  @Option(
      names = "--time-budget",
      paramLabel = "DURATION",
      description =
          "Stop generating new tries after this long (ISO-8601, e.g. PT2M); the "
              + "properties say how many tries ran. A failure found is still shrunk. Running "
              + "out is not a failure.")
  Duration timeBudget;

  @Option(
      names = "--shard",
      paramLabel = "i/n",
      description =
          "Run shard i of n (0 <= i < n): the tries whose index is i modulo n. Try k "
              + "draws from the same seed in every shard, so n jobs with --shard 0/n .. "
              + "(n-1)/n and one --seed (or none) run exactly the tries of one unsharded run,"
              + " and each shard is reproducible alone.")
  String shard;

  @Option(
      names = "--jobs",
      paramLabel = "N",
      description =
          "Run each property's tries on N receivers at once (1 to 64, default 1), with the "
              + "result of --jobs 1 for the same seed: each job gets its own receiver (exec: "
              + "starts the command N times, each with its own data folder and port; class:, "
              + "model and postgres make N of them); http:URL takes only 1. The scenario files,"
              + " --explore and shrinking run on one receiver; not with --crash or "
              + "--concurrency.")
  int jobs = 1;

  @Option(
      names = "--explore",
      paramLabel = "FILE",
      description =
          "Also check every arrival order of this scenario: explored with memoised "
              + "states when the receiver can copy itself (the model, an ExplorableReceiver),"
              + " else each order replayed from a fresh receiver, at most --max-orders of "
              + "them.")
  Path explore;

  @Option(
      names = "--max-orders",
      paramLabel = "N",
      description = "The most arrival orders replayed one by one (default: ${DEFAULT-VALUE}).")
  long maxOrders = 100_000;

  @Mixin CrashOptions crash;

  @Mixin ProviderOptions provider;

  private Generation generation = Generation.DEFAULT;

  private Jobs jobReceivers;

  @Mixin ConcurrencyOptions concurrent;

  @Mixin CaseOptions cases;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      defaultValue = "reports/check",
      description =
          "Where summary.md, summary.json and counterexamples/ go (default: ${DEFAULT-VALUE}).")
  Path reports;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    StringBuilder problem = new StringBuilder();
    if (jobs != 1 && (crash.requested || concurrent.concurrency != null)) {
      err.println(
          "inboxcheck check: --jobs runs the properties; not with --crash or --concurrency");
      return ExitCodes.REJECTED;
    }
    if (crash.requested) {
      Optional<Generation> retried = provider.generation(problem);
      if (retried.isEmpty()) {
        err.println("inboxcheck check: " + problem);
        return ExitCodes.REJECTED;
      }
      return CheckModes.crash(receiver, seed, crash, cases, retried.get(), out, err);
    }
    Optional<RunConfig> config = config(problem);
    Optional<Generation> generated = config.flatMap(valid -> provider.generation(problem));
    if (generated.isEmpty()) {
      err.println("inboxcheck check: " + problem);
      return ExitCodes.REJECTED;
    }
    int concurrency = concurrent.concurrency(err);
    if (concurrency != ConcurrencyOptions.NOT_ASKED) {
      return concurrency < 0
          ? ExitCodes.REJECTED
          : CheckModes.concurrency(
              receiver, access, concurrency, seed, generated.get(), cases, reports, out, err);
    }
    if (cases.code != null) {
      err.println("inboxcheck check: --reproduce needs --crash or --concurrency");
      return ExitCodes.REJECTED;
    }
    generation = generated.get();
    ScenarioFolder.Loaded loaded = ScenarioFolder.read(scenarios);
    if (!loaded.rejections().isEmpty()) {
      loaded.rejections().forEach(err::println);
      return ExitCodes.REJECTED;
    }
    Optional<Scenario> explored = Optional.empty();
    if (explore != null) {
      try {
        explored = Optional.of(new ScenarioReader().read(explore));
      } catch (InputRejected rejected) {
        err.println(rejected.getMessage());
        return ExitCodes.REJECTED;
      }
    }
    Function<ReceiverSetup, Receiver> receivers = access.receivers(receiver, problem);
    jobReceivers = receivers == null ? null : access.jobs(receiver, receivers, jobs, problem);
    if (jobReceivers == null) {
      err.println("inboxcheck check: " + problem);
      return ExitCodes.REJECTED;
    }
    try {
      return check(receivers, config.get(), loaded.scenarios(), explored, out, err);
    } finally {
      for (Function<ReceiverSetup, Receiver> each : jobReceivers.receivers()) {
        if (each instanceof AutoCloseable closeable) {
          ReplayCommand.close(closeable);
        }
      }
    }
  }

  private int check(
      Function<ReceiverSetup, Receiver> receivers,
      RunConfig config,
      List<Scenario> files,
      Optional<Scenario> explored,
      PrintWriter out,
      PrintWriter err) {
    ReceiverCheck.ScenariosPart scenarioPart = check(receivers, config).scenarios(scenarios, files);
    Optional<ReceiverCheck.ExplorePart> explorePart = Optional.empty();
    if (explored.isPresent()) {
      try {
        explorePart = Optional.of(check(receivers, config).explore(explored.get(), maxOrders));
      } catch (IllegalArgumentException | StateLimitExceeded rejected) {
        err.println("inboxcheck check: " + explore + ": " + rejected.getMessage());
        return ExitCodes.REJECTED;
      }
    }
    // The budget covers generation only, so it starts when the properties do.
    RunConfig timed = timeBudget == null ? config : config.withDeadline(Deadline.after(timeBudget));
    CheckSummary summary =
        new CheckSummary(
            check(receivers, timed),
            Optional.ofNullable(timeBudget),
            scenarioPart,
            check(receivers, timed).properties(),
            explorePart,
            check(receivers, config).retentionHorizon());
    List<Path> written = summary.write();
    out.print(summary.text());
    out.println("Reports: " + written.get(0) + ", " + written.get(1));
    out.flush();
    return summary.failed() ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private ReceiverCheck check(Function<ReceiverSetup, Receiver> receivers, RunConfig config) {
    return new ReceiverCheck(
            receiver,
            ReceiverNames.fileSafe(receiver),
            "--receiver " + ShellWords.quote(receiver) + access.replayArguments(),
            receivers,
            config,
            reports,
            generation)
        .withJobs(jobReceivers);
  }

  /** The properties' configuration, or empty with {@code problem} filled. */
  private Optional<RunConfig> config(StringBuilder problem) {
    if (tries < 1) {
      problem.append("--tries must be at least 1, got ").append(tries);
      return Optional.empty();
    }
    if (jobs < 1 || jobs > MAX_JOBS) {
      problem.append("--jobs must be from 1 to " + MAX_JOBS + ", got ").append(jobs);
      return Optional.empty();
    }
    if (maxOrders < 1) {
      problem.append("--max-orders must be at least 1, got ").append(maxOrders);
      return Optional.empty();
    }
    if (timeBudget != null && timeBudget.isNegative()) {
      problem.append("--time-budget must not be negative, got ").append(timeBudget);
      return Optional.empty();
    }
    // No example database: a check is a function of receiver, seed, tries and shard alone, so a
    // CI job and a person rerunning it see the same tries.
    RunConfig config = RunConfig.defaults().withTries(tries).withoutExampleDatabase();
    config = seed == null ? config.withSeedFromName() : config.withSeed(seed);
    if (shard != null) {
      Optional<Shard> parsed = parseShard(shard, problem);
      if (parsed.isEmpty()) {
        return Optional.empty();
      }
      config = config.withShard(parsed.get());
    }
    return Optional.of(config);
  }

  private static Optional<Shard> parseShard(String text, StringBuilder problem) {
    Matcher matcher = SHARD.matcher(text);
    if (matcher.matches()) {
      int index = Integer.parseInt(matcher.group(1));
      int count = Integer.parseInt(matcher.group(2));
      if (count >= 1 && index < count) {
        return Optional.of(new Shard(index, count));
      }
    }
    problem
        .append("--shard must be i/n with 0 <= i < n (e.g. 0/4), got \"")
        .append(text)
        .append("\"");
    return Optional.empty();
  }
}
