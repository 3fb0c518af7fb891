package io.inboxcheck.cli;

import io.inboxcheck.concurrent.AuditReplay;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.http.InFlight;
import io.inboxcheck.http.KillableReceiver;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * {@code check --crash}: the PostgreSQL crash test generalised to any {@code exec:} receiver. It
 * delivers generated scenarios, one after the other, and kills the receiver with SIGKILL at seeded
 * random points: between steps, or a short random delay after sending a delivery, while it may be
 * in flight. The receiver is started again on the same data folder and the scenario carries on (an
 * unanswered delivery is sent again, as a provider would). After each scenario every acknowledged
 * delivery must be in the audit with the decision it acknowledged, and the view must equal the
 * model's replay of that audit. A delivery killed without an answer may or may not have been
 * recorded: both are fine.
 */
final class CrashCheck {
  /** At most this many steps run between two kills. */
  static final int MAX_STEPS_BETWEEN_KILLS = 6;

  /** A kill in flight lands at most this long after the delivery was sent. */
  static final long MAX_KILL_DELAY_NANOS = Duration.ofMillis(8).toNanos();

  /** The seed when none is given: a run is a function of its options, as the rest of check. */
  static final long DEFAULT_CRASH_SEED = 20241201L;

  private final String command;
  private final long seed;
  private final int kills;
  private final Duration timeout;
  private final Random random;
  private final Map<InFlight, Integer> inFlight = new EnumMap<>(InFlight.class);
  private int betweenSteps;
  private int acknowledged;
  private int untilKill;

  CrashCheck(String command, long seed, int kills, Duration timeout) {
    this.command = command;
    this.seed = seed;
    this.kills = kills;
    this.timeout = timeout;
    this.random = new Random(seed);
    this.untilKill = 1 + random.nextInt(MAX_STEPS_BETWEEN_KILLS);
  }

  /** {@code check --crash}: only an exec: receiver can be killed and started again. */
  static int fromCommandLine(
      String receiver, Long seed, int kills, PrintWriter out, PrintWriter err) {
    if (!receiver.startsWith(HttpReceivers.EXEC_PREFIX)
        || receiver.substring(HttpReceivers.EXEC_PREFIX.length()).isBlank()) {
      err.println(
          "inboxcheck check: --crash needs a receiver inboxcheck starts and can kill, e.g."
              + " --receiver exec:\"python3 examples/python-receiver/receiver.py\"; got "
              + receiver);
      return ExitCodes.REJECTED;
    }
    if (kills < 1) {
      err.println("inboxcheck check: --kills must be at least 1, got " + kills);
      return ExitCodes.REJECTED;
    }
    long crashSeed = seed != null ? seed : DEFAULT_CRASH_SEED;
    String rerun =
        "java -jar target/inboxcheck.jar check --crash --receiver "
            + ShellWords.quote(receiver)
            + " --seed "
            + crashSeed
            + " --kills "
            + kills;
    String command = receiver.substring(HttpReceivers.EXEC_PREFIX.length()).strip();
    try {
      return new CrashCheck(command, crashSeed, kills, HttpReceivers.timeoutFromProperties())
          .run(out, rerun);
    } catch (ReceiverFailure failure) {
      out.flush();
      err.println("inboxcheck: " + failure.getMessage() + " (crash check, seed " + crashSeed + ")");
      return ExitCodes.FAILED;
    }
  }

