package io.inboxcheck.model;

import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The reference {@link ModelReceiver} driven the way a scenario drives it, numbering steps itself:
 * every delivery, reconciliation and clock move is one step.
 */
final class TestReceiver {
  static final Instant T = Instant.parse("2024-01-01T08:00:00Z");
  static final Duration DAY = Duration.ofHours(24);

  private final ModelReceiver receiver;
  private int step;

  private TestReceiver(ModelReceiver receiver) {
    this.receiver = receiver;
  }

  /** The guide's initial cards: card-7 v10 queued/Map and card-8 v3 ready/Chart, clock at T. */
  static TestReceiver guide() {
    return start(
        Map.of("card-7", card(10, "queued", "Map"), "card-8", card(3, "ready", "Chart")),
        Set.of(Envelopes.SNAPSHOT),
        DAY);
  }

  static TestReceiver start(Map<String, Card> cards, Set<String> supportedTypes, Duration keep) {
    return new TestReceiver(
        new ModelReceiver(new ReceiverSetup(new TreeMap<>(cards), supportedTypes, keep, T)));
  }

  static Card card(long version, String stage, String label) {
    return new Card(version, Envelopes.state(stage, label), false);
  }

  static AuthoritativeCard authority(long version, String stage, String label) {
    return new AuthoritativeCard(version, Envelopes.state(stage, label));
  }

  DeliveryResult deliver(Envelope envelope) {
    return receiver.deliver(++step, envelope, Transport.PLAIN);
  }

  /** Moves the clock to {@code time} as the delivery's {@code received_at}, then delivers. */
  DeliveryResult deliverAt(Instant time, Envelope envelope) {
    step++;
    receiver.advanceClock(step, time);
    return receiver.deliver(step, envelope, Transport.PLAIN);
  }

  DeliveryResult deliverWithStorageFault(Envelope envelope) {
    return receiver.deliver(++step, envelope, new Transport(false, 2, true));
  }

  List<ObjectReconciliation> reconcile(Map<String, AuthoritativeCard> authority) {
    return receiver.reconcile(++step, new TreeMap<>(authority));
  }

  List<ObjectReconciliation> reconcile(SortedMap<String, AuthoritativeCard> authority) {
    return receiver.reconcile(++step, authority);
  }

  void advanceTo(Instant time) {
    receiver.advanceClock(++step, time);
  }

  /** The number of the last step taken. */
  int step() {
    return step;
  }

  ReceiverView view() {
    return receiver.view();
  }

  Card card(String objectId) {
    return receiver.view().card(objectId).orElseThrow();
  }

  IdentityRecord identity(String eventId) {
    return receiver.view().identity(eventId).orElseThrow();
  }

  /** Held inputs as {@code event_id -> reason}, in arrival order (id-less ones as "step-N"). */
  Map<String, HeldReason> held() {
    Map<String, HeldReason> held = new LinkedHashMap<>();
    for (HeldInput input : receiver.view().held()) {
      held.put(input.eventId().orElse("step-" + input.step()), input.reason());
    }
    return held;
  }

  /** Audit entries written after the first {@code from} ones. */
  List<AuditEntry> auditSince(int from) {
    List<AuditEntry> audit = receiver.view().audit();
    return List.copyOf(audit.subList(from, audit.size()));
  }

  Snapshot snapshot() {
    ReceiverView view = receiver.view();
    return new Snapshot(
        new TreeMap<>(view.cards()),
        List.copyOf(view.identities()),
        view.held(),
        List.copyOf(view.audit()),
        view.replacements(),
        view.clock());
  }

  /** Everything a receiver holds, copied: records are immutable, so equality is the whole state. */
  record Snapshot(
      SortedMap<String, Card> cards,
      List<IdentityRecord> identities,
      List<HeldInput> held,
      List<AuditEntry> audit,
      ReplacementCounters replacements,
      Instant clock) {}
}
