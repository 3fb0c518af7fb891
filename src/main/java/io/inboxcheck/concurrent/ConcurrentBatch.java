package io.inboxcheck.concurrent;

import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The deliveries of {@code check --concurrency}: rounds of exactly K deliveries, sent at once. A
 * round is one of: K copies of one new delivery (the Slack case: a resend while the first is still
 * being handled), K copies of an earlier delivery, copies and changed-content variants of one new
 * id, or different ids racing for one card with a copy among them. The first two rounds are copies
 * and variants, so every batch has both; the rest are drawn from the seed.
 */
public final class ConcurrentBatch {
  /** Rounds in one batch. */
  public static final int ROUNDS = 30;

  /** Cards the deliveries name; variants pause theirs, so there are several. */
  static final int CARDS = 4;

  /** Versions drawn per delivery, from 2 up to this; one version always carries one state. */
  static final int MAX_VERSION = 40;

  static final Instant START = Instant.parse("2024-01-01T08:00:00Z");

  private ConcurrentBatch() {}

  /** Every card at version 1, card.snapshot supported, the default retention. */
  public static ReceiverSetup setup() {
    SortedMap<String, Card> cards = new TreeMap<>();
    for (int card = 1; card <= CARDS; card++) {
      cards.put("card-" + card, new Card(1, state("L1"), false));
    }
    return new ReceiverSetup(cards, Set.of("card.snapshot"), Duration.ofHours(24), START);
  }

  /** {@code rounds} rounds of {@code concurrency} deliveries each, drawn from {@code seed}. */
  public static List<List<Envelope>> rounds(long seed, int concurrency, int rounds) {
    Random random = new Random(seed);
    List<List<Envelope>> batch = new ArrayList<>();
    List<Envelope> earlier = new ArrayList<>();
    int nextId = 1;
    for (int round = 0; round < rounds; round++) {
      int kind = round < 2 ? round * 2 : random.nextInt(7);
      List<Envelope> deliveries = new ArrayList<>();
      Envelope first = snapshot("e-" + nextId++, card(random), version(random), "");
      if (kind == 1 && !earlier.isEmpty()) {
        Envelope again = earlier.get(random.nextInt(earlier.size()));
        deliveries.addAll(copies(again, concurrency));
      } else if (kind == 2) {
        // Copies of the first content and, under the same id, changed content.
        for (int index = 0; index < concurrency; index++) {
          deliveries.add(index % 2 == 0 ? first : relabelled(first, " variant " + (index / 2 + 1)));
        }
      } else if (kind == 3 || kind == 4) {
        String card = card(random);
        deliveries.add(first);
        deliveries.add(first);
        while (deliveries.size() < concurrency) {
          deliveries.add(snapshot("e-" + nextId++, card, version(random), ""));
        }
        deliveries = deliveries.subList(0, concurrency);
      } else {
        deliveries.addAll(copies(first, concurrency));
      }
      earlier.addAll(deliveries);
      batch.add(List.copyOf(deliveries));
    }
    return batch;
  }

  private static List<Envelope> copies(Envelope envelope, int count) {
    List<Envelope> copies = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      copies.add(envelope);
    }
    return copies;
  }

  private static Envelope relabelled(Envelope envelope, String suffix) {
    JsonObject content = (JsonObject) envelope.content();
    JsonObject state = (JsonObject) content.get(Envelope.STATE).orElseThrow();
    String label = ((JsonString) state.get("label").orElseThrow()).value();
    return new Envelope(content.with(Envelope.STATE, state(label + suffix)));
  }

  static Envelope snapshot(String eventId, String card, long version, String suffix) {
    SortedMap<String, JsonValue> members = new TreeMap<>();
    members.put(Envelope.EVENT_ID, new JsonString(eventId));
    members.put(Envelope.OBJECT_ID, new JsonString(card));
    members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    members.put(Envelope.OCCURRED_AT, new JsonString(START.toString()));
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    members.put(Envelope.STATE, state("L" + version + suffix));
    return new Envelope(new JsonObject(members));
  }

  private static JsonObject state(String label) {
    SortedMap<String, JsonValue> members = new TreeMap<>();
    members.put("stage", new JsonString("ready"));
    members.put("label", new JsonString(label));
    return new JsonObject(members);
  }

  private static String card(Random random) {
    return "card-" + (1 + random.nextInt(CARDS));
  }

  private static long version(Random random) {
    return 2 + random.nextInt(MAX_VERSION - 1);
  }
}
