package io.inboxcheck.modes;

import io.inboxcheck.check.RefusalRule;
import io.inboxcheck.concurrent.AuditReplay;
import io.inboxcheck.concurrent.SettledRun;
import io.inboxcheck.generate.CrashCase;
import io.inboxcheck.http.InFlight;
import io.inboxcheck.http.KillableReceiver;
import io.inboxcheck.http.ReceiverFailure;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs one {@link CrashCase} against a killable receiver: resets it, runs the scenario's steps,
 * kills it where the case says and starts it again on the same storage (an unanswered delivery is
 * sent again, as a provider would), then checks what it holds. Every acknowledged delivery must be
 * in the audit with the decision it acknowledged, no audit entry it showed may be gone, and the
 * view must equal the model's replay of the audit. A delivery killed without an answer may or may
 * not have been recorded: both are fine.
 */
final class CrashCaseRun {
  /** What one problem is, for the shrinker: a smaller case must fail the same way. */
  enum Problem {
    ACKNOWLEDGED_LOST,
    ACKNOWLEDGED_CHANGED,
    AUDIT_SHRANK,
    REPLAY_DIFFERS,
    RECEIVER_FAILED,
    DELIVERY_LOST,
    DECIDED_TWICE
  }

  /** One problem found, in one line. */
  record Found(Problem problem, String line) {}

  /** What one case did: where its kills landed, what they met, and what it found. */
  record Result(
      Map<CrashCase.Point, Integer> kills,
      Map<InFlight, Integer> inFlight,
      int acknowledged,
      List<Found> found,
      Settling settling) {}

  private final KillableReceiver receiver;
  private final int retries;
  private final List<Found> lost = new ArrayList<>();
  private final Map<CrashCase.Point, Integer> kills = new EnumMap<>(CrashCase.Point.class);
  private final Map<InFlight, Integer> inFlight = new EnumMap<>(InFlight.class);
  private int acknowledged;
  private int mostPendingAtSettle;

  /**
   * What a receiver that acknowledges on acceptance showed of its queue: the most deliveries it
   * listed as pending when a settle was sent, and whether it decided deliveries in another order
   * than they arrived (its audit's delivery entries out of step order). Zero and false for any
   * other receiver.
   */
  record Settling(int mostPendingAtSettle, boolean decidedOutOfArrivalOrder) {}

  private CrashCaseRun(KillableReceiver receiver, int retries) {
    this.receiver = receiver;
    this.retries = retries;
  }

  /**
   * Runs the case; a delivery refused with nothing injected is sent again up to {@code retries}
   * times, as a provider retries it ({@link RefusalRule}).
   */
  static Result run(CrashCase crashCase, KillableReceiver receiver, int retries) {
    CrashCaseRun run = new CrashCaseRun(receiver, retries);
    List<Found> found = new ArrayList<>();
    Scenario scenario = crashCase.scenario();
    try {
      receiver.reset(scenario.setup());
      for (int index = 0; index < scenario.steps().size(); index++) {
        ScenarioStep step = scenario.steps().get(index);
        CrashCase.Kill kill = crashCase.kills().get(index);
        run.step(step, kill, crashCase.settlesAfter(step.number()));
      }
      if (receiver.acknowledgesOnAcceptance()) {
        run.settle(scenario.steps().isEmpty() ? 0 : scenario.steps().size());
      }
      found.addAll(run.lost);
      found.addAll(check(scenario, receiver));
    } catch (ReceiverFailure failure) {
      // After a kill, a receiver that lost its state may also refuse what follows (e.g. a clock
      // it believes is in the past): still a finding of the crash check.
      found.add(
          new Found(
              Problem.RECEIVER_FAILED,
              "after "
                  + run.kills.values().stream().mapToInt(Integer::intValue).sum()
                  + " kills: "
                  + failure.getMessage()));
    }
    Settling settling =
        new Settling(
            run.mostPendingAtSettle,
            receiver.acknowledgesOnAcceptance()
                && found.isEmpty()
                && SettledRun.outOfArrivalOrder(receiver.view().audit()));
    return new Result(
        Map.copyOf(run.kills), Map.copyOf(run.inFlight), run.acknowledged, found, settling);
  }

