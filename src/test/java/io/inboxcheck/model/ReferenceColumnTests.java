package io.inboxcheck.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A chunked column reads back what was written, across chunks, and its copies are its own. */
class ReferenceColumnTests {
  private static final int SLOTS = 3 * ReferenceColumn.CHUNK + 17;

  private static ReferenceColumn<String> filled(int slots) {
    ReferenceColumn<String> column = new ReferenceColumn<>();
    for (int slot = 0; slot < slots; slot++) {
      column.set(slot, "v" + slot);
    }
    return column;
  }

  @Test
  void readsBackEverySlotAcrossChunks() {
    ReferenceColumn<String> column = filled(SLOTS);
    column.set(5, null);
    column.set(ReferenceColumn.CHUNK, "first of the second chunk");

    for (int slot = 0; slot < SLOTS; slot++) {
      String expected =
          switch (slot) {
            case 5 -> null;
            case ReferenceColumn.CHUNK -> "first of the second chunk";
            default -> "v" + slot;
          };
      assertThat(column.get(slot)).as("slot %d", slot).isEqualTo(expected);
    }
  }

  @Test
  void aSlotWrittenOutOfOrderReadsBackAndTheSlotsBeforeItAreEmpty() {
    ReferenceColumn<String> column = new ReferenceColumn<>();
    column.set(2 * ReferenceColumn.CHUNK + 3, "far");
    column.set(3, "near");

    assertThat(column.get(2 * ReferenceColumn.CHUNK + 3)).isEqualTo("far");
    assertThat(column.get(2 * ReferenceColumn.CHUNK)).isNull();
    assertThat(column.get(3)).isEqualTo("near");
    assertThat(column.get(2)).isNull();
    // The first chunk holds eight slots so far: the slot just past them reads as empty.
    assertThat(column.get(8)).isNull();
    assertThat(column.get(ReferenceColumn.CHUNK - 1)).isNull();
    column.set(ReferenceColumn.CHUNK - 1, "last of the first chunk");
    assertThat(column.get(ReferenceColumn.CHUNK - 1)).isEqualTo("last of the first chunk");
    assertThat(column.get(3)).isEqualTo("near");
  }

  @Test
  void aCopyIsIndependentOfTheOriginal() {
    ReferenceColumn<String> original = filled(SLOTS);
    ReferenceColumn<String> copy = new ReferenceColumn<>(original);

    copy.set(0, "changed in the copy");
    copy.set(SLOTS, "appended to the copy");
    original.set(SLOTS - 1, "changed in the original");

    assertThat(original.get(0)).isEqualTo("v0");
    assertThat(copy.get(0)).isEqualTo("changed in the copy");
    assertThat(copy.get(SLOTS - 1)).isEqualTo("v" + (SLOTS - 1));
    assertThat(copy.get(SLOTS)).isEqualTo("appended to the copy");
    assertThat(original.get(ReferenceColumn.CHUNK + 1))
        .isEqualTo("v" + (ReferenceColumn.CHUNK + 1));
    // A copy of a column not yet written holds nothing and can be written.
    ReferenceColumn<String> empty = new ReferenceColumn<>(new ReferenceColumn<>());
    empty.set(0, "first");
    assertThat(empty.get(0)).isEqualTo("first");
  }
}