  /** Runs the check, prints what it saw, and answers the exit code. */
  int run(PrintWriter out, String rerun) {
    ScenarioGenerator generator = new ScenarioGenerator();
    SplittableRandom scenarioSeeds = new SplittableRandom(seed);
    int scenarios = 0;
    List<String> problems = new ArrayList<>();
    try (KillableReceiver receiver = KillableReceiver.start(command, timeout)) {
      while (receiver.restarts() < kills && problems.isEmpty()) {
        String name = "crash-" + scenarios;
        Scenario scenario = generator.generate(Choices.random(scenarioSeeds.nextLong()), name);
        scenarios++;
        try {
          run(scenario, receiver);
          check(scenario, receiver).forEach(problem -> problems.add(name + ": " + problem));
        } catch (ReceiverFailure failure) {
          // After a kill, a receiver that lost its state may also refuse what follows (e.g. a
          // clock it believes is in the past): still a finding of the crash check.
          problems.add(name + ", after " + receiver.restarts() + " kills: " + failure.getMessage());
        }
      }
      out.printf(
          "crash check of %s: seed %d, %d scenarios, %d kills (%d between steps, %d during a"
              + " delivery: %s), %d acknowledged deliveries%n",
          receiver.choice(),
          seed,
          scenarios,
          receiver.restarts(),
          betweenSteps,
          receiver.restarts() - betweenSteps,
          inFlightText(),
          acknowledged);
    }
    if (problems.isEmpty()) {
      out.println(
          "every acknowledged delivery survived, and every view equals the model's replay"
              + " of its audit");
      out.flush();
      return ExitCodes.OK;
    }
    FailureLines.print(
        out,
        "FAILED: " + problems.size() + " problems after kills:",
        problems,
        seed,
        rerun,
        null,
        "(where a kill lands inside a request is the scheduler's: a rerun kills at the same"
            + " steps, not always at the same instant)");
    return ExitCodes.FAILED;
  }

  private void run(Scenario scenario, KillableReceiver receiver) {
    receiver.reset(scenario.setup());
    for (ScenarioStep step : scenario.steps()) {
      boolean killNow = receiver.restarts() < kills && --untilKill == 0;
      if (killNow) {
        untilKill = 1 + random.nextInt(MAX_STEPS_BETWEEN_KILLS);
      }
      if (step.time() != null) {
        receiver.advanceClock(step.number(), step.time());
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        boolean inFlightKill =
            killNow && !deliver.transport().storageFault() && random.nextBoolean();
        if (inFlightKill) {
          long delay = (long) (random.nextDouble() * MAX_KILL_DELAY_NANOS);
          InFlight fate = receiver.deliverAndKill(deliver.number(), deliver.envelope(), delay);
          inFlight.merge(fate, 1, Integer::sum);
          if (fate == InFlight.ANSWERED) {
            acknowledged++;
          } else if (receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport())) {
            acknowledged++; // the provider's retry of a delivery it saw no 2xx for
          }
          continue;
        }
        if (receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport())) {
          acknowledged++;
        }
      } else if (step instanceof ScenarioStep.Reconcile reconcile) {
        receiver.reconcile(reconcile.number(), reconcile.authority());
      }
      if (killNow) {
        betweenSteps++;
        receiver.killAndRestart();
      }
    }
  }

  /** What the receiver holds after the scenario, against what it acknowledged. */
  private static List<String> check(Scenario scenario, KillableReceiver receiver) {
    ReceiverView stored = receiver.view();
    List<String> problems = new ArrayList<>(receiver.losses());
    for (KillableReceiver.Acknowledged ack : receiver.acknowledged()) {
      List<AuditEntry.DeliveryRecorded> recorded =
          stored.audit().stream()
              .filter(entry -> entry instanceof AuditEntry.DeliveryRecorded)
              .map(AuditEntry.DeliveryRecorded.class::cast)
              .filter(entry -> entry.step() == ack.step())
              .toList();
      if (recorded.isEmpty()) {
        problems.add(
            "step "
                + ack.step()
                + " was acknowledged"
                + (ack.decision() == null ? "" : " (" + ack.decision().describe() + ")")
                + " and is not in the audit after the kills: "
                + ack.envelope().text());
      } else if (ack.decision() != null
          && recorded.stream()
              .noneMatch(entry -> Objects.equals(entry.decision(), ack.decision()))) {
        problems.add(
            "step "
                + ack.step()
                + " was acknowledged "
                + ack.decision().describe()
                + ", the audit records "
                + recorded.get(recorded.size() - 1).decision().describe());
      }
    }
    AuditReplay.check(scenario.setup(), stored, AuditReplay.Authorities.of(scenario.steps()))
        .forEach(problems::add);
    return problems;
  }

  private String inFlightText() {
    List<String> parts = new ArrayList<>();
    inFlight.forEach(
        (fate, count) -> parts.add(count + " " + fate.name().toLowerCase().replace('_', ' ')));
    return parts.isEmpty() ? "none" : String.join(", ", parts);
  }
}
