package io.inboxcheck.concurrent;

import io.inboxcheck.check.Violation;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Runs a scenario against a receiver that acknowledges on acceptance (SPEC section 3.6), letting
 * deliveries queue and settling it only after the steps the scenario lists, and judges it as
 * docs/receiver-protocol.md says ("Receivers that acknowledge on acceptance"). Between settles a
 * view must keep every acknowledged delivery pending or decided and every audit entry it showed;
 * after a settle nothing is pending, every acknowledged delivery has exactly one delivery entry,
 * the audit replayed in its own order through the model gives what it lists and what the view holds
 * ({@link AuditReplay}), and the view keeps the invariants a state can show ({@link
 * FinalViewInvariants}). The run stops at the first step or settle that finds a problem.
 */
public final class SettledRun {
  private SettledRun() {}

  /** What one problem is, for the shrinker: a smaller case must fail the same way. */
  public enum Problem {
    REFUSED("accepting every delivery with nothing injected"),
    LOST("every acknowledged delivery pending or decided"),
    DECIDED_TWICE("one decision for each acknowledged delivery"),
    AUDIT_CHANGED("every audit entry it showed, unchanged"),
    NOT_SETTLED("nothing pending once it answered a settle"),
    NOT_THE_MODELS("the model's decisions and view for its own audit's order"),
    INVARIANT("every invariant on the view after a settle"),
    RECEIVER_FAILED("answering every request as the protocol says");

    private final String expectation;

    Problem(String expectation) {
      this.expectation = expectation;
    }

    /** What a receiver that keeps the policy keeps, where this problem shows it did not. */
    public String expectation() {
      return expectation;
    }
  }

  /** One problem, in one line, found after {@code step} (its settle, when {@code settled}). */
  public record Found(Problem problem, int step, boolean settled, String line) {}

  /**
   * What a run found and what it exercised: how many settles, the most deliveries pending at one,
   * and whether the receiver decided a delivery sent later before one sent earlier.
   */
  public record Result(
      List<Found> found, int settles, int mostPendingAtSettle, boolean decidedOutOfArrivalOrder) {
    public Result {
      found = List.copyOf(found);
    }

    public boolean passed() {
      return found.isEmpty();
    }

    /** The kind of the first problem, which a shrunk case must keep. */
    public String signature() {
      return found.isEmpty() ? "" : found.get(0).problem().name();
    }
  }

  /** Runs {@code scenario} against {@code receiver}, made for the scenario's setup. */
  public static Result run(Scenario scenario, Receiver receiver) {
    receiver.deferDecisions();
    Tally tally = new Tally();
    int step = 0;
    try {
      for (ScenarioStep each : scenario.steps()) {
        step = each.number();
        if (!run(scenario, each, receiver, tally)) {
          break;
        }
      }
    } catch (RuntimeException failure) {
      // A receiver that stops answering, or answers what is not the protocol (a finding in one
      // line, e.g. an arrival decided twice), is a finding of this run too.
      tally.found.add(
          new Found(
              Problem.RECEIVER_FAILED,
              step,
              false,
              "at step " + step + ": " + String.valueOf(failure.getMessage())));
    }
    return new Result(tally.found, tally.settles, tally.mostPending, tally.outOfOrder);
  }

  /** One step, the view after it and the settle after it when due; false once a problem shows. */
  private static boolean run(Scenario scenario, ScenarioStep step, Receiver receiver, Tally tally) {
    if (step.time() != null) {
      receiver.advanceClock(step.number(), step.time());
    }
    if (step instanceof ScenarioStep.Deliver deliver) {
      DeliveryResult answer =
          receiver.deliver(deliver.number(), deliver.envelope(), deliver.transport());
      if (answer.ack() == Ack.ACK) {
        tally.acknowledged.add(deliver.number());
        tally.acknowledgedContents.merge(deliver.envelope().content(), 1, Integer::sum);
      } else if (!deliver.transport().storageFault()) {
        tally.found.add(
            new Found(
                Problem.REFUSED,
                step.number(),
                false,
                "step "
                    + step.number()
                    + ": NO_ACK with nothing injected; accepting a delivery durably needs no"
                    + " decision, so nothing should refuse it"));
        return false;
      }
    } else if (step instanceof ScenarioStep.Reconcile reconcile) {
      receiver.reconcile(reconcile.number(), reconcile.authority());
    }
    tally.between(step.number(), receiver);
    if (tally.found.isEmpty() && scenario.settlesAfter(step.number())) {
      tally.pendingAtSettle(receiver.pendingSteps().size());
      receiver.settle();
      tally.settled(scenario, step.number(), receiver);
    }
    return tally.found.isEmpty();
  }

