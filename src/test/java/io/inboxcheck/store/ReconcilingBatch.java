package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The generated batch of the concurrency runs with reconciliations: rounds of as many simultaneous
 * arrivals as there are receivers, and every {@link #RECONCILE_EVERY} rounds an authority for
 * card-7, card-8 or both that races the round's arrivals. The rounds leave held inputs for the
 * authorities to find: variants of one id that pause both cards (ID_CONFLICT, then CARD_PAUSED for
 * what follows), an envelope without a version now and then (MISSING_VERSION, unresolved after an
 * authority), one id at every receiver at once, and version races on the two cards.
 *
 * <p>With redeliveries, earlier envelopes are sent again, and two reconcile rounds in three
 * redeliver, when there are any, inputs that the model, fed the batch one step at a time, holds
 * CARD_PAUSED on a card the round's authority lists: each such redelivery races the re-evaluation
 * of its own held input, and must restate what the re-evaluation decided (docs/storage-boundary.md
 * 6).
 *
 * @param authorities the authority racing each round, null for a round without one
 * @param targetedRedeliveries how many redeliveries race their own input's re-evaluation: the
 *     coverage the runs with redeliveries require
 */
record ReconcilingBatch(
    List<Envelope> deliveries,
    List<SortedMap<String, AuthoritativeCard>> authorities,
    int targetedRedeliveries) {
  /** Deliveries per batch: rounds of as many simultaneous arrivals as there are receivers. */
  static final int BATCH = PostgresConcurrencyTests.BATCH;

  /** Rounds between two reconcile steps racing the deliveries. */
  static final int RECONCILE_EVERY = 2;

  static ReconcilingBatch generate(Random random, int receivers, boolean redeliveries) {
    List<Envelope> batch = new ArrayList<>();
    List<SortedMap<String, AuthoritativeCard>> authorities = new ArrayList<>();
    ModelReceiver model = new ModelReceiver(StoreFixtures.guide());
    int targeted = 0;
    int nextId = 1;
    int rounds = BATCH / receivers;
    for (int round = 0; round < rounds; round++) {
      SortedMap<String, AuthoritativeCard> authority =
          round % RECONCILE_EVERY == RECONCILE_EVERY - 1 ? authority(random) : null;
      List<HeldInput> pausedOnListedCards =
          redeliveries && authority != null && random.nextInt(3) != 0
              ? pausedOn(model, authority)
              : List.of();
      int first = batch.size();
      if (!pausedOnListedCards.isEmpty()) {
        for (int copy = 0; copy < receivers; copy++) {
          batch.add(pausedOnListedCards.get(random.nextInt(pausedOnListedCards.size())).envelope());
        }
        targeted += receivers;
      } else {
        nextId = round(random, receivers, redeliveries, batch, nextId);
      }
      for (int index = first; index < batch.size(); index++) {
        model.deliver(index + 1, batch.get(index), Transport.PLAIN);
      }
      if (authority != null) {
        model.reconcile(stepOfAuthority(rounds * receivers, round), authority);
      }
      authorities.add(authority);
    }
    return new ReconcilingBatch(List.copyOf(batch), authorities, targeted);
  }

  /**
   * The step of the authority of {@code round} in a batch of {@code deliveries}: after every
   * delivery's, so no step repeats.
   */
  static int stepOfAuthority(int deliveries, int round) {
    return deliveries + round + 1;
  }

  /** The inputs the model holds CARD_PAUSED on a card {@code authority} lists. */
  private static List<HeldInput> pausedOn(
      ModelReceiver model, SortedMap<String, AuthoritativeCard> authority) {
    List<HeldInput> paused = new ArrayList<>();
    for (HeldInput input : model.view().held()) {
      if (input.reason() == HeldReason.CARD_PAUSED
          && input.objectId().filter(authority::containsKey).isPresent()) {
        paused.add(input);
      }
    }
    return paused;
  }

  /** Adds one round of the kinds above to {@code batch}; returns the next new id's number. */
  private static int round(
      Random random, int receivers, boolean redeliveries, List<Envelope> batch, int nextId) {
    int kind = random.nextInt(10);
    if (kind < 2) {
      String id = "e-" + nextId;
      for (int copy = 0; copy < receivers; copy++) {
        batch.add(
            snapshot(id, copy % 2 == 0 ? "card-7" : "card-8", version(random), "variant " + copy));
      }
      return nextId + 1;
    }
    if (redeliveries && kind < 4 && !batch.isEmpty()) {
      int before = batch.size();
      for (int copy = 0; copy < receivers; copy++) {
        batch.add(batch.get(random.nextInt(before)));
      }
      return nextId;
    }
    if (redeliveries && kind < 5) {
      long version = version(random);
      Envelope same = snapshot("e-" + nextId, card(random), version, "L" + version);
      for (int copy = 0; copy < receivers; copy++) {
        batch.add(same);
      }
      return nextId + 1;
    }
    for (int copy = 0; copy < receivers; copy++) {
      Long version = random.nextInt(12) == 0 ? null : version(random);
      batch.add(snapshot("e-" + (nextId + copy), card(random), version, "L" + version));
    }
    return nextId + receivers;
  }

  /** An authority for card-7, card-8 or both, each version carrying the deliveries' state. */
  static SortedMap<String, AuthoritativeCard> authority(Random random) {
    SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
    int which = random.nextInt(3);
    if (which != 1) {
      long version = version(random);
      authority.put("card-7", new AuthoritativeCard(version, state("ready", "L" + version)));
    }
    if (which != 0) {
      long version = version(random);
      authority.put("card-8", new AuthoritativeCard(version, state("ready", "L" + version)));
    }
    return authority;
  }

  private static String card(Random random) {
    return random.nextInt(4) == 0 ? "card-8" : "card-7";
  }

  private static long version(Random random) {
    return 4 + random.nextInt(200);
  }
}
