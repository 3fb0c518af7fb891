package io.inboxcheck.explore;

import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.model.ReplacementCounters;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * The reference model's part of a search key, hashed straight from its view: the same 64 bits as
 * {@link Fingerprint64} gives {@link ExplorableModel#fingerprint(IntUnaryOperator, ToIntFunction,
 * Ahead)}'s value, without building that value. The search computes a key for every transition, and
 * building and then walking the canonical records took half its time. {@code ModelStateKeyTests}
 * holds the two to the same result on every state of explored and generated scenarios.
 */
final class ModelStateKey {
  private ModelStateKey() {}

  static long of(
      ReceiverView view,
      IntUnaryOperator names,
      ToIntFunction<Instant> retentionClass,
      Ahead ahead,
      Fingerprint64 hashes) {
    Map<String, Card> cards = view.cards();
    long cardSum = 0;
    for (Map.Entry<String, Card> card : cards.entrySet()) {
      cardSum += Fingerprint64.entry(hashes.hash(card.getKey()), card(card.getValue(), hashes));
    }
    return Fingerprint64.record(
        StateFingerprint.class,
        Fingerprint64.map(cards.size(), cardSum),
        replacements(view.replacements()),
        held(view, cards, names, ahead, hashes),
        identities(view, names, retentionClass, ahead, hashes));
  }

  private static long card(Card card, Fingerprint64 hashes) {
    return Fingerprint64.record(
        Card.class,
        Fingerprint64.integral(card.version()),
        hashes.json(card.state()),
        Fingerprint64.bool(card.paused()));
  }

  private static long replacements(ReplacementCounters counters) {
    return Fingerprint64.record(
        ReplacementCounters.class,
        Fingerprint64.integral(counters.event()),
        Fingerprint64.integral(counters.authoritative()));
  }

  /** The held inputs per card, in arrival order or in {@link Forgetting}'s canonical order. */
  private static long held(
      ReceiverView view,
      Map<String, Card> cards,
      IntUnaryOperator names,
      Ahead ahead,
      Fingerprint64 hashes) {
    Map<String, List<StateFingerprint.HeldShape>> byCard = new LinkedHashMap<>();
    for (HeldInput input : view.held()) {
      byCard
          .computeIfAbsent(input.objectId().orElse(""), id -> new ArrayList<>())
          .add(new StateFingerprint.HeldShape(names.applyAsInt(input.step()), input.reason()));
    }
    long sum = 0;
    for (Map.Entry<String, List<StateFingerprint.HeldShape>> entry : byCard.entrySet()) {
      List<StateFingerprint.HeldShape> inputs = entry.getValue();
      if (Forgetting.canonicalises(
          cards.get(entry.getKey()), ahead.lastAuthority(entry.getKey()))) {
        inputs = Forgetting.canonical(inputs, ahead.lastAuthority(entry.getKey()), ahead);
      }
      long[] shapes = new long[inputs.size()];
      for (int index = 0; index < shapes.length; index++) {
        StateFingerprint.HeldShape shape = inputs.get(index);
        shapes[index] =
            Fingerprint64.record(
                StateFingerprint.HeldShape.class,
                Fingerprint64.integral(shape.name()),
                Fingerprint64.constant(shape.reason()));
      }
      sum += Fingerprint64.entry(hashes.hash(entry.getKey()), Fingerprint64.list(shapes));
    }
    return Fingerprint64.map(byCard.size(), sum);
  }

  /** The retained identities, without the decisions of ids that cannot arrive again. */
  private static long identities(
      ReceiverView view,
      IntUnaryOperator names,
      ToIntFunction<Instant> retentionClass,
      Ahead ahead,
      Fingerprint64 hashes) {
    long sum = 0;
    int count = 0;
    for (IdentityRecord record : view.identities()) {
      boolean decisions = ahead.mayArrive(record.eventId());
      Set<Long> variants = new HashSet<>();
      for (RecordedContent variant : record.variants()) {
        variants.add(content(variant, names, decisions));
      }
      long variantSum = 0;
      for (long variant : variants) {
        variantSum += variant;
      }
      long shape =
          Fingerprint64.record(
              StateFingerprint.IdentityShape.class,
              content(record.firstRecord(), names, decisions),
              Fingerprint64.set(variants.size(), variantSum),
              Fingerprint64.integral(retentionClass.applyAsInt(record.firstReceivedAt())));
      sum += Fingerprint64.entry(hashes.hash(record.eventId()), shape);
      count++;
    }
    return Fingerprint64.map(count, sum);
  }

  private static long content(RecordedContent content, IntUnaryOperator names, boolean decisions) {
    Decision decision = decisions ? content.latestDecision() : null;
    return Fingerprint64.record(
        StateFingerprint.ContentShape.class,
        Fingerprint64.integral(names.applyAsInt(content.step())),
        Fingerprint64.of(decision));
  }
}
