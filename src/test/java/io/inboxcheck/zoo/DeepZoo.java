package io.inboxcheck.zoo;

import static io.inboxcheck.check.Invariant.CONFORMANCE;
import static io.inboxcheck.check.Invariant.FULL_REPLACEMENT;
import static io.inboxcheck.check.Invariant.IDEMPOTENT_REDELIVERY;
import static io.inboxcheck.check.Invariant.NOTHING_LOST;
import static io.inboxcheck.check.Invariant.PAUSED_FROZEN;
import static io.inboxcheck.check.Invariant.VERSION_MONOTONIC;

import java.util.List;
import java.util.Set;

/**
 * The zoo receivers of issue 13: mistakes that only show at edge values (versions past 2^31, a
 * clock on the end of a retention window) or at rare depths (three contents of one id, a card's
 * second authority, a re-pause during re-evaluation). The plain generator never reached them; edge
 * values and swarm generation do.
 */
final class DeepZoo {
  private DeepZoo() {}

  static final List<Zoo.Entry> RECEIVERS =
      List.of(
          new Zoo.Entry(
              21,
              ThirtyTwoBitVersionReceiver.class,
              "saves versions in a 32-bit int: a version past 2^31-1 wraps when stored",
              VERSION_MONOTONIC,
              Set.of(VERSION_MONOTONIC, FULL_REPLACEMENT),
              false),
          new Zoo.Entry(
              22,
              RetentionOffByOneReceiver.class,
              "prunes an id only after first_received_at + retention, not at it (> for >=)",
              CONFORMANCE,
              Set.of(),
              false),
          new Zoo.Entry(
              23,
              OccurredAtRetentionReceiver.class,
              "measures an id's retention from its occurred_at instead of its first receipt",
              IDEMPOTENT_REDELIVERY,
              Set.of(IDEMPOTENT_REDELIVERY),
              false),
          new Zoo.Entry(
              24,
              SecondAuthorityReceiver.class,
              "only a card's first authority reconciles; a later one overwrites the card but leaves"
                  + " it paused and its held inputs waiting",
              CONFORMANCE,
              Set.of(),
              false),
          new Zoo.Entry(
              25,
              VariantOverwritingReceiver.class,
              "keeps one slot for an id's changed content: a variant beyond the second content"
                  + " overwrites the second",
              IDEMPOTENT_REDELIVERY,
              Set.of(IDEMPOTENT_REDELIVERY),
              false),
          new Zoo.Entry(
              26,
              BoundedPauseListReceiver.class,
              "decides from a bounded list of paused cards (one): pausing another lets the first take"
                  + " events",
              PAUSED_FROZEN,
              Set.of(),
              false),
          new Zoo.Entry(
              27,
              RepauseDroppingReceiver.class,
              "a re-evaluation that pauses the card again drops the card's other held inputs",
              NOTHING_LOST,
              Set.of(NOTHING_LOST),
              false),
          new Zoo.Entry(
              28,
              HeldIdExpiringReceiver.class,
              "prunes an id at the end of its retention although a delivery of it is still held:"
                  + " a redelivery or changed content under it is decided as new",
              CONFORMANCE,
              Set.of(),
              false));
}
