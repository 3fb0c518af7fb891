package io.inboxcheck.http;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.receiver.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * An {@code exec:} receiver that a crash check kills with SIGKILL, between requests or while a
 * delivery may be in flight, and starts again on the same data folder (docs/receiver-protocol.md,
 * "Crash checks"). It drives one scenario at a time, resetting the receiver only when a scenario
 * starts, remembers which deliveries were acknowledged, and maps the receiver's view onto steps
 * with the same rules as {@link HttpReceiver}.
 */
public final class KillableReceiver implements AutoCloseable {
  private final String command;
  private final String choice;
  private final Duration timeout;
  private final Path data;
  private final String secret;
  private final List<ViewMapping.Sent> sent = new ArrayList<>();
  private final List<Acknowledged> acknowledged = new ArrayList<>();
  private final List<Integer> auditSteps = new ArrayList<>();
  private final List<String> losses = new ArrayList<>();
  private final Map<JsonValue, Integer> sendsOfContent = new HashMap<>();
  private ReceiverProcess process;
  private ReceiverClient client;
  private int restarts;
  private ReceiverSetup setup;
  private Instant clock;
  private int lastStep;
  private ViewMapping.Mapped mapped;
  private String lastRefusal = "";
  private boolean acknowledgesOnAcceptance;

  /** The most of a refusal's body shown in a finding: enough for the receiver's reason. */
  private static final int MAX_REFUSAL_BODY = 120;

  /** A delivery the receiver answered 2xx: it must be in the audit whatever happens later. */
  public record Acknowledged(int step, Envelope envelope, Decision decision) {}

  private KillableReceiver(String command, Duration timeout) {
    this.command = command;
    this.choice = HttpReceivers.EXEC_PREFIX + command;
    this.timeout = timeout;
    this.data = ReceiverProcess.scratchFolder();
    this.secret = ReceiverProcess.newSecret();
  }

  /** Starts {@code command} on a fresh data folder that every restart will reuse. */
  public static KillableReceiver start(String command, Duration timeout) {
    KillableReceiver receiver = new KillableReceiver(command, timeout);
    try {
      receiver.launch();
      return receiver;
    } catch (RuntimeException e) {
      receiver.close();
      throw e;
    }
  }

  private void launch() {
    process = ReceiverProcess.restart(command, timeout, data, secret, restarts);
    client = new ReceiverClient(choice, process.address(), secret, timeout);
  }

  /** The value of {@code --receiver} that starts this receiver. */
  public String choice() {
    return choice;
  }

  /** How many times the receiver was killed and started again. */
  public int restarts() {
    return restarts;
  }

  /** A new scenario: the only time the receiver is told to reset its storage. */
  public void reset(ReceiverSetup scenarioSetup) {
    startIfDead();
    setup = scenarioSetup;
    clock = scenarioSetup.start();
    sent.clear();
    acknowledged.clear();
    auditSteps.clear();
    losses.clear();
    sendsOfContent.clear();
    lastStep = 0;
    mapped = null;
    String what = "reset (crash check)";
    ReceiverClient.Answer answer =
        client.control("reset", ProtocolValues.resetRequest(scenarioSetup), what);
    JsonObject document = client.protocol(() -> ProtocolValues.document(answer.body()), what);
    acknowledgesOnAcceptance =
        client.protocol(() -> ProtocolValues.acknowledgesOnAcceptance(document), what);
  }

  /**
   * Resets the receiver to an empty setup, before any case is drawn, to read from its reset answer
   * whether it acknowledges on acceptance: the cases drawn for it depend on that.
   */
  public void learnWhatItAcknowledges() {
    reset(
        new ReceiverSetup(
            new TreeMap<>(),
            Set.of("card.snapshot"),
            Duration.ofHours(24),
            Instant.parse("2024-01-01T00:00:00Z")));
  }

  /**
   * Whether the receiver's reset answer declared that a 2xx only accepts a delivery, its decision
   * to come later (SPEC section 3.6): then it is settled before every judgement.
   */
  public boolean acknowledgesOnAcceptance() {
    return acknowledgesOnAcceptance;
  }

  /**
   * {@code POST settle}: returns once the receiver decided every delivery it accepted; nothing for
   * a receiver that decides before it answers.
   */
  public void settle(int step) {
    if (!acknowledgesOnAcceptance) {
      return;
    }
    before(step);
    String what = "the settle after step " + step;
    ReceiverClient.Answer answer = client.control("settle", "{}", what);
    JsonObject body = client.protocol(() -> ProtocolValues.document(answer.body()), what);
    client.protocol(() -> ProtocolValues.settled(body), what);
    mapped = null;
  }

  /**
   * Sends {@code POST settle}, kills the receiver {@code delayNanos} later, while its workers
   * decide, and starts it again; what was accepted must still be there to decide.
   */
  public void settleAndKill(int step, long delayNanos) {
    before(step);
    String what = "the settle after step " + step + " (killed in flight)";
    killInFlight(client.controlAsync("settle", "{}", what), delayNanos);
  }

