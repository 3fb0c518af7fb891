package io.inboxcheck.http;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link KillableReceiver} sent in one scenario and what the receiver showed of it: every
 * delivery and whether it counts as acknowledged, the acknowledged ones with the decisions
 * answered, how many times each content was sent, the step each audit entry belongs to, the entries
 * a restart lost, and the last refusal. The receiver's view is mapped onto steps from it; a new
 * scenario starts a new ledger.
 */
final class CrashLedger {
  /** The most of a refusal's body shown in a finding: enough for the receiver's reason. */
  private static final int MAX_REFUSAL_BODY = 120;

  private final ReceiverSetup setup;
  private final List<ViewMapping.Sent> sent = new ArrayList<>();
  private final List<KillableReceiver.Acknowledged> acknowledged = new ArrayList<>();
  private final List<Integer> auditSteps = new ArrayList<>();
  private final List<String> losses = new ArrayList<>();
  private final Map<JsonValue, Integer> sendsOfContent = new HashMap<>();
  private int lastStep;
  private ViewMapping.Mapped mapped;
  private String lastRefusal = "";

  /** A ledger for a scenario that starts from {@code setup}; null before the first reset. */
  CrashLedger(ReceiverSetup setup) {
    this.setup = setup;
  }

  /** The receiver's view, read through {@code client} unless read since the last request. */
  ViewMapping.Mapped current(ReceiverClient client) {
    if (mapped != null) {
      return mapped;
    }
    mapped = client.view(sent, auditSteps, lastStep, setup);
    return mapped;
  }

  /** The view read last no longer holds: a request was sent or the receiver restarted. */
  void forget() {
    mapped = null;
  }

  /** Entries written so far belong to the step that was running when they appeared. */
  void before(ReceiverClient client, int step) {
    if (lastStep != step) {
      current(client);
    }
    lastStep = step;
    mapped = null;
  }

  /** How many audit entries the receiver showed, each given the step it appeared in. */
  int auditShown() {
    return auditSteps.size();
  }

  /** The webhook headers of the next send of {@code envelope}, counting it as a send. */
  Map<String, String> headers(Envelope envelope, Instant clock) {
    int sends = sendsOfContent.merge(envelope.content(), 1, Integer::sum);
    Map<String, String> headers = new LinkedHashMap<>();
    ProtocolValues.webhookId(envelope).ifPresent(id -> headers.put("Webhook-Id", id));
    headers.put("Webhook-Attempt", Integer.toString(sends));
    headers.put("Webhook-Timestamp", Long.toString(clock.getEpochSecond()));
    return headers;
  }

  /** Notes the answer to the delivery of {@code step}; true when it was acknowledged. */
  boolean answered(
      ReceiverClient client,
      int step,
      Envelope envelope,
      ReceiverClient.Answer answer,
      String what) {
    sent.add(new ViewMapping.Sent(step, envelope, answer.successful()));
    if (!answer.successful()) {
      lastRefusal = refusal(answer);
      return false;
    }
    Decision decision = null;
    if (!answer.body().isBlank()) {
      JsonObject body = client.protocol(() -> ProtocolValues.document(answer.body()), what);
      if (body.get("decision").isPresent()) {
        decision = client.protocol(() -> ProtocolValues.decision(body, "$"), what);
      }
    }
    acknowledged.add(new KillableReceiver.Acknowledged(step, envelope, decision));
    return true;
  }

  /**
   * Notes a delivery of {@code step} killed before its answer arrived, as recorded when the
   * receiver, started again, holds more records of its content than the {@code acknowledgedBefore}
   * acknowledged sends; true when it does.
   */
  boolean unansweredRecorded(
      ReceiverClient client, int step, Envelope envelope, int acknowledgedBefore) {
    // Taken as acknowledged while the view is read: a receiver that accepts first may list it as
    // pending rather than decided, and pending copies are matched only to acknowledged ones.
    sent.add(new ViewMapping.Sent(step, envelope, true));
    long recorded =
        current(client).view().audit().stream()
                .filter(
                    entry ->
                        entry instanceof AuditEntry.DeliveryRecorded delivery
                            && delivery.envelope().content().equals(envelope.content()))
                .count()
            + (current(client).pending().contains(step) ? 1 : 0);
    sent.remove(sent.size() - 1);
    boolean kept = recorded > acknowledgedBefore;
    // Counted as acknowledged when it was recorded, so the n-th record of this content still
    // belongs to the n-th delivery that reached the receiver's storage.
    sent.add(new ViewMapping.Sent(step, envelope, kept));
    mapped = null;
    return kept;
  }

  /**
   * Notes what the audit of a receiver just started again lost of the {@code shown} entries it
   * showed before kill {@code restarts}.
   */
  void restarted(ReceiverClient client, int shown, int restarts) {
    mapped = null;
    int kept = current(client).view().audit().size();
    if (kept < shown) {
      String where = "after kill " + restarts + " (step " + lastStep + ")";
      losses.add(where + " the audit holds " + kept + " entries; it showed " + shown + " before");
      auditSteps.subList(kept, auditSteps.size()).clear();
      mapped = null;
    }
  }

  /** How many deliveries of {@code content} were sent, answered or not. */
  int sends(JsonValue content) {
    return (int) sent.stream().filter(each -> each.envelope().content().equals(content)).count();
  }

  /** How many deliveries of {@code content} count as acknowledged. */
  int acknowledgedSends(JsonValue content) {
    return (int)
        sent.stream()
            .filter(
                delivery ->
                    delivery.acknowledged() && delivery.envelope().content().equals(content))
            .count();
  }

  List<KillableReceiver.Acknowledged> acknowledged() {
    return List.copyOf(acknowledged);
  }

  List<String> losses() {
    return List.copyOf(losses);
  }

  String lastRefusal() {
    return lastRefusal;
  }

  private static String refusal(ReceiverClient.Answer answer) {
    String body = answer.body().strip().replaceAll("\\s+", " ");
    if (body.length() > MAX_REFUSAL_BODY) {
      body = body.substring(0, MAX_REFUSAL_BODY) + "...";
    }
    return "HTTP " + answer.status() + (body.isEmpty() ? "" : " " + body);
  }
}
