package io.inboxcheck.suite;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.check.OrderIndependent;
import io.inboxcheck.check.Violation;
import io.inboxcheck.engine.TestContext;
import io.inboxcheck.engine.Verdict;
import io.inboxcheck.generate.OrderCase;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.HistoryStep;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The whole-run check of ORDER_INDEPENDENT for one generated pair of arrival orders. */
final class OrderIndependence {
  private OrderIndependence() {}

  static Verdict check(
      OrderCase orderCase,
      Function<ReceiverSetup, Receiver> receivers,
      TestContext context,
      Set<Invariant> invariants) {
    context.label("order:" + orderCase.kind().name().toLowerCase());
    if (orderCase.permuted()) {
      context.label("order:permuted");
    }
    if (orderCase.original().name().contains("duplicates")) {
      context.label("order:with_duplicates");
    }
    CheckedRun.Result first =
        CheckedRun.run(orderCase.original(), receivers, CheckedRun.Checks.INVARIANTS, invariants);
    CheckedRun.Result second =
        CheckedRun.run(orderCase.reordered(), receivers, CheckedRun.Checks.INVARIANTS, invariants);
    for (CheckedRun.Result result : new CheckedRun.Result[] {first, second}) {
      context.count("steps", result.history().steps().size());
      result
          .exercised()
          .forEach((invariant, count) -> context.count("exercised:" + invariant, count));
      if (result.violation().isPresent()) {
        return ReceiverProperties.verdict(result);
      }
      if (result.thrown().isPresent()) {
        // RECEIVER_ANSWERS is not among the checks; a run cut short has no final cards to compare.
        return Verdict.pass();
      }
      if (hasConflict(result)) {
        context.label("order:with_conflicts");
      }
    }
    if (!invariants.contains(Invariant.ORDER_INDEPENDENT)) {
      return Verdict.pass();
    }
    OrderIndependent prediction =
        OrderIndependent.predicting(orderCase.expected(), orderCase.kind().toString());
    for (CheckedRun.Result result : new CheckedRun.Result[] {first, second}) {
      Optional<Violation> broken = prediction.check(result.history().finalCards());
      if (broken.isPresent()) {
        String order = result == first ? "first order" : "second order";
        return Verdict.fail(
            broken.get().signature(),
            broken.get().describe() + " (" + orderCase.kind() + ", " + order + ")");
      }
    }
    return Verdict.pass();
  }

  /**
   * Whether the case held a conflict, by the reference model's decisions over the same steps: the
   * label is about the generated case, and a receiver need not show its decisions.
   */
  private static boolean hasConflict(CheckedRun.Result result) {
    for (HistoryStep step : result.referenceHistory().steps()) {
      if (step.detail() instanceof HistoryStep.Delivered delivered
          && delivered.decision() != null
          && delivered.decision().kind() == DecisionKind.HELD
          && delivered.decision().reason().resolvedByAuthority()) {
        return true;
      }
    }
    return false;
  }
}
