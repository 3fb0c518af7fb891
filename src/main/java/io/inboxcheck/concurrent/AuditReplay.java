package io.inboxcheck.concurrent;

import io.inboxcheck.check.AuditDifference;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Replays the inputs a store's own audit records, in the audit's order, through the reference model
 * and compares: every decision, every audit entry (resolutions, re-evaluations and pruning
 * included), and the final cards, held inputs, identity records and counters. A pure function from
 * a setup and a stored view to a list of problems, each a sentence; empty means the store holds
 * exactly what the model makes of its audit.
 *
 * <p>The audit's inputs are its delivery entries (the envelope as recorded), its authority entries
 * (one object each: the store reconciles one object per transaction; the authority's snapshot comes
 * from the caller, because the audit keeps the card after re-evaluation, not the snapshot) and the
 * receiver clock: every step moves it to its entries' time, which is when the model prunes, and a
 * pruned identity says the clock was checked there. Resolutions, re-evaluations and pruned
 * identities are outputs: the model must write the same ones at the same places.
 */
public final class AuditReplay {
  /** Audit differences reported before the rest are summarised; the first one explains most. */
  static final int MAX_REPORTED_DIFFERENCES = 5;

  private AuditReplay() {}

  /** The authority's snapshot of each object, by the step that reconciled it. */
  public interface Authorities {
    /** The snapshot of {@code objectId} sent at {@code step}, or null when none was sent. */
    AuthoritativeCard snapshot(int step, String objectId);

    /** The snapshots of every reconcile step of a scenario. */
    static Authorities of(List<ScenarioStep> steps) {
      Map<Integer, SortedMap<String, AuthoritativeCard>> byStep = new HashMap<>();
      for (ScenarioStep step : steps) {
        if (step instanceof ScenarioStep.Reconcile reconcile) {
          byStep.put(step.number(), reconcile.authority());
        }
      }
      return (step, objectId) -> {
        SortedMap<String, AuthoritativeCard> authority = byStep.get(step);
        return authority == null ? null : authority.get(objectId);
      };
    }
  }

  public static List<String> check(
      ReceiverSetup setup, ReceiverView stored, Authorities authorities) {
    return check(setup, stored.audit(), stored, authorities);
  }

  /**
   * The same check with the audit given in a serial order of its own, e.g. {@code stored}'s audit
   * regrouped one transaction at a time (SerialisabilityCheck): {@code serial} is replayed and must
   * equal the model's audit entry for entry; the rest of {@code stored} is compared as above.
   */
  public static List<String> check(
      ReceiverSetup setup, List<AuditEntry> serial, ReceiverView stored, Authorities authorities) {
    List<String> problems = new ArrayList<>();
    ModelReceiver model = new ModelReceiver(setup);
    Integer previousStep = null;
    for (AuditEntry entry : serial) {
      boolean newStep = previousStep == null || previousStep != entry.step();
      if (newStep
          || entry instanceof AuditEntry.IdentityPruned
          || entry.at().isAfter(model.view().clock())) {
        // The receiver moves its clock once per step, before deciding; a pruned identity shows
        // the clock was checked there even if nothing else in the step reached the audit. A
        // delivery decided later than it was accepted (SPEC section 3.6) is decided at the clock
        // its entry carries, which a later step may have moved.
        model.advanceClock(entry.step(), later(model.view().clock(), entry.at()));
      }
      feed(model, entry, authorities, problems);
      previousStep = entry.step();
    }
    ReceiverView expected = model.view();
    sameAudit(expected.audit(), serial, problems);
    FinalStates.compare(expected, stored, problems);
    if (!identitySummary(expected).equals(identitySummary(stored))) {
      problems.add(
          "identity records (event_id@step first decision, variants' steps): expected "
              + identitySummary(expected)
              + "; observed "
              + identitySummary(stored));
    }
    return problems;
  }

  private static void feed(
      ModelReceiver model, AuditEntry entry, Authorities authorities, List<String> problems) {
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      DeliveryResult result = model.deliver(entry.step(), delivery.envelope(), Transport.PLAIN);
      if (!Objects.equals(result.decision(), delivery.decision())) {
        problems.add(
            FinalStates.decisionDiffers(
                entry.step(),
                delivery.envelope(),
                delivery.decision(),
                result.decision(),
                "the model replaying the audit"));
      }
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      AuthoritativeCard snapshot = authorities.snapshot(entry.step(), authority.objectId());
      if (snapshot == null) {
        // A receiver that lost or renumbered its steps (after a kill, say) may audit an authority
        // that was never sent there: that is the receiver's fault to report, not the replay's.
        problems.add(
            "step "
                + entry.step()
                + ": the audit records an authority for "
                + authority.objectId()
                + ", but none was sent for it at that step");
        return;
      }
      TreeMap<String, AuthoritativeCard> one = new TreeMap<>();
      one.put(authority.objectId(), snapshot);
      model.reconcile(entry.step(), one);
    }
    // Resolutions, re-evaluations and pruned identities are outputs of the entries before them.
  }

  private static Instant later(Instant clock, Instant at) {
    return at.isAfter(clock) ? at : clock;
  }

  private static void sameAudit(
      List<AuditEntry> expected, List<AuditEntry> stored, List<String> problems) {
    int differences = 0;
    for (int index = 0; index < Math.max(expected.size(), stored.size()); index++) {
      AuditEntry wanted = index < expected.size() ? expected.get(index) : null;
      AuditEntry found = index < stored.size() ? stored.get(index) : null;
      if (Objects.equals(wanted, found)) {
        continue;
      }
      differences++;
      if (differences <= MAX_REPORTED_DIFFERENCES) {
        problems.add(new AuditDifference(index + 1, wanted, found).describe());
      }
    }
    if (differences > MAX_REPORTED_DIFFERENCES) {
      problems.add(
          "audit: " + (differences - MAX_REPORTED_DIFFERENCES) + " more entries differ as well");
    }
  }

  private static List<String> identitySummary(ReceiverView view) {
    return view.identities().stream()
        .map(
            record ->
                record.eventId()
                    + "@"
                    + record.firstRecord().step()
                    + " "
                    + record.firstRecord().latestDecision().describe()
                    + " variants "
                    + record.variants().stream().map(RecordedContent::step).toList())
        .sorted()
        .toList();
  }
}