  /** What the run has seen so far. */
  private static final class Tally {
    final Set<Integer> acknowledged = new TreeSet<>();
    final Map<JsonValue, Integer> acknowledgedContents = new HashMap<>();
    final List<Found> found = new ArrayList<>();
    List<AuditEntry> shown = List.of();
    int settles;
    int mostPending;
    boolean outOfOrder;

    void pendingAtSettle(int pending) {
      settles++;
      mostPending = Math.max(mostPending, pending);
    }

    /** What must hold at any moment: nothing acknowledged vanished, the audit only grew. */
    void between(int step, Receiver receiver) {
      ReceiverView view = RecordedView.of(receiver.view());
      Set<Integer> pending = receiver.pendingSteps();
      auditGrew(step, view.audit());
      Map<Integer, Integer> decided = decidedBySteps(view.audit());
      for (int acked : acknowledged) {
        if (!decided.containsKey(acked) && !pending.contains(acked)) {
          found.add(
              new Found(
                  Problem.LOST,
                  step,
                  false,
                  "after step "
                      + step
                      + ": step "
                      + acked
                      + " was acknowledged, and the receiver lists it neither as pending nor"
                      + " among its decisions"));
        }
      }
    }

    void settled(Scenario scenario, int step, Receiver receiver) {
      ReceiverView view = RecordedView.of(receiver.view());
      Set<Integer> pending = receiver.pendingSteps();
      String after = "after the settle following step " + step + ": ";
      if (!pending.isEmpty()) {
        found.add(
            new Found(
                Problem.NOT_SETTLED,
                step,
                true,
                after + "the settle was answered while steps " + pending + " were still pending"));
        return;
      }
      decidedBySteps(view.audit())
          .forEach(
              (decidedStep, times) -> {
                if (times > 1 && acknowledged.contains(decidedStep)) {
                  found.add(
                      new Found(
                          Problem.DECIDED_TWICE,
                          step,
                          true,
                          after
                              + "step "
                              + decidedStep
                              + " was acknowledged once and has "
                              + times
                              + " delivery entries in the audit"));
                }
              });
      moreEntriesThanAcknowledgements(step, view.audit());
      between(step, receiver);
      outOfOrder |= outOfArrivalOrder(view.audit());
      for (String line :
          AuditReplay.checkDecidedLater(
              scenario.setup(), view, AuditReplay.Authorities.of(scenario.steps()))) {
        found.add(new Found(Problem.NOT_THE_MODELS, step, true, after + line));
      }
      for (Violation violation : FinalViewInvariants.check(scenario.setup(), view.audit(), view)) {
        found.add(new Found(Problem.INVARIANT, step, true, after + violation.describe()));
      }
    }

    /**
     * A content decided more often than it was acknowledged was decided twice, whatever arrival the
     * receiver gave the second decision (a worker that queued it again).
     */
    private void moreEntriesThanAcknowledgements(int step, List<AuditEntry> audit) {
      Map<JsonValue, List<Integer>> entries = new HashMap<>();
      for (AuditEntry entry : audit) {
        if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
          entries
              .computeIfAbsent(delivery.envelope().content(), content -> new ArrayList<>())
              .add(delivery.step());
        }
      }
      entries.forEach(
          (content, steps) -> {
            int acked = acknowledgedContents.getOrDefault(content, 0);
            if (steps.size() > acked) {
              found.add(
                  new Found(
                      Problem.DECIDED_TWICE,
                      step,
                      true,
                      "after the settle following step "
                          + step
                          + ": the audit has "
                          + steps.size()
                          + " delivery entries (steps "
                          + steps
                          + ") for a content acknowledged "
                          + acked
                          + " times"));
            }
          });
    }

    private void auditGrew(int step, List<AuditEntry> audit) {
      for (int index = 0; index < shown.size(); index++) {
        if (index >= audit.size() || !shown.get(index).equals(audit.get(index))) {
          found.add(
              new Found(
                  Problem.AUDIT_CHANGED,
                  step,
                  false,
                  "after step "
                      + step
                      + ": audit entry "
                      + (index + 1)
                      + (index >= audit.size() ? " is gone" : " changed")
                      + "; the audit is append-only"));
          return;
        }
      }
      shown = List.copyOf(audit);
    }
  }

  /** How many delivery entries the audit holds for each step. */
  private static Map<Integer, Integer> decidedBySteps(List<AuditEntry> audit) {
    Map<Integer, Integer> bySteps = new HashMap<>();
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        bySteps.merge(delivery.step(), 1, Integer::sum);
      }
    }
    return bySteps;
  }

  /** Whether the audit decided a delivery sent later before one sent earlier. */
  public static boolean outOfArrivalOrder(List<AuditEntry> audit) {
    int previous = 0;
    for (AuditEntry entry : audit) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        if (delivery.step() < previous) {
          return true;
        }
        previous = delivery.step();
      }
    }
    return false;
  }
}
