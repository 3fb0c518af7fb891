package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.Reconciler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Judges one object of a recorded reconciliation. The plain {@link Reconciler} decides it when the
 * authority's snapshot is known (given, or implied by a record no re-evaluation replaced) and no
 * input held before the log can be among those the authority re-evaluates first; its result is
 * compared with what the receiver recorded: the outcome, the card after, which held inputs were
 * resolved and how each re-evaluated one was decided. What the receiver recorded then stands.
 */
final class ReconcileJudge {
  private final Knowledge knowledge;
  private final Tally tally;

  ReconcileJudge(Knowledge knowledge, Tally tally) {
    this.knowledge = knowledge;
    this.tally = tally;
  }

  void judge(ObjectStep object, int step) {
    tally.step("reconcile");
    String objectId = object.objectId();
    ObjectStep.Recorded recorded = object.recorded();
    if (recorded == null && object.resultsRecorded()) {
      diverges(
          object,
          Facts.of("reconciliation", "an outcome for " + objectId),
          Facts.of("reconciliation", "none recorded"));
    }
    if (object.unlisted()) {
      adopt(recorded);
      diverges(
          object,
          Facts.of("reconciliation", objectId + " untouched: the authority did not list it"),
          Facts.of("reconciliation", recorded.describe()));
      return;
    }
    AuthoritativeCard snapshot =
        object.snapshot() != null
            ? object.snapshot()
            : recorded == null ? null : recorded.impliedSnapshot();
    if (snapshot != null && !knowledge.heldMayBeUnseen(objectId)) {
      judgeKnown(object, snapshot, step);
    } else if (recorded != null) {
      adopt(recorded);
      tally.unjudged(
          new Unjudged(
              object.position(),
              "reconcile",
              snapshot == null
                  ? Unjudged.Reason.AUTHORITY_NOT_RECORDED
                  : Unjudged.Reason.HELD_BEFORE_LOG,
              objectId,
              ""));
    } else {
      // The authority's card, then re-evaluations of inputs the log never showed: only that the
      // card exists is left known, and what became of the inputs held for it that were seen.
      knowledge.learn(objectId, CardFacts.EXISTS);
      knowledge.forgetHeldOf(objectId);
      tally.input("reconcile");
    }
  }

  private void judgeKnown(ObjectStep object, AuthoritativeCard snapshot, int step) {
    String objectId = object.objectId();
    boolean beforeKnown = knowledge.modelKnowsCard(objectId);
    Timing timing = knowledge.timing();
    long started = timing == null ? 0 : System.nanoTime();
    ObjectReconciliation model = Reconciler.reconcile(knowledge.model(), objectId, snapshot);
    if (timing != null) {
      timing.model(System.nanoTime() - started);
    }
    ObjectStep.Recorded recorded = object.recorded();
    if (recorded == null) {
      commit(model, step);
      tally.input("reconcile");
      return;
    }
    // A record without "regressed" says nothing of it: judged by the rest, not as false.
    boolean regressedKnown = recorded.authority().regressed() != null;
    List<String> expected = describe(model, beforeKnown, regressedKnown);
    List<String> observed = describe(recorded, beforeKnown);
    if (expected.equals(observed)) {
      commit(model, step);
      tally.agrees("reconcile");
    } else {
      adopt(recorded);
      diverges(object, Facts.of("reconciliation", expected), Facts.of("reconciliation", observed));
    }
  }

  private void commit(ObjectReconciliation model, int step) {
    knowledge.apply(model.effects(step, knowledge.clock()));
    knowledge.learn(model.objectId(), CardFacts.of(model.cardAfter()));
    if (!model.cardAfter().paused()) {
      knowledge.heldSettled(model.objectId());
    }
  }

  /**
   * Takes the receiver's record as what happened: the card after, the resolutions and the
   * re-evaluations of the held inputs conform knows (others came before the log).
   */
  private void adopt(ObjectStep.Recorded recorded) {
    List<Effects.HeldChange> held = new ArrayList<>();
    for (LogLine.Resolution resolution : recorded.resolutions()) {
      HeldInput input = heldAt(resolution.arrival());
      if (input != null) {
        held.add(new Effects.HeldChange.ResolvedByAuthority(input));
      }
    }
    for (LogLine.Reevaluation reevaluation : recorded.reevaluations()) {
      HeldInput input = heldAt(reevaluation.arrival());
      if (input != null) {
        held.add(new Effects.HeldChange.Reevaluated(input, reevaluation.decision()));
      }
    }
    knowledge.apply(new Effects(Effects.IdentityChange.NONE, List.of(), held, List.of()));
    Card after = recorded.authority().after();
    knowledge.learn(recorded.authority().objectId(), CardFacts.of(after));
    if (!after.paused()) {
      knowledge.heldSettled(recorded.authority().objectId());
    }
  }

  private HeldInput heldAt(int arrival) {
    if (!knowledge.model().isHeld(arrival)) {
      return null;
    }
    for (HeldInput input : knowledge.model().held()) {
      if (input.step() == arrival) {
        return input;
      }
    }
    return null;
  }

  /**
   * The model's result in the words of a record; the outcome only when the card before is known,
   * since it compares with it.
   */
  private static List<String> describe(
      ObjectReconciliation model, boolean beforeKnown, boolean regressedKnown) {
    List<String> facts = new ArrayList<>();
    if (beforeKnown) {
      facts.add(model.outcome() + (regressedKnown && model.regressed() ? " (regressed)" : ""));
    }
    facts.add("after " + Facts.render(model.cardAfter()));
    model.resolved().forEach(input -> facts.add("resolved " + input.step() + ":" + input.reason()));
    for (ObjectReconciliation.Reevaluation reevaluation : model.reevaluated()) {
      facts.add(
          "re-evaluated " + reevaluation.input().step() + ":" + reevaluation.decision().describe());
    }
    return facts;
  }

  private static List<String> describe(ObjectStep.Recorded recorded, boolean beforeKnown) {
    List<String> facts = new ArrayList<>(recorded.describe());
    if (!beforeKnown) {
      facts.remove(0);
    }
    return facts;
  }

  /**
   * A divergence of one object; it keeps the authority's snapshot of the object as a reconcile line
   * when the snapshot is known, so a scenario can replay it.
   */
  private void diverges(ObjectStep object, Facts model, Facts recorded) {
    AuthoritativeCard snapshot =
        object.snapshot() != null
            ? object.snapshot()
            : object.recorded() == null ? null : object.recorded().impliedSnapshot();
    LogLine line =
        snapshot == null
            ? null
            : new LogLine.Reconcile(
                object.position(), object.at(), new TreeMap<>(Map.of(object.objectId(), snapshot)));
    tally.diverges(
        new Divergence(
            object.position(), "reconciliation", object.objectId(), model, recorded, line));
  }
}
