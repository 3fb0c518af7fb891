package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import io.inboxcheck.json.JsonValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the receiver remembers of one event id: the first record (never overwritten), the variants
 * in arrival order, and when the id was first received (SPEC section 2).
 */
@API(status = EXPERIMENTAL)
public record IdentityRecord(
    String eventId, RecordedContent firstRecord, List<RecordedContent> variants) {
  public IdentityRecord {
    variants = List.copyOf(variants);
  }

  public Instant firstReceivedAt() {
    return firstRecord.receivedAt();
  }

  /** The first record or stored variant whose content equals {@code content}, if any. */
  public Optional<RecordedContent> recorded(JsonValue content) {
    if (firstRecord.content().equals(content)) {
      return Optional.of(firstRecord);
    }
    return variants.stream().filter(variant -> variant.content().equals(content)).findFirst();
  }

  public IdentityRecord withVariant(RecordedContent variant) {
    List<RecordedContent> all = new ArrayList<>(variants);
    all.add(variant);
    return new IdentityRecord(eventId, firstRecord, all);
  }

  /**
   * This record with a new decision for its first record. Only a first record is ever decided
   * again: a variant is held as ID_CONFLICT, which an authority resolves without re-evaluating.
   */
  public IdentityRecord withFirstRecordDecision(Decision decision) {
    return new IdentityRecord(eventId, firstRecord.withDecision(decision), variants);
  }

  /** Every step at which content of this id was recorded: the first record's and the variants'. */
  public List<Integer> recordedSteps() {
    List<Integer> steps = new ArrayList<>();
    steps.add(firstRecord.step());
    variants.forEach(variant -> steps.add(variant.step()));
    return steps;
  }
}
