package io.inboxcheck.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The columnar audit gives back exactly what was appended, in order, whatever its kind. */
class AuditLogTests {
  private static final Instant AT = Instant.parse("2024-01-01T08:00:00Z");

  private static List<AuditEntry> entries(int count) {
    List<AuditEntry> entries = new ArrayList<>();
    for (int step = 1; step <= count; step++) {
      Envelope envelope = Envelopes.snapshot("e-" + step, "card-" + step % 3, step, "ready", "L");
      // Nanoseconds too: the columns keep an instant as seconds and nanoseconds.
      Instant at = AT.plusSeconds(step).plusNanos(step * 1_001L);
      entries.add(
          switch (step % 4) {
            case 0 ->
                new AuditEntry.DeliveryRecorded(
                    step, at, envelope, Decision.APPLIED, false, List.of());
            case 1 ->
                new AuditEntry.DeliveryRecorded(
                    step, at, envelope, Decision.held(HeldReason.ID_CONFLICT), true, List.of("c"));
            case 2 ->
                new AuditEntry.DeliveryRecorded(
                    step, at, envelope, Decision.STALE, false, List.of("card-1", "card-2"));
            default -> new AuditEntry.IdentityPruned(step, at, "e-" + step, AT);
          });
    }
    return entries;
  }

  @Test
  void givesBackEveryEntryAsAppendedAcrossGrowth() {
    List<AuditEntry> appended = entries(37);
    AuditLog log = new AuditLog();
    appended.forEach(log::append);

    assertThat(log).hasSize(37).containsExactlyElementsOf(appended);
    assertThat(log.get(3))
        .isEqualTo(appended.get(3))
        .isInstanceOf(AuditEntry.DeliveryRecorded.class);
    assertThatThrownBy(() -> log.get(37)).isInstanceOf(IndexOutOfBoundsException.class);
    // Only a plain delivery (no variant, no pause) is kept as column slots; the rest as objects.
    for (int index = 0; index < appended.size(); index++) {
      assertThat(log.inColumns(index)).as("entry %d", index).isEqualTo((index + 1) % 4 == 0);
    }
  }

  @Test
  void givesBackEveryEntryAcrossChunksWithinReservedRoom() {
    List<AuditEntry> appended = entries(2_600);
    AuditLog log = new AuditLog();
    appended.subList(0, 5).forEach(log::append);
    log.reserve(2_595);
    assertThat(log.capacity()).as("room for exactly what was reserved").isEqualTo(2_600);
    log.reserve(0);
    assertThat(log.capacity()).as("reserving never shrinks").isEqualTo(2_600);
    appended.subList(5, 2_600).forEach(log::append);
    AuditLog copy = new AuditLog(log);

    assertThat(log).containsExactlyElementsOf(appended);
    assertThat(copy).containsExactlyElementsOf(appended);
    AuditEntry extra = new AuditEntry.IdentityPruned(2_601, AT, "e-x", AT);
    copy.append(extra);
    assertThat(copy).hasSize(2_601).endsWith(extra);
    assertThat(log).hasSize(2_600);
  }

  @Test
  void aCopyIsIndependentOfTheOriginal() {
    List<AuditEntry> appended = entries(9);
    AuditLog original = new AuditLog();
    appended.subList(0, 8).forEach(original::append);
    AuditLog copy = new AuditLog(original);

    copy.append(appended.get(8));

    assertThat(original).containsExactlyElementsOf(appended.subList(0, 8));
    assertThat(copy).containsExactlyElementsOf(appended);
  }
}
