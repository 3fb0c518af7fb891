package io.inboxcheck.http;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.RecordedView;
import io.inboxcheck.receiver.Transport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
 * starts; what it sent in the scenario and which deliveries were acknowledged are kept in a {@link
 * CrashLedger}, which maps the receiver's view onto steps with the same rules as {@link
 * HttpReceiver}.
 */
public final class KillableReceiver implements AutoCloseable {
  private final String command;
  private final String choice;
  private final Duration timeout;
  private final Path data;
  private final String secret;
  private ReceiverProcess process;
  private ReceiverClient client;
  private int restarts;
  private Instant clock;
  private CrashLedger ledger = new CrashLedger(null);
  private boolean acknowledgesOnAcceptance;

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

  /** Starts the command on the data folder; returns how long it took to print its address. */
  private long launch() {
    long started = System.nanoTime();
    process = ReceiverProcess.restart(command, timeout, data, secret, restarts);
    long took = System.nanoTime() - started;
    client = new ReceiverClient(choice, process.address(), secret, timeout);
    return took;
  }

  /** Kills the process: one more restart to come. */
  private void kill() {
    process.kill();
    restarts++;
  }

  /** A setup on 2024-01-01 with a retention of 24 hours, before any case is drawn. */
  private static ReceiverSetup setupBeforeCases(SortedMap<String, Card> cards) {
    return new ReceiverSetup(
        cards, Set.of("card.snapshot"), Duration.ofHours(24), Instant.parse(SETUP_START));
  }

  /**
   * How long this receiver takes: a delivery, from sending it to its answer, and a start, from
   * launching the command to its address. Both are measured before a crash check draws its cases.
   *
   * @param requestNanos the upper quartile of {@link #MEASURED_DELIVERIES} deliveries, sent after
   *     the first ones warmed up: a slow outlier does not stretch every kill past the answer
   * @param startNanos the longest of {@link #MEASURED_STARTS} starts on stored data, where a
   *     receiver's recovery code runs
   */
  public record Measured(long requestNanos, long startNanos) {}

  /** When the setups made before any case is drawn start. */
  private static final String SETUP_START = "2024-01-01T00:00:00Z";

  /** Deliveries timed by {@link #measure}, after {@link #WARM_UP_DELIVERIES} untimed ones. */
  static final int MEASURED_DELIVERIES = 20;

  /** Deliveries sent first and not timed: the first requests of a process are its slowest. */
  static final int WARM_UP_DELIVERIES = 5;

  /** Starts on stored data timed by {@link #measure}. */
  static final int MEASURED_STARTS = 3;

  /**
   * Times {@link #MEASURED_DELIVERIES} deliveries that each apply a new version of one card, then
   * kills the receiver and times its start on what it stored. The next scenario's reset wipes what
   * this wrote.
   */
  public Measured measure() {
    SortedMap<String, Card> cards = new TreeMap<>();
    cards.put("card-1", new Card(0, new JsonObject(new TreeMap<>()), false));
    reset(setupBeforeCases(cards));
    List<Long> times = new ArrayList<>();
    for (int version = 1; version <= WARM_UP_DELIVERIES + MEASURED_DELIVERIES; version++) {
      SortedMap<String, JsonValue> members = new TreeMap<>();
      members.put(Envelope.EVENT_ID, new JsonString("timing-" + version));
      members.put(Envelope.OBJECT_ID, new JsonString("card-1"));
      members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
      members.put(Envelope.OCCURRED_AT, new JsonString(SETUP_START));
      members.put(Envelope.TYPE, new JsonString("card.snapshot"));
      members.put(Envelope.STATE, new JsonObject(new TreeMap<>()));
      Envelope envelope = new Envelope(new JsonObject(members));
      long sent = System.nanoTime();
      client.deliver(
          envelope.text(), ledger.headers(envelope, clock), "timing delivery " + version);
      if (version > WARM_UP_DELIVERIES) {
        times.add(System.nanoTime() - sent);
      }
    }
    List<Long> starts = new ArrayList<>();
    for (int restart = 0; restart < MEASURED_STARTS; restart++) {
      kill();
      starts.add(launch());
    }
    Collections.sort(times);
    return new Measured(times.get(times.size() * 3 / 4), Collections.max(starts));
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
    clock = scenarioSetup.start();
    ledger = new CrashLedger(scenarioSetup);
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
    reset(setupBeforeCases(new TreeMap<>()));
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
    ledger.before(client, step);
    String what = "the settle after step " + step;
    ReceiverClient.Answer answer = client.control("settle", "{}", what);
    JsonObject body = client.protocol(() -> ProtocolValues.document(answer.body()), what);
    client.protocol(() -> ProtocolValues.settled(body), what);
    ledger.forget();
  }

  /**
   * Sends {@code POST settle}, kills the receiver {@code delayNanos} later, while its workers
   * decide, and starts it again; what was accepted must still be there to decide.
   */
  public void settleAndKill(int step, long delayNanos) {
    ledger.before(client, step);
    String what = "the settle after step " + step + " (killed in flight)";
    killInFlight(client.controlAsync("settle", "{}", what), delayNanos);
  }

  /** How many times a delivery of {@code content} was sent in this scenario, answered or not. */
  public int sends(JsonValue content) {
    return ledger.sends(content);
  }

  /** How many acknowledged deliveries the receiver lists as accepted and not decided yet. */
  public int pending() {
    return ledger.current(client).pending().size();
  }

