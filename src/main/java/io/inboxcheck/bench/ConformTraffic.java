package io.inboxcheck.bench;

import io.inboxcheck.conform.LogLines;
import io.inboxcheck.conform.ModelLog;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * A log of the PostgreSQL receiver's traffic, as its audit table holds it, written by the model
 * ({@link ModelLog}): deliveries of new versions over many cards, a provider's retries soon and a
 * day later, late versions, the same version again, conflicts that pause a card (and the held
 * deliveries while it waits), events for cards not yet known, reused ids, the periodic authority
 * that resolves them, and every identity let go of when its day of retention ends. About two
 * deliveries a second, so some 170,000 ids are inside the retention window at any time.
 */
final class ConformTraffic {
  static final Instant START = Instant.parse("2024-01-01T00:00:00Z");
  static final Duration RETENTION = Duration.ofHours(24);
  static final Set<String> TYPES = Set.of("card.snapshot");

  /** Cards the deliveries spread over. */
  static final int CARDS = 20_000;

  /** Deliveries between two authorities. */
  static final int AUTHORITY_EVERY = 20_000;

  private static final int RECENT = 1024;
  private static final String[] STAGES = {"queued", "building", "ready", "archived"};

  private final SplittableRandom random;
  private final ModelLog model;
  private final long[] versions = new long[CARDS];
  private final Envelope[] recent = new Envelope[RECENT];
  private final List<Envelope> dayOld = new ArrayList<>();
  private final Set<String> toReconcile = new LinkedHashSet<>();
  private Instant clock = START;
  private Instant dayMark = START;
  private int step;
  private long ids;
  private long delivered;

  private ConformTraffic(long seed) {
    this.random = new SplittableRandom(seed);
    TreeMap<String, Card> initial = new TreeMap<>();
    for (int card = 0; card < CARDS; card++) {
      versions[card] = 1;
      initial.put(cardId(card), new Card(1, state(card, 1, 0), false));
    }
    this.model = new ModelLog(initial, TYPES, RETENTION, START);
  }

  /**
   * Writes a log of at least {@code lines} lines (a step's lines are never split) to {@code file}.
   */
  static long write(Path file, long lines, long seed) {
    ConformTraffic traffic = new ConformTraffic(seed);
    long[] written = {0};
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(LogLines.settings(RETENTION, TYPES));
      out.newLine();
      written[0]++;
      while (written[0] < lines) {
        traffic.next(
            line -> {
              try {
                out.write(line);
                out.newLine();
                written[0]++;
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return written[0];
  }

  private void next(java.util.function.Consumer<String> out) {
    clock = clock.plusMillis(random.nextInt(1000));
    step++;
    if (delivered > 0 && delivered % AUTHORITY_EVERY == 0 && !toReconcile.isEmpty()) {
      authority(out);
    }
    delivered++;
    Envelope envelope = envelope();
    recent[(int) (delivered % RECENT)] = envelope;
    model.deliver(step, envelope, clock, out);
    // A card the delivery paused waits for the next authority, as an operator would arrange.
    envelope
        .objectId()
        .filter(objectId -> model.view().card(objectId).map(Card::paused).orElse(false))
        .ifPresent(toReconcile::add);
  }

  private Envelope envelope() {
    int roll = random.nextInt(1000);
    int card = random.nextInt(CARDS);
    if (roll < 80 && delivered > RECENT) {
      return recent[random.nextInt(RECENT)];
    }
    if (roll < 85) {
      return dayLater();
    }
    if (roll < 125) {
      return versioned(card, Math.max(0, versions[card] - 1 - random.nextInt(2)), 0);
    }
    if (roll < 145) {
      return versioned(card, versions[card], 0);
    }
    if (roll < 150) {
      toReconcile.add(cardId(card));
      return versioned(card, versions[card], 1 + random.nextInt(3));
    }
    if (roll < 155) {
      String unknown = "card-new-" + random.nextInt(100);
      toReconcile.add(unknown);
      return envelope(nextId(), unknown, 1, state(0, 1, 0));
    }
    if (roll < 160 && delivered > RECENT) {
      Envelope earlier = recent[random.nextInt(RECENT)];
      earlier.objectId().ifPresent(toReconcile::add);
      JsonObject content = (JsonObject) earlier.content();
      return new Envelope(content.with("note", new JsonString("changed")));
    }
    versions[card] += 1 + random.nextInt(2);
    return versioned(card, versions[card], 0);
  }

  /** A retry of a delivery from about a day ago: after the window, a first record again. */
  private Envelope dayLater() {
    if (!clock.isBefore(dayMark.plus(RETENTION))) {
      dayMark = clock;
      dayOld.clear();
      for (Envelope envelope : recent) {
        if (envelope != null) {
          dayOld.add(envelope);
        }
      }
    }
    int card = random.nextInt(CARDS);
    if (dayOld.isEmpty() || clock.isBefore(dayMark.plus(RETENTION.minusHours(1)))) {
      versions[card]++;
      return versioned(card, versions[card], 0);
    }
    return dayOld.get(random.nextInt(dayOld.size()));
  }

  private void authority(java.util.function.Consumer<String> out) {
    TreeMap<String, AuthoritativeCard> snapshot = new TreeMap<>();
    for (String objectId : toReconcile) {
      Card current = model.view().card(objectId).orElse(null);
      long version = current == null ? 1 : current.version() + 1;
      snapshot.put(
          objectId, new AuthoritativeCard(version, state(cardNumber(objectId), version, 0)));
      if (objectId.startsWith("card-") && !objectId.startsWith("card-new-")) {
        int card = Integer.parseInt(objectId.substring("card-".length()));
        versions[card] = Math.max(versions[card], version);
      }
    }
    toReconcile.clear();
    model.reconcile(step, snapshot, clock, out);
    step++;
  }

  private Envelope versioned(int card, long version, int variant) {
    return envelope(nextId(), cardId(card), version, state(card, version, variant));
  }

  private String nextId() {
    return "evt_" + Long.toString(++ids, 36);
  }

  private Envelope envelope(String eventId, String objectId, long version, JsonObject state) {
    TreeMap<String, JsonValue> members = new TreeMap<>();
    members.put(Envelope.EVENT_ID, new JsonString(eventId));
    members.put(Envelope.OBJECT_ID, new JsonString(objectId));
    members.put(Envelope.OBJECT_VERSION, JsonNumber.of(version));
    members.put(Envelope.OCCURRED_AT, new JsonString(clock.toString()));
    members.put(Envelope.TYPE, new JsonString("card.snapshot"));
    members.put(Envelope.STATE, state);
    return new Envelope(new JsonObject(members));
  }

  private static int cardNumber(String objectId) {
    int dash = objectId.lastIndexOf('-');
    return Integer.parseInt(objectId.substring(dash + 1));
  }

  private static String cardId(int card) {
    return "card-" + card;
  }

  private static JsonObject state(int card, long version, int variant) {
    TreeMap<String, JsonValue> state = new TreeMap<>();
    state.put("stage", new JsonString(STAGES[(int) ((version + variant) % STAGES.length)]));
    state.put("label", new JsonString("Card " + card + (variant == 0 ? "" : " draft " + variant)));
    return new JsonObject(state);
  }
}