  /**
   * One step, its kill, and the settle after it when the case has one there: a kill between steps
   * then lands while the settle is in flight.
   */
  private void step(ScenarioStep step, CrashCase.Kill kill, boolean settles) {
    boolean killsTheSettle = settles && kill.point() == CrashCase.Point.BETWEEN_STEPS;
    send(step, killsTheSettle ? noKill(kill) : kill);
    if (killsTheSettle) {
      mostPendingAtSettle = Math.max(mostPendingAtSettle, receiver.pending());
      receiver.settleAndKill(step.number(), TimeUnit.MICROSECONDS.toNanos(kill.delayMicros()));
      killed(kill.point(), 1);
    } else if (settles) {
      settle(step.number());
    }
  }

  private static CrashCase.Kill noKill(CrashCase.Kill kill) {
    return new CrashCase.Kill(kill.step(), CrashCase.Point.NONE, 0, List.of());
  }

  /** Settles a receiver that acknowledges on acceptance, noting how many deliveries queued. */
  private void settle(int step) {
    if (receiver.acknowledgesOnAcceptance()) {
      mostPendingAtSettle = Math.max(mostPendingAtSettle, receiver.pending());
      receiver.settle(step);
    }
  }

  private void send(ScenarioStep step, CrashCase.Kill kill) {
    CrashCase.Point point = kill.point();
    long delayNanos = TimeUnit.MICROSECONDS.toNanos(kill.delayMicros());
    if (step instanceof ScenarioStep.Advance && point == CrashCase.Point.DURING_CLOCK_MOVE) {
      receiver.advanceClockAndKill(step.number(), step.time(), delayNanos);
      killed(point, 1);
      return;
    }
    if (step.time() != null) {
      receiver.advanceClock(step.number(), step.time());
    }
    if (step instanceof ScenarioStep.Deliver deliver) {
      if (point == CrashCase.Point.IN_FLIGHT) {
        deliverAndKill(deliver, delayNanos);
        killed(point, 1);
        return;
      }
      if (point == CrashCase.Point.AFTER_ANSWER) {
        boolean acked =
            receiver.deliverThenKill(deliver.number(), deliver.envelope(), deliver.transport());
        killed(point, 1);
        settle(deliver, acked, List.of());
        return;
      }
      settle(
          deliver,
          receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport()),
          List.of());
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      if (point == CrashCase.Point.DURING_RECONCILIATION) {
        receiver.reconcileAndKill(reconcile.number(), reconcile.authority(), delayNanos);
        killed(point, 1);
        return;
      }
      receiver.reconcile(reconcile.number(), reconcile.authority());
    }
    after(kill);
  }

  /** The kills that land once the step's answer is in. */
  private void after(CrashCase.Kill kill) {
    switch (kill.point()) {
      case AFTER_ANSWER -> {
        receiver.killNow();
        killed(kill.point(), 1);
      }
      case BETWEEN_STEPS -> {
        receiver.killAndRestart();
        killed(kill.point(), 1);
      }
      case DURING_RECOVERY -> {
        receiver.killThroughRecovery(
            kill.recoveryDelaysMicros().stream().map(TimeUnit.MICROSECONDS::toNanos).toList());
        killed(CrashCase.Point.BETWEEN_STEPS, 1);
        killed(kill.point(), kill.recoveryDelaysMicros().size());
      }
      default -> {
        // No kill at this step, or one that lands while the step is in flight (handled there).
      }
    }
  }

  private void deliverAndKill(ScenarioStep.Deliver deliver, long delayNanos) {
    InFlight fate = receiver.deliverAndKill(deliver.number(), deliver.envelope(), delayNanos);
    inFlight.merge(fate, 1, Integer::sum);
    if (fate == InFlight.ANSWERED) {
      acknowledged++;
      return;
    }
    // The provider saw no 2xx: it retries the delivery, with the step's storage fault if any.
    String first =
        fate == InFlight.REFUSED ? receiver.lastRefusal() : "no answer (killed in flight)";
    boolean acked = receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport());
    settle(deliver, acked, List.of(first));
  }

  /**
   * Applies {@link RefusalRule} to the last answer to a delivery: an acknowledgement is counted,
   * the expected refusal of an injected storage fault is left to the scenario, and any other
   * refusal is retried as a provider retries it, up to the horizon; a delivery that no retry got
   * acknowledged is lost, and the finding lists every refusal it met.
   *
   * @param before refusals the delivery met before the answer judged here
   */
  private void settle(ScenarioStep.Deliver deliver, boolean acked, List<String> before) {
    RefusalRule.Answer answer = RefusalRule.judge(acked, deliver.transport().storageFault());
    if (answer == RefusalRule.Answer.ACKNOWLEDGED) {
      acknowledged++;
      return;
    }
    if (answer == RefusalRule.Answer.EXPECTED_REFUSAL) {
      return;
    }
    List<String> refusals = new ArrayList<>(before);
    refusals.add(receiver.lastRefusal());
    for (int retry = 0; retry < retries; retry++) {
      if (receiver.deliver(deliver.number(), deliver.envelope(), Transport.PLAIN)) {
        acknowledged++;
        return;
      }
      refusals.add(receiver.lastRefusal());
    }
    lost.add(
        new Found(
            Problem.DELIVERY_LOST,
            RefusalRule.lost(
                deliver.number(), deliver.envelope().eventId().orElse("no event id"), refusals)));
  }

  private void killed(CrashCase.Point point, int times) {
    if (times > 0) {
      kills.merge(point, times, Integer::sum);
    }
  }

  /** What the receiver holds after the scenario, against what it acknowledged. */
  private static List<Found> check(Scenario scenario, KillableReceiver receiver) {
    ReceiverView stored = receiver.view();
    List<Found> found = new ArrayList<>();
    if (receiver.pending() > 0) {
      found.add(
          new Found(
              Problem.ACKNOWLEDGED_LOST,
              "the receiver answered the settle and still lists "
                  + receiver.pending()
                  + " acknowledged deliveries as pending, not decided"));
    }
    receiver.losses().forEach(loss -> found.add(new Found(Problem.AUDIT_SHRANK, loss)));
    stored.audit().stream()
        .filter(AuditEntry.DeliveryRecorded.class::isInstance)
        .map(entry -> ((AuditEntry.DeliveryRecorded) entry).envelope())
        .collect(Collectors.groupingBy(Envelope::content, Collectors.counting()))
        .forEach(
            (content, entries) -> {
              // More decisions of one content than it was ever sent: one was decided twice, even
              // under an arrival number of its own (a worker that queued it again).
              if (entries > receiver.sends(content)) {
                found.add(
                    new Found(
                        Problem.DECIDED_TWICE,
                        "the audit has "
                            + entries
                            + " delivery entries for a content sent "
                            + receiver.sends(content)
                            + " times: "
                            + content.canonicalText()));
              }
            });
    for (KillableReceiver.Acknowledged ack : receiver.acknowledged()) {
      List<AuditEntry.DeliveryRecorded> recorded =
          stored.audit().stream()
              .filter(entry -> entry instanceof AuditEntry.DeliveryRecorded)
              .map(AuditEntry.DeliveryRecorded.class::cast)
              .filter(entry -> entry.step() == ack.step())
              .toList();
      if (recorded.isEmpty()) {
        found.add(
            new Found(
                Problem.ACKNOWLEDGED_LOST,
                "step "
                    + ack.step()
                    + " was acknowledged"
                    + (ack.decision() == null ? "" : " (" + ack.decision().describe() + ")")
                    + (receiver.acknowledgesOnAcceptance()
                        ? " (accepted, to be decided later) and was never decided: after the"
                            + " kills and a settle it is not in the audit: "
                        : " and is not in the audit after the kills: ")
                    + ack.envelope().text()));
      } else if (ack.decision() != null
          && recorded.stream()
              .noneMatch(entry -> Objects.equals(entry.decision(), ack.decision()))) {
        found.add(
            new Found(
                Problem.ACKNOWLEDGED_CHANGED,
                "step "
                    + ack.step()
                    + " was acknowledged "
                    + ack.decision().describe()
                    + ", the audit records "
                    + recorded.get(recorded.size() - 1).decision().describe()));
      }
    }
    AuditReplay.Authorities authorities = AuditReplay.Authorities.of(scenario.steps());
    (receiver.acknowledgesOnAcceptance()
            ? AuditReplay.checkDecidedLater(scenario.setup(), stored, authorities)
            : AuditReplay.check(scenario.setup(), stored, authorities))
        .forEach(line -> found.add(new Found(Problem.REPLAY_DIFFERS, line)));
    return found;
  }
}
