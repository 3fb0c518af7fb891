package io.inboxcheck.zoo;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.DecisionKind;
import io.inboxcheck.model.DeliveryOutcome;
import io.inboxcheck.model.DeliveryOutcome.IdentityEffect;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ObjectReconciliation;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.model.ReceiverState;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.Reconciler;
import io.inboxcheck.model.Reducer;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The plumbing every zoo receiver shares: the reference receiver (state, reducer, reconciler) with
 * one hook per place a naive receiver goes wrong. Each subclass overrides one hook, so the mistake
 * is the only difference from a correct receiver.
 */
public abstract class NaiveReceiver implements Receiver {
  protected final ReceiverState state;
  private final String name;

  protected NaiveReceiver(String name, ReceiverSetup setup) {
    this(name, setup, setup.retention());
  }

  /** A receiver that keeps identity records for {@code identityRetention}. */
  protected NaiveReceiver(String name, ReceiverSetup setup, Duration identityRetention) {
    this.name = name;
    this.state =
        new ReceiverState(
            setup.initialCards(), setup.supportedTypes(), identityRetention, setup.start());
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public void advanceClock(int step, Instant time) {
    state.advanceClock(step, time);
  }

  @Override
  public final DeliveryResult deliver(int step, Envelope envelope, Transport transport) {
    Optional<DeliveryResult> refused = refuseBeforeDeciding(envelope);
    if (refused.isPresent()) {
      return refused.get();
    }
    DeliveryOutcome outcome = decide(envelope);
    if (transport.storageFault()) {
      return answerFailedWrite(outcome);
    }
    record(step, envelope, outcome);
    return DeliveryResult.recorded(outcome.decision());
  }

  /** A refusal the receiver answers before it decides anything; none unless a mistake says. */
  protected Optional<DeliveryResult> refuseBeforeDeciding(Envelope envelope) {
    return Optional.empty();
  }

  /** The decision for one delivery; the reference reducer unless a mistake overrides it. */
  protected DeliveryOutcome decide(Envelope envelope) {
    return Reducer.decide(state, envelope);
  }

  /** The answer when the durable write fails: nothing recorded, NO_ACK. */
  protected DeliveryResult answerFailedWrite(DeliveryOutcome outcome) {
    return DeliveryResult.NOT_DURABLE;
  }

  /** Records a decided delivery durably. */
  protected void record(int step, Envelope envelope, DeliveryOutcome outcome) {
    state.commit(step, envelope, outcome);
  }

  @Override
  public final List<ObjectReconciliation> reconcile(
      int step, SortedMap<String, AuthoritativeCard> authority) {
    return state.reconcile(step, authority, (view, id, card) -> reconcileObject(id, card));
  }

  /** Reconciles one object; the reference reconciler unless a mistake overrides it. */
  protected ObjectReconciliation reconcileObject(String objectId, AuthoritativeCard authority) {
    return Reconciler.reconcile(state, objectId, authority);
  }

  @Override
  public ReceiverView view() {
    return state;
  }

  /**
   * Whether the reference decided this first record by its version (SPEC 3.4): the point where most
   * naive policies substitute their own rule.
   */
  protected static boolean decidedByVersion(DeliveryOutcome outcome) {
    if (outcome.identityEffect() != IdentityEffect.FIRST_RECORD) {
      return false;
    }
    DecisionKind kind = outcome.decision().kind();
    return kind == DecisionKind.APPLIED
        || kind == DecisionKind.STALE
        || kind == DecisionKind.SAME_STATE
        || outcome.decision().reason() == HeldReason.VERSION_CONFLICT;
  }

  /** The envelope's snapshot as an unpaused card: what "apply this event" writes. */
  protected static Card eventCard(Envelope envelope) {
    long version = ((ObjectVersion.Valid) envelope.version()).value();
    return new Card(version, envelope.state().orElseThrow(), false);
  }

  /** The outcome "APPLIED: the envelope's card replaces the one it names". */
  protected static DeliveryOutcome applied(
      Envelope envelope, IdentityEffect identityEffect, Card card) {
    TreeMap<String, Card> cards = new TreeMap<>();
    cards.put(envelope.objectId().orElseThrow(), card);
    return new DeliveryOutcome(Decision.APPLIED, identityEffect, cards);
  }

  /** The outcome "recorded as STALE, nothing changes". */
  protected static DeliveryOutcome stale(IdentityEffect identityEffect) {
    return new DeliveryOutcome(Decision.STALE, identityEffect, new TreeMap<>());
  }

  /** The envelope's {@code occurred_at}, when it is a readable timestamp. */
  protected static Optional<Instant> occurredAt(Envelope envelope) {
    if (!(envelope.content() instanceof JsonObject object)) {
      return Optional.empty();
    }
    return object
        .get(Envelope.OCCURRED_AT)
        .filter(JsonString.class::isInstance)
        .flatMap(
            value -> {
              try {
                return Optional.of(Instant.parse(((JsonString) value).value()));
              } catch (DateTimeParseException e) {
                return Optional.empty();
              }
            });
  }
}
