package io.inboxcheck.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The columnar identity table behaves as the linked hash map of records it replaced: the same
 * records by id, in order of first receipt, through growth, removal and ids whose hashes collide.
 */
class IdentityTableTests {
  private static final Instant AT = Instant.parse("2024-01-01T08:00:00Z");

  /** Sixteen ids with one hash code: "Aa" and "BB" hash alike, and so do their concatenations. */
  private static List<String> collidingIds() {
    List<String> ids = new ArrayList<>(List.of(""));
    for (int round = 0; round < 4; round++) {
      List<String> longer = new ArrayList<>();
      for (String id : ids) {
        longer.add(id + "Aa");
        longer.add(id + "BB");
      }
      ids = longer;
    }
    return ids;
  }

  private static RecordedContent content(String eventId, int step, Decision... decisions) {
    Envelope envelope = Envelopes.snapshot(eventId, "card-" + step % 5, step, "ready", "L" + step);
    return new RecordedContent(envelope.content(), step, AT.plusSeconds(step), List.of(decisions));
  }

  private static IdentityRecord plain(String eventId, int step) {
    return new IdentityRecord(eventId, content(eventId, step, Decision.APPLIED), List.of());
  }

  /** A record the table keeps whole: with a variant, or a first record decided twice. */
  private static IdentityRecord notPlain(String eventId, int step) {
    if (step % 2 == 0) {
      return new IdentityRecord(
          eventId,
          content(eventId, step, Decision.held(HeldReason.CARD_PAUSED), Decision.STALE),
          List.of());
    }
    return new IdentityRecord(
        eventId,
        content(eventId, step, Decision.APPLIED),
        List.of(content(eventId, step + 1, Decision.held(HeldReason.ID_CONFLICT))));
  }

  private static void assertSame(IdentityTable table, LinkedHashMap<String, IdentityRecord> map) {
    assertThat(table.size()).isEqualTo(map.size());
    assertThat(table.values()).hasSize(map.size()).containsExactlyElementsOf(map.values());
    for (IdentityRecord record : map.values()) {
      assertThat(table.contains(record.eventId())).isTrue();
      assertThat(table.get(record.eventId())).isEqualTo(record);
    }
  }

  @Test
  void agreesWithALinkedHashMapThroughPutsReplacementsAndRemovals() {
    List<String> ids = new ArrayList<>(collidingIds());
    for (int number = 0; number < 60; number++) {
      ids.add("e-" + number);
    }
    Random random = new Random(15);
    IdentityTable table = new IdentityTable();
    LinkedHashMap<String, IdentityRecord> map = new LinkedHashMap<>();
    for (int step = 1; step <= 3_000; step++) {
      String id = ids.get(random.nextInt(ids.size()));
      int operation = random.nextInt(10);
      if (operation < 4) {
        IdentityRecord record = plain(id, step);
        table.putFirstRecord(id, record.firstRecord());
        map.put(id, record);
      } else if (operation < 6) {
        IdentityRecord record = notPlain(id, step);
        table.put(record);
        map.put(id, record);
      } else if (operation < 7) {
        IdentityRecord record = plain(id, step);
        table.put(record);
        map.put(id, record);
      } else {
        table.remove(id);
        map.remove(id);
      }
      assertThat(table.contains(id)).isEqualTo(map.containsKey(id));
      assertThat(table.get(id)).isEqualTo(map.get(id));
      if (step % 100 == 0) {
        assertSame(table, map);
      }
    }
    assertSame(table, map);
  }

