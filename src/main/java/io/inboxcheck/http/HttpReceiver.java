package io.inboxcheck.http;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.ReplayableReceiver;
import io.inboxcheck.receiver.Transport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * A receiver reached over HTTP with inboxcheck-receiver-protocol/1 (docs/receiver-protocol.md),
 * serving one scenario: created by resetting the receiver to the scenario's setup. A delivery is a
 * real webhook request; everything else goes through the receiver's control API. What the receiver
 * reports is mapped back onto steps by {@link ViewMapping}, from what this adapter sent.
 *
 * <p>Every invariant is judged on the view after a step. A receiver that declares views in answers
 * (docs/receiver-protocol.md, "Views in answers (optional)") sends it with every 2xx answer, and
 * the view of the last answer stands in for {@code GET view} while it is certainly current: its
 * request was the last one sent and no other overlapped it ({@link ReceiverClient#isLatest}).
 * Otherwise (a refused delivery, copies in flight under {@code check --concurrency}) the view is
 * read with {@code GET view}, as for any receiver.
 */
public final class HttpReceiver implements ConcurrentReceiver, ReplayableReceiver {
  /** The receiver protocol this harness speaks, e.g. for {@code inboxcheck --version}. */
  public static final String PROTOCOL = ProtocolValues.PROTOCOL;

  private final ReceiverClient client;
  private final String choice;
  private final ReceiverSetup setup;
  private final boolean viewsInAnswers;
  private final boolean acknowledgesOnAcceptance;
  // Settles after every delivery until told otherwise, so a receiver that decides later is judged,
  // step by step, as one that decides before it answers.
  private boolean settlesEachDelivery = true;
  private final List<ViewMapping.Sent> sent = new ArrayList<>();
  private final List<Integer> auditSteps = new ArrayList<>();
  private final Map<JsonValue, Integer> sendsOfContent = new HashMap<>();
  private Integer pendingStep;
  private int lastStep;
  private Instant clock;
  // Whether an authority was applied since the last clock request: it may resolve a held input
  // whose record's window has ended, which the next clock request then prunes (SPEC section 5).
  private boolean reconciledSinceClock;
  private ViewMapping.Mapped mapped;
  private AnsweredView answered;

  /** The view an answer carried; {@code what} names it for findings. */
  private record AnsweredView(ReceiverClient.Answer answer, JsonObject view, String what) {}

  HttpReceiver(ReceiverClient client, String choice, ReceiverSetup setup) {
    this.client = client;
    this.choice = choice;
    this.setup = setup;
    this.clock = setup.start();
    String what = "reset to the scenario's setup";
    ReceiverClient.Answer answer =
        client.control("reset", ProtocolValues.resetRequest(setup), what);
    JsonObject document = parse(answer.body(), what);
    protocolOf(document, what);
    this.viewsInAnswers = client.protocol(() -> ProtocolValues.viewsInAnswers(document), what);
    this.acknowledgesOnAcceptance =
        client.protocol(() -> ProtocolValues.acknowledgesOnAcceptance(document), what);
    remember(answer, document, what);
  }

  @Override
  public String name() {
    return choice;
  }

  @Override
  public String receiverChoice() {
    return choice;
  }

  /**
   * Moves the receiver's clock. A request that would leave the clock where it is and could prune
   * nothing is not sent: since the last clock request, with a retention above zero, every record
   * written was first received at this clock and its window has not ended, and only an authority
   * can resolve a held input and so let a record whose window ended go (SPEC section 5). Most
   * generated deliveries arrive at the clock of the step before, so this saves a request a step.
   */
  @Override
  public void advanceClock(int step, Instant time) {
    synchronized (this) {
      before(step);
      boolean mayPrune = reconciledSinceClock || setup.retention().isZero();
      if (time.equals(clock) && !mayPrune) {
        return;
      }
    }
    String what = "moving the clock to " + time + " (step " + step + ")";
    // Sent outside the lock, as a delivery is: under check --concurrency deliveries race it.
    ReceiverClient.Answer answer = client.control("clock", ProtocolValues.clockRequest(time), what);
    synchronized (this) {
      mapped = null;
      remember(answer, what);
      clock = time;
      reconciledSinceClock = false;
    }
  }

  /**
   * Sends one delivery. Several threads may deliver at once ({@code check --concurrency}): the
   * request itself is sent outside the lock, so copies are really in flight together; only the
   * bookkeeping of what was sent is one thread at a time.
   */
  @Override
  public DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    String what = "the delivery at step " + step;
    Map<String, String> headers;
    synchronized (this) {
      before(step);
      if (transport.storageFault()) {
        String arming = "arming the storage fault of step " + step;
        remember(client.control("fail-next-write", "{}", arming), arming);
      }
      headers = headers(envelope, transport);
    }
    ReceiverClient.Answer answer = client.deliver(envelope.text(), headers, what);
    JsonObject body;
    synchronized (this) {
      mapped = null; // a view read while this delivery was in flight may not show it
      sent.add(new ViewMapping.Sent(step, envelope, answer.successful()));
      if (!answer.successful()) {
        // Anything but 2xx is NO_ACK: the provider keeps the event and retries it.
        return DeliveryResult.NOT_DURABLE;
      }
      body = answer.body().isBlank() ? JsonObject.of(Map.of()) : parse(answer.body(), what);
      remember(answer, body, what);
      if (!acknowledgesOnAcceptance) {
        return new DeliveryResult(decisionOf(body, step, what), Ack.ACK);
      }
      if (!settlesEachDelivery) {
        return new DeliveryResult(null, Ack.ACK); // decided later: the audit will say how
      }
    }
    // Outside the lock, as the delivery itself: copies in flight at once settle at once.
    ReceiverClient.Answer settled = settle(step);
    synchronized (this) {
      // Its decision is read from the audit, which matches identical copies by their order: with
      // other requests in flight that order is not this delivery's, so it states none then.
      boolean alone = answer.startedAlone() && client.isLatest(settled);
      return new DeliveryResult(alone ? decisionOf(body, step, what) : null, Ack.ACK);
    }
  }

  @Override
  public boolean acknowledgesOnAcceptance() {
    return acknowledgesOnAcceptance;
  }

  @Override
  public synchronized void deferDecisions() {
    settlesEachDelivery = false;
  }

  @Override
  public void settle() {
    if (acknowledgesOnAcceptance) {
      settle(lastStep);
    }
  }

  @Override
  public synchronized Set<Integer> pendingSteps() {
    return current().pending();
  }

  /** {@code POST settle}: returns once the receiver decided everything it accepted. */
  private ReceiverClient.Answer settle(int step) {
    String what = "the settle at step " + step;
    ReceiverClient.Answer answer = client.control("settle", "{}", what);
    synchronized (this) {
      mapped = null;
      JsonObject body = parse(answer.body(), what);
      client.protocol(() -> ProtocolValues.settled(body), what);
      remember(answer, body, what);
    }
    return answer;
  }

  /**
   * The receiver's audit names arrivals, which {@link ViewMapping} matches to steps by content:
   * copies of one delivery in flight at once cannot be told apart, so its order is no order of the
   * steps.
   */
  @Override
  public boolean auditNamesSteps() {
    return false;
  }

  /** The webhook headers a provider sends beside the body (Standard Webhooks names). */
  private Map<String, String> headers(Envelope envelope, Transport transport) {
    int sends = sendsOfContent.merge(envelope.content(), 1, Integer::sum);
    Map<String, String> headers = new LinkedHashMap<>();
    ProtocolValues.webhookId(envelope).ifPresent(id -> headers.put("Webhook-Id", id));
    int attempt = transport.attempt() != null ? transport.attempt() : sends;
    headers.put("Webhook-Attempt", Integer.toString(attempt));
    headers.put("Webhook-Timestamp", Long.toString(clock.getEpochSecond()));
    return headers;
  }

  /** The decision the answer's body states, else the one the receiver's audit recorded. */
  private Decision decisionOf(JsonObject body, int step, String what) {
    if (body.get("decision").isPresent()) {
      return client.protocol(() -> ProtocolValues.decision(body, "$"), what);
    }
    List<AuditEntry> audit = view().audit();
    for (int index = audit.size() - 1; index >= 0; index--) {
      if (audit.get(index) instanceof AuditEntry.DeliveryRecorded delivery
          && delivery.step() == step) {
        return delivery.decision();
      }
    }
    return null; // acknowledged without a recorded decision: the invariants say so
  }

  /**
   * Sends one reconciliation outside the lock, as a delivery is, so under {@code check
   * --concurrency} deliveries really race it. Its answer names held inputs by arrival, mapped onto
   * steps by the view read after it; a delivery still in flight then has no step yet, and an input
   * of it the answer names keeps the step that first showed it, which the serial-order search does
   * not read (it compares each object's outcome).
   */
  @Override
  public List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    synchronized (this) {
      before(step);
      reconciledSinceClock = true;
    }
    String what = "the reconciliation at step " + step;
    ReceiverClient.Answer answer =
        client.control("reconcile", ProtocolValues.reconcileRequest(authority), what);
    synchronized (this) {
      mapped = null;
      JsonObject document = parse(answer.body(), what);
      remember(answer, document, what);
      ViewMapping.Arrivals arrivals = current().arrivals();
      return client.protocol(() -> ViewMapping.reconciliation(document, arrivals), what);
    }
  }

  @Override
  public synchronized ReceiverView view() {
    return current().view();
  }

  /**
   * Requests of a new step begin: what earlier requests wrote is attributed to their step first.
   */
  private void before(int step) {
    if (pendingStep != null && pendingStep != step) {
      current();
    }
    pendingStep = step;
    lastStep = step;
    mapped = null;
  }

  private ViewMapping.Mapped current() {
    if (mapped != null) {
      return mapped;
    }
    int writer = pendingStep != null ? pendingStep : lastStep;
    if (answered != null && client.isLatest(answered.answer())) {
      mapped = client.view(answered.view(), sent, auditSteps, writer, setup, answered.what());
    } else {
      mapped = client.view(sent, auditSteps, writer, setup);
    }
    pendingStep = null;
    return mapped;
  }

  /** Parses a 2xx control answer and keeps the view it carries, when the receiver sends views. */
  private void remember(ReceiverClient.Answer answer, String what) {
    if (viewsInAnswers) {
      remember(answer, parse(answer.body(), what), what);
    }
  }

  /**
   * Keeps the view a 2xx answer carries. A receiver that declared views in answers and sends one
   * without is a finding, as any answer that is not the protocol: a silent fallback to {@code GET
   * view} would hide that it does not keep its word.
   */
  private void remember(ReceiverClient.Answer answer, JsonObject body, String what) {
    if (viewsInAnswers) {
      JsonObject view = client.protocol(() -> ProtocolValues.answeredView(body), what);
      answered = new AnsweredView(answer, view, what + ", the view in its answer");
    }
  }

  private JsonObject parse(String body, String what) {
    return client.protocol(() -> ProtocolValues.document(body), what);
  }

  private String protocolOf(JsonObject answer, String what) {
    String protocol = client.protocol(() -> ProtocolValues.string(answer, "protocol", "$"), what);
    if (!ProtocolValues.PROTOCOL.equals(protocol)) {
      throw new ReceiverFailure(
          client.prefix(what)
              + "speaks "
              + protocol
              + "; inboxcheck speaks "
              + ProtocolValues.PROTOCOL);
    }
    return protocol;
  }
}