  /** How many times a delivery of {@code content} was sent in this scenario, answered or not. */
  public int sends(JsonValue content) {
    return (int) sent.stream().filter(each -> each.envelope().content().equals(content)).count();
  }

  /** How many acknowledged deliveries the receiver lists as accepted and not decided yet. */
  public int pending() {
    return current().pending().size();
  }

  public void advanceClock(int step, Instant time) {
    before(step);
    client.control(
        "clock", ProtocolValues.clockRequest(time), "moving the clock (step " + step + ")");
    clock = time;
  }

  public void reconcile(int step, SortedMap<String, AuthoritativeCard> authority) {
    before(step);
    client.control(
        "reconcile",
        ProtocolValues.reconcileRequest(authority),
        "the reconciliation at step " + step);
  }

  /** Delivers and waits for the answer; true when acknowledged. */
  public boolean deliver(int step, Envelope envelope, Transport transport) {
    before(step);
    String what = "the delivery at step " + step;
    if (transport.storageFault()) {
      client.control("fail-next-write", "{}", "arming the storage fault of step " + step);
    }
    ReceiverClient.Answer answer = client.deliver(envelope.text(), headers(envelope), what);
    return answered(step, envelope, answer, what);
  }

  /**
   * Sends a delivery, kills the receiver {@code delayNanos} later whether or not it answered,
   * starts it again and finds out from its audit whether an unanswered delivery was recorded.
   */
  public InFlight deliverAndKill(int step, Envelope envelope, long delayNanos) {
    before(step);
    String what = "the delivery at step " + step + " (killed in flight)";
    CompletableFuture<ReceiverClient.Answer> answer =
        client.deliverAsync(envelope.text(), headers(envelope), what);
    LockSupport.parkNanos(delayNanos);
    int acknowledgedBefore = acknowledgedSends(envelope.content());
    // No view is read first: it would wait for the delivery and the kill would never land inside.
    killAndRestart(auditSteps.size());
    ReceiverClient.Answer arrived = arrivedAnswer(answer);
    if (arrived != null) {
      boolean acked = answered(step, envelope, arrived, what);
      mapped = null;
      return acked ? InFlight.ANSWERED : InFlight.REFUSED;
    }
    // Taken as acknowledged while the view is read: a receiver that accepts first may list it as
    // pending rather than decided, and pending copies are matched only to acknowledged ones.
    sent.add(new ViewMapping.Sent(step, envelope, true));
    long recorded =
        current().view().audit().stream()
                .filter(
                    entry ->
                        entry instanceof AuditEntry.DeliveryRecorded delivery
                            && delivery.envelope().content().equals(envelope.content()))
                .count()
            + (current().pending().contains(step) ? 1 : 0);
    sent.remove(sent.size() - 1);
    boolean kept = recorded > acknowledgedBefore;
    // Counted as acknowledged when it was recorded, so the n-th record of this content still
    // belongs to the n-th delivery that reached the receiver's storage.
    sent.add(new ViewMapping.Sent(step, envelope, kept));
    mapped = null;
    return kept ? InFlight.RECORDED : InFlight.NOT_RECORDED;
  }

  /** SIGKILL, then the same command on the same data folder; the scenario carries on. */
  public void killAndRestart() {
    killAndRestart(current().view().audit().size());
  }

  /**
   * SIGKILL at once, with no request in between: right after an answer was read, the window in
   * which a receiver that answers before its COMMIT has not committed yet.
   */
  public void killNow() {
    killAndRestart(auditSteps.size());
  }

  /**
   * Delivers, reads the whole answer in this thread and kills the receiver at once ({@link
   * #killNow}), then starts it again; true when acknowledged.
   */
  public boolean deliverThenKill(int step, Envelope envelope, Transport transport) {
    before(step);
    String what = "the delivery at step " + step + " (killed right after its answer)";
    if (transport.storageFault()) {
      client.control("fail-next-write", "{}", "arming the storage fault of step " + step);
    }
    ReceiverClient.Answer answer = client.deliverDirect(envelope.text(), headers(envelope), what);
    killNow();
    return answered(step, envelope, answer, what);
  }

  /**
   * Sends the reconciliation of {@code step}, kills the receiver {@code delayNanos} later whether
   * or not it answered, and starts it again. Its audit says what the reconciliation kept; an
   * authority is not sent twice.
   */
  public void reconcileAndKill(
      int step, SortedMap<String, AuthoritativeCard> authority, long delayNanos) {
    before(step);
    String what = "the reconciliation at step " + step + " (killed in flight)";
    killInFlight(
        client.controlAsync("reconcile", ProtocolValues.reconcileRequest(authority), what),
        delayNanos);
  }