  @Test
  void keepsTheOrderOfFirstReceiptAcrossGrowthAndClosedGaps() {
    IdentityTable table = new IdentityTable();
    LinkedHashMap<String, IdentityRecord> map = new LinkedHashMap<>();
    for (int step = 1; step <= 500; step++) {
      IdentityRecord record =
          step % 7 == 0 ? notPlain("e-" + step, step) : plain("e-" + step, step);
      table.put(record);
      map.put(record.eventId(), record);
      // Retention lets go of the oldest records, as pruning does.
      if (step % 3 == 0) {
        String oldest = map.keySet().iterator().next();
        table.remove(oldest);
        map.remove(oldest);
      }
    }
    assertSame(table, map);
    // Putting a retained id again keeps its place; putting a removed one appends it.
    IdentityRecord replaced = notPlain("e-499", 1_000);
    table.put(replaced);
    map.put("e-499", replaced);
    table.putFirstRecord("e-1", plain("e-1", 1_001).firstRecord());
    map.put("e-1", plain("e-1", 1_001));
    assertSame(table, map);
  }

  @Test
  void keepsOnlyAFirstRecordWithOneDecisionAndNoVariantInColumns() {
    IdentityTable table = new IdentityTable();
    table.putFirstRecord("e-1", plain("e-1", 1).firstRecord());
    table.put(plain("e-2", 2));
    table.put(notPlain("e-3", 3));
    table.put(notPlain("e-4", 4));
    table.putFirstRecord("e-5", notPlain("e-4", 4).firstRecord());

    assertThat(table.inColumns("e-1")).isTrue();
    assertThat(table.inColumns("e-2")).isTrue();
    assertThat(table.inColumns("e-3")).as("with a variant").isFalse();
    assertThat(table.inColumns("e-4")).as("decided twice").isFalse();
    assertThat(table.inColumns("e-5")).as("decided twice").isFalse();
    assertThat(table.get("e-5").firstRecord().decisions()).hasSize(2);
    // Replacing a record in place moves it out of the columns and back.
    table.put(notPlain("e-1", 1));
    table.put(plain("e-3", 3));
    assertThat(table.inColumns("e-1")).isFalse();
    assertThat(table.inColumns("e-3")).isTrue();
  }

  @Test
  void closesItsGapsInsteadOfGrowingWhenHalfThePositionsAreGaps() {
    IdentityTable table = new IdentityTable();
    for (int step = 1; step <= 8; step++) {
      table.put(plain("e-" + step, step));
    }
    assertThat(table.capacity()).isEqualTo(8);
    for (int step = 1; step <= 4; step++) {
      table.remove("e-" + step);
    }
    table.put(plain("e-9", 9));
    assertThat(table.capacity()).as("four gaps of eight closed").isEqualTo(8);
    // Three gaps of eight are too few to close: the table doubles.
    for (int step = 10; step <= 12; step++) {
      table.put(plain("e-" + step, step));
    }
    table.remove("e-5");
    table.remove("e-6");
    table.remove("e-7");
    table.put(plain("e-13", 13));
    assertThat(table.capacity()).isEqualTo(16);
    assertThat(table.values())
        .extracting(IdentityRecord::eventId)
        .containsExactly("e-8", "e-9", "e-10", "e-11", "e-12", "e-13");
    // A table that only ever retains a few ids stays small however many pass through it.
    IdentityTable churned = new IdentityTable();
    for (int step = 1; step <= 1_000; step++) {
      churned.put(plain("e-" + step, step));
      churned.remove("e-" + (step - 3));
    }
    assertThat(churned.capacity()).isEqualTo(8);
    assertThat(churned.size()).isEqualTo(3);
  }

