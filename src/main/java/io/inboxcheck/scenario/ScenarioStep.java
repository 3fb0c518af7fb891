package io.inboxcheck.scenario;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.util.SortedMap;
import java.util.TreeMap;

/** One step of a scenario: a delivery, a reconciliation or a clock advance (SPEC section 9). */
public sealed interface ScenarioStep
    permits ScenarioStep.Deliver, ScenarioStep.Reconcile, ScenarioStep.Advance {

  /** The step's number, starting at 1, as histories show it. */
  int number();

  /** The step's partial expectation, or null. */
  JsonObject expect();

  /** The time the step moves the receiver clock to, or null when it leaves the clock. */
  Instant time();

  /** A provider delivers an envelope, exactly as sent, with its transport metadata. */
  record Deliver(
      int number, Envelope envelope, Instant receivedAt, Transport transport, JsonObject expect)
      implements ScenarioStep {
    @Override
    public Instant time() {
      return receivedAt;
    }
  }

  /** An authority states objects' versions and states at {@code at}. */
  record Reconcile(
      int number, SortedMap<String, AuthoritativeCard> authority, Instant at, JsonObject expect)
      implements ScenarioStep {
    public Reconcile {
      authority = new TreeMap<>(authority);
    }

    @Override
    public Instant time() {
      return at;
    }
  }

  /**
   * The receiver clock moves on by {@code by}; {@code time} is the clock after it, resolved when
   * the file was read.
   */
  record Advance(int number, Duration by, Instant time, JsonObject expect)
      implements ScenarioStep {}
}