  /**
   * Moves the clock to {@code time}, kills the receiver {@code delayNanos} later, starts it again
   * and moves the clock there once more: the harness's clock moved, whatever the killed receiver
   * kept of it.
   */
  public void advanceClockAndKill(int step, Instant time, long delayNanos) {
    before(step);
    String what = "moving the clock to " + time + " (step " + step + ", killed in flight)";
    killInFlight(client.controlAsync("clock", ProtocolValues.clockRequest(time), what), delayNanos);
    advanceClock(step, time);
  }

  private void killInFlight(CompletableFuture<ReceiverClient.Answer> answer, long delayNanos) {
    LockSupport.parkNanos(delayNanos);
    killAndRestart(auditSteps.size());
    arrivedAnswer(answer);
    mapped = null;
  }

  /**
   * Kills the receiver after reading its view, then starts it again and kills it once for each of
   * {@code delaysNanos}, that long after the start (while it opens and recovers its storage), then
   * starts it for good. Each of those is a kill.
   */
  public void killThroughRecovery(List<Long> delaysNanos) {
    int shown = current().view().audit().size();
    process.kill();
    restarts++;
    for (long delay : delaysNanos) {
      ReceiverProcess.startAndKill(command, data, secret, restarts, delay);
      restarts++;
    }
    restarted(shown);
  }

  /** Whether the process is running; one that died unasked is started again by {@link #reset}. */
  private void startIfDead() {
    if (!process.alive()) {
      process.close();
      launch();
      mapped = null;
    }
  }

  private void killAndRestart(int shown) {
    process.kill();
    restarts++;
    restarted(shown);
  }

  /** Starts the receiver again and notes what its audit lost of the {@code shown} entries. */
  private void restarted(int shown) {
    launch();
    mapped = null;
    int kept = current().view().audit().size();
    if (kept < shown) {
      String where = "after kill " + restarts + " (step " + lastStep + ")";
      losses.add(where + " the audit holds " + kept + " entries; it showed " + shown + " before");
      auditSteps.subList(kept, auditSteps.size()).clear();
      mapped = null;
    }
  }

  /** The receiver's view, mapped onto this scenario's steps. */
  public RecordedView view() {
    return current().view();
  }

  /** Every delivery of this scenario the receiver acknowledged, in order. */
  public List<Acknowledged> acknowledged() {
    return List.copyOf(acknowledged);
  }

  /** Audit entries the receiver had shown and no longer held after a restart, one line each. */
  public List<String> losses() {
    return List.copyOf(losses);
  }

  private boolean answered(int step, Envelope envelope, ReceiverClient.Answer answer, String what) {
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
    acknowledged.add(new Acknowledged(step, envelope, decision));
    return true;
  }

  /**
   * The last answer that was not 2xx, as a person reads it: its status and the start of its body,
   * on one line.
   */
  public String lastRefusal() {
    return lastRefusal;
  }

  private static String refusal(ReceiverClient.Answer answer) {
    String body = answer.body().strip().replaceAll("\\s+", " ");
    if (body.length() > MAX_REFUSAL_BODY) {
      body = body.substring(0, MAX_REFUSAL_BODY) + "...";
    }
    return "HTTP " + answer.status() + (body.isEmpty() ? "" : " " + body);
  }

  private int acknowledgedSends(JsonValue content) {
    return (int)
        sent.stream()
            .filter(
                delivery ->
                    delivery.acknowledged() && delivery.envelope().content().equals(content))
            .count();
  }

  /** The answer if a whole one arrived before the kill, else null. */
  private ReceiverClient.Answer arrivedAnswer(CompletableFuture<ReceiverClient.Answer> answer) {
    try {
      return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      answer.cancel(true);
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ReceiverFailure(client.prefix("waiting for a killed delivery") + "interrupted");
    }
  }

  private Map<String, String> headers(Envelope envelope) {
    int sends = sendsOfContent.merge(envelope.content(), 1, Integer::sum);
    Map<String, String> headers = new LinkedHashMap<>();
    ProtocolValues.webhookId(envelope).ifPresent(id -> headers.put("Webhook-Id", id));
    headers.put("Webhook-Attempt", Integer.toString(sends));
    headers.put("Webhook-Timestamp", Long.toString(clock.getEpochSecond()));
    return headers;
  }

  /** Entries written so far belong to the step that was running when they appeared. */
  private void before(int step) {
    if (lastStep != step) {
      current();
    }
    lastStep = step;
    mapped = null;
  }

  private ViewMapping.Mapped current() {
    if (mapped != null) {
      return mapped;
    }
    mapped = client.view(sent, auditSteps, lastStep, setup);
    return mapped;
  }

  /** Stops the receiver and deletes its data folder. */
  @Override
  public void close() {
    if (process != null) {
      process.close();
      process = null;
    }
    ReceiverProcess.deleteQuietly(data);
  }
}