  @Test
  void reservingRoomKeepsEveryRecordAndPutsTheReservedOnesWithoutGrowing() {
    IdentityTable exact = new IdentityTable();
    exact.reserve(16);
    assertThat(exact.capacity()).as("a power of two, no larger than needed").isEqualTo(16);
    exact.reserve(0);
    assertThat(exact.capacity()).as("reserving never shrinks").isEqualTo(16);
    IdentityTable table = new IdentityTable();
    LinkedHashMap<String, IdentityRecord> map = new LinkedHashMap<>();
    for (int step = 1; step <= 5; step++) {
      IdentityRecord record = notPlain("e-" + step, step);
      table.put(record);
      map.put(record.eventId(), record);
    }
    table.reserve(3_000);
    int reserved = table.capacity();
    assertThat(reserved).isEqualTo(4_096);
    assertSame(table, map);
    // More records than one chunk of the reference columns holds, with a removal now and then.
    for (int step = 6; step <= 3_005; step++) {
      IdentityRecord record = plain("e-" + step, step);
      table.put(record);
      map.put(record.eventId(), record);
      if (step % 10 == 0) {
        table.remove("e-" + (step - 5));
        map.remove("e-" + (step - 5));
      }
    }
    assertThat(table.capacity()).as("no growth within the reserved room").isEqualTo(reserved);
    assertSame(table, map);
    assertSame(new IdentityTable(table), map);
  }

  @Test
  void aReceiptTimeAndDecisionComeBackExactlyAsPut() {
    IdentityTable table = new IdentityTable();
    Envelope envelope = Envelopes.snapshot("e-1", "card-1", 3, "ready", "L");
    RecordedContent first =
        new RecordedContent(
            envelope.content(),
            4,
            AT.plusNanos(123_456_789),
            List.of(new Decision.Duplicate(Decision.held(HeldReason.MISSING_VERSION))));
    table.putFirstRecord("e-1", first);

    assertThat(table.inColumns("e-1")).isTrue();
    assertThat(table.get("e-1")).isEqualTo(new IdentityRecord("e-1", first, List.of()));
    assertThat(table.get("e-1").firstReceivedAt()).isEqualTo(AT.plusNanos(123_456_789));
  }

  @Test
  void findsNothingForAnIdNeverPutOrRemoved() {
    IdentityTable table = new IdentityTable();
    List<String> colliding = collidingIds();
    colliding.subList(0, 12).forEach(id -> table.put(plain(id, 1)));
    table.remove(colliding.get(3));
    table.remove("never-put");

    assertThat(table.size()).isEqualTo(11);
    assertThat(table.contains(colliding.get(3))).isFalse();
    assertThat(table.get(colliding.get(3))).isNull();
    assertThat(table.contains(colliding.get(12))).isFalse();
    assertThat(table.get(colliding.get(12))).isNull();
    assertThat(table.contains(colliding.get(4))).isTrue();
  }

  @Test
  void aCopyIsIndependentOfTheOriginal() {
    IdentityTable original = new IdentityTable();
    for (int step = 1; step <= 6; step++) {
      original.put(step % 2 == 0 ? notPlain("e-" + step, step) : plain("e-" + step, step));
    }
    IdentityTable copy = new IdentityTable(original);
    copy.remove("e-2");
    copy.put(plain("e-7", 7));
    original.put(plain("e-8", 8));

    assertThat(original.values())
        .extracting(IdentityRecord::eventId)
        .containsExactly("e-1", "e-2", "e-3", "e-4", "e-5", "e-6", "e-8");
    assertThat(copy.values())
        .extracting(IdentityRecord::eventId)
        .containsExactly("e-1", "e-3", "e-4", "e-5", "e-6", "e-7");
    assertThat(copy.get("e-4")).isEqualTo(notPlain("e-4", 4));
    assertThat(copy.get("e-8")).isNull();
  }

  @Test
  void theViewFollowsChangesAndEndsWhereTheRecordsDo() {
    IdentityTable table = new IdentityTable();
    var view = table.values();
    table.put(plain("e-1", 1));
    table.put(plain("e-2", 2));
    table.remove("e-1");

    assertThat(view).containsExactly(plain("e-2", 2));
    Iterator<IdentityRecord> iterator = view.iterator();
    assertThat(iterator.next()).isEqualTo(plain("e-2", 2));
    assertThat(iterator.hasNext()).isFalse();
    assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
    table.remove("e-2");
    assertThat(view).isEmpty();
    assertThat(view.iterator().hasNext()).isFalse();
  }
}