  public void advanceClock(int step, Instant time) {
    ledger.before(client, step);
    client.control(
        "clock", ProtocolValues.clockRequest(time), "moving the clock (step " + step + ")");
    clock = time;
  }

  public void reconcile(int step, SortedMap<String, AuthoritativeCard> authority) {
    ledger.before(client, step);
    client.control(
        "reconcile",
        ProtocolValues.reconcileRequest(authority),
        "the reconciliation at step " + step);
  }

  /** Delivers and waits for the answer; true when acknowledged. */
  public boolean deliver(int step, Envelope envelope, Transport transport) {
    ledger.before(client, step);
    String what = "the delivery at step " + step;
    if (transport.storageFault()) {
      client.control("fail-next-write", "{}", "arming the storage fault of step " + step);
    }
    ReceiverClient.Answer answer =
        client.deliver(envelope.text(), ledger.headers(envelope, clock), what);
    return ledger.answered(client, step, envelope, answer, what);
  }

  /**
   * Sends a delivery, kills the receiver {@code delayNanos} later whether or not it answered,
   * starts it again and finds out from its audit whether an unanswered delivery was recorded.
   */
  public InFlight deliverAndKill(int step, Envelope envelope, long delayNanos) {
    ledger.before(client, step);
    String what = "the delivery at step " + step + " (killed in flight)";
    CompletableFuture<ReceiverClient.Answer> answer =
        client.deliverAsync(envelope.text(), ledger.headers(envelope, clock), what);
    LockSupport.parkNanos(delayNanos);
    int acknowledgedBefore = ledger.acknowledgedSends(envelope.content());
    // No view is read first: it would wait for the delivery and the kill would never land inside.
    killAndRestart(ledger.auditShown());
    ReceiverClient.Answer arrived = arrivedAnswer(answer);
    if (arrived != null) {
      boolean acked = ledger.answered(client, step, envelope, arrived, what);
      ledger.forget();
      return acked ? InFlight.ANSWERED : InFlight.REFUSED;
    }
    boolean kept = ledger.unansweredRecorded(client, step, envelope, acknowledgedBefore);
    return kept ? InFlight.RECORDED : InFlight.NOT_RECORDED;
  }

  /** SIGKILL, then the same command on the same data folder; the scenario carries on. */
  public void killAndRestart() {
    killAndRestart(ledger.current(client).view().audit().size());
  }

  /**
   * SIGKILL at once, with no request in between: right after an answer was read, the window in
   * which a receiver that answers before its COMMIT has not committed yet.
   */
  public void killNow() {
    killAndRestart(ledger.auditShown());
  }

  /**
   * Delivers, reads the whole answer in this thread and kills the receiver at once ({@link
   * #killNow}), then starts it again; true when acknowledged.
   */
  public boolean deliverThenKill(int step, Envelope envelope, Transport transport) {
    ledger.before(client, step);
    String what = "the delivery at step " + step + " (killed right after its answer)";
    if (transport.storageFault()) {
      client.control("fail-next-write", "{}", "arming the storage fault of step " + step);
    }
    ReceiverClient.Answer answer =
        client.deliverDirect(envelope.text(), ledger.headers(envelope, clock), what);
    killNow();
    return ledger.answered(client, step, envelope, answer, what);
  }

  /**
   * Sends the reconciliation of {@code step}, kills the receiver {@code delayNanos} later whether
   * or not it answered, and starts it again. Its audit says what the reconciliation kept; an
   * authority is not sent twice.
   */
  public void reconcileAndKill(
      int step, SortedMap<String, AuthoritativeCard> authority, long delayNanos) {
    ledger.before(client, step);
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
    ledger.before(client, step);
    String what = "moving the clock to " + time + " (step " + step + ", killed in flight)";
    killInFlight(client.controlAsync("clock", ProtocolValues.clockRequest(time), what), delayNanos);
    advanceClock(step, time);
  }

  private void killInFlight(CompletableFuture<ReceiverClient.Answer> answer, long delayNanos) {
    LockSupport.parkNanos(delayNanos);
    killAndRestart(ledger.auditShown());
    arrivedAnswer(answer);
    ledger.forget();
  }

  /**
   * Kills the receiver after reading its view, then starts it again and kills it once for each of
   * {@code delaysNanos}, that long after the start (while it opens and recovers its storage), then
   * starts it for good. Each of those is a kill.
   */
  public void killThroughRecovery(List<Long> delaysNanos) {
    int shown = ledger.current(client).view().audit().size();
    kill();
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
      ledger.forget();
    }
  }

  private void killAndRestart(int shown) {
    kill();
    restarted(shown);
  }

  /** Starts the receiver again and notes what its audit lost of the {@code shown} entries. */
  private void restarted(int shown) {
    launch();
    ledger.restarted(client, shown, restarts);
  }

  /** The receiver's view, mapped onto this scenario's steps. */
  public RecordedView view() {
    return ledger.current(client).view();
  }

  /** Every delivery of this scenario the receiver acknowledged, in order. */
  public List<Acknowledged> acknowledged() {
    return ledger.acknowledged();
  }

  /** Audit entries the receiver had shown and no longer held after a restart, one line each. */
  public List<String> losses() {
    return ledger.losses();
  }

  /**
   * The last answer of this scenario that was not 2xx, as a person reads it: its status and the
   * start of its body, on one line.
   */
  public String lastRefusal() {
    return ledger.lastRefusal();
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
