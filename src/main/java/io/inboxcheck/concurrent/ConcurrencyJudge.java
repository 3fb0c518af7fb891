package io.inboxcheck.concurrent;

import io.inboxcheck.check.RefusalRule;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Observable;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Judges a concurrent run against the model, a pure function of what was sent, answered and shown.
 * A run of deliveries to a receiver whose audit names the step of each delivery is judged by
 * replaying the audit order through the model ({@link SerialisabilityCheck}); any other run by
 * searching the serial orders of each round ({@link SerialWindows}), which is also how a run with
 * reconciliations and clock moves is judged: a store keeps a clock per connection and writes a
 * reconciliation as one transaction per object, so its audit order is no order of the requests.
 * Either way a NO_ACK is a finding: nothing is injected in a concurrent run, so a refusal can only
 * come from the requests in flight beside it (a unique violation, a deadlock, a serialization
 * failure), and a provider that resends while the first copy is handled meets it every time.
 */
public final class ConcurrencyJudge {
  private ConcurrencyJudge() {}

  /**
   * What the run showed: how it was judged, the problems (empty when it passed), the orders the
   * search tried (0 for the audit replay) and the bound it reached, if any.
   */
  public record Verdict(
      String judgedBy,
      List<String> problems,
      InFlightCoverage coverage,
      long ordersTried,
      Optional<String> boundReached) {

    /**
     * Nothing failed and the search was not cut short. A coverage shortfall does not count here:
     * which requests overlap is partly the scheduler's, so a run that missed a race found nothing
     * rather than something wrong, and {@link CasesUntilCovered} says how weak it was.
     */
    public boolean passed() {
      return problems.isEmpty() && boundReached.isEmpty();
    }

    /**
     * What kind of failure this is, for the shrinker, which keeps a smaller case only when it fails
     * the same way: a refusal, a decision the model's audit order does not give, or no serial order
     * explaining the run (giving a round's answers or ending in the view); empty when nothing
     * failed.
     */
    public String signature() {
      if (problems.isEmpty()) {
        return "";
      }
      String first = problems.get(0);
      if (first.contains(": NO_ACK with nothing injected")) {
        return "NO_ACK under contention";
      }
      if (judgedBy.startsWith("the audit order")) {
        return "not the model's in audit order";
      }
      // One signature for both: whether a race shows in a round's answers or only in the view it
      // leaves is the scheduler's, so a shrunk case may show the same mistake either way.
      return "no serial order explains the run";
    }
  }

  public static Verdict judge(
      ReceiverSetup setup,
      ConcurrentReceiver receiver,
      List<Request> requests,
      ReceiverView stored,
      int concurrency) {
    return judge(setup, receiver, ConcurrentRun.Recorded.deliveries(requests), stored, concurrency);
  }

  /** The verdict on a run whose rounds may hold reconciliations and clock moves. */
  public static Verdict judge(
      ReceiverSetup setup,
      ConcurrentReceiver receiver,
      ConcurrentRun.Recorded run,
      ReceiverView stored,
      int concurrency) {
    List<Request> requests = run.requests();
    List<String> problems = new ArrayList<>(refusals(requests));
    InFlightCoverage coverage = InFlightCoverage.of(run, concurrency, setup.retention());
    Set<Observable> shows = receiver.shows();
    if (receiver.auditNamesSteps() && run.controls().isEmpty()) {
      problems.addAll(SerialisabilityCheck.check(setup, asSent(requests, stored), stored));
      return new Verdict(
          "the audit order replayed through the model", problems, coverage, 0, Optional.empty());
    }
    SerialWindows.Result search = SerialWindows.check(setup, run, stored, shows);
    problems.addAll(search.problems());
    return new Verdict(
        "searching the serial orders of each round (bounded: "
            + SerialWindows.MAX_ORDERS
            + " orders, "
            + SerialWindows.MAX_STATES
            + " states per round)",
        problems,
        coverage,
        search.ordersTried(),
        Optional.ofNullable(search.boundReached()));
  }

  /** Every NO_ACK, with what the receiver said about it. */
  static List<String> refusals(List<Request> requests) {
    List<String> refusals = new ArrayList<>();
    for (Request request : requests) {
      // Nothing is injected in a concurrent run, so every refusal is an unexpected one.
      if (RefusalRule.judge(request.acknowledged(), false)
          == RefusalRule.Answer.UNEXPECTED_REFUSAL) {
        refusals.add(
            "step "
                + request.step()
                + " ("
                + request.eventId()
                + "): "
                + RefusalRule.refusedWithNothingInjected(
                    "while other requests were in flight: "
                        + request.whyNotAcknowledged().orElse("the receiver does not say why")
                        + "; a copy in flight must be recorded, not refused"));
      }
    }
    return refusals;
  }

  /**
   * The requests as the audit replay takes them. A NO_ACK whose step the audit records has an
   * unknown outcome (indeterminate, e.g. COMMIT sent and no answer): it took part with the decision
   * recorded. A NO_ACK the audit does not record did not take part.
   */
  private static List<SerialisabilityCheck.Sent> asSent(
      List<Request> requests, ReceiverView stored) {
    List<SerialisabilityCheck.Sent> sent = new ArrayList<>();
    for (Request request : requests) {
      DeliveryResult answer = request.answer();
      if (answer.ack() == Ack.NO_ACK) {
        Optional<AuditEntry.DeliveryRecorded> recorded =
            stored.audit().stream()
                .filter(AuditEntry.DeliveryRecorded.class::isInstance)
                .map(AuditEntry.DeliveryRecorded.class::cast)
                .filter(entry -> entry.step() == request.step())
                .findFirst();
        if (recorded.isPresent()) {
          answer = DeliveryResult.recorded(recorded.get().decision());
        }
      }
      sent.add(new SerialisabilityCheck.Sent(request.step(), request.envelope(), answer));
    }
    return sent;
  }
}
