package io.inboxcheck.store;

import static io.inboxcheck.store.StoreFixtures.snapshot;
import static io.inboxcheck.store.StoreFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.Violation;
import io.inboxcheck.concurrent.ViewSnapshot;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.store.RaceHook.Window;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.RepeatedTest;

/**
 * The named races of docs/storage-boundary.md played in one order every time (see {@link Race}):
 * the first transaction is held at its window, the second runs, the first goes on. Each race runs
 * against the store as built, which must make the second wait where the two share a name and pass
 * every check, and against the store with one part of the protocol missing ({@link PlantedMistake},
 * planted in the store's own SQL), which a check must catch on every repetition. Pruning races are
 * {@link PostgresPruneRaceTests}.
 */
class PostgresRaceWindowTests {
  /** Repetitions of each race: every one must give the same verdict. */
  static final int RUNS = 10;

  /** What a race left: the problems the checks found, and whether the second side waited. */
  record Verdict(List<String> problems, boolean secondWaited) {}

  @RepeatedTest(RUNS)
  void twoFirstArrivalsOfOneIdWaitForTheIdentityLock() throws Exception {
    Verdict verdict = firstArrivalsOfOneId(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("the variant waits for the identity lock").isTrue();
  }

  @RepeatedTest(RUNS)
  void theIdentityLockDroppedFromTheReadIsCaughtAsAUniqueViolation() throws Exception {
    Verdict verdict =
        firstArrivalsOfOneId(Set.of(PlantedMistake.IDENTITY_LOCK_DROPPED_FROM_THE_READ));

    assertThat(verdict.secondWaited()).as("nothing makes the variant wait").isFalse();
    assertThat(verdict.problems())
        .as("a NO_ACK for contention is a violation, named by its SQLSTATE")
        .anyMatch(problem -> problem.contains("SQLSTATE 23505 (unique_violation)"));
  }

  /**
   * Sections 4.1 and 7: e-1 for card-7 decides APPLIED and is held before it writes; a variant of
   * e-1 for card-8 arrives. With the identity lock it waits, then finds the first record and is an
   * ID_CONFLICT; without it, it decides on no record, and one of the two first records fails.
   */
  private static Verdict firstArrivalsOfOneId(Set<PlantedMistake> planted) throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      HeldWindow held = new HeldWindow(Window.DELIVERY_DECIDED);
      PostgresReceiver first = race.receiver(held, planted);
      PostgresReceiver second = race.receiver(RaceHook.NONE, planted);
      Envelope applied = snapshot("e-1", "card-7", 11L, "L11");
      Envelope variant = snapshot("e-1", "card-8", 4L, "L4");
      Race.Outcome<?, ?> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.deliver(first, 1, applied),
              () -> race.deliver(second, 2, variant));
      return race.verdict(outcome);
    }
  }

  /**
   * Section 5: e-1 was APPLIED to card-7. Its variant for card-8 first locks e-1 and card-8, finds
   * the record naming card-7 too, rolls back and is held before it reads again, holding no lock.
   * Meanwhile a variant of e-1 for card-7 commits without waiting. The read again must decide on
   * that variant as well: the two replay through the model in commit order.
   */
  @RepeatedTest(RUNS)
  void aDeliveryReadingAgainDecidesOnWhatCommittedMeanwhile() throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(RaceHook.NONE);
      race.deliver(setUp, 1, snapshot("e-1", "card-7", 11L, "L11"));
      HeldWindow held = new HeldWindow(Window.DELIVERY_READ_AGAIN);
      PostgresReceiver first = race.receiver(held);
      PostgresReceiver second = race.receiver(RaceHook.NONE);
      Race.Outcome<DeliveryResult, DeliveryResult> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.deliver(first, 2, snapshot("e-1", "card-8", 4L, "L4")),
              () -> race.deliver(second, 3, snapshot("e-1", "card-7", 12L, "L12")));

      assertThat(race.problems()).isEmpty();
      assertThat(outcome.secondWaited()).as("the first holds no lock while held").isFalse();
      assertThat(setUp.freshView().identity("e-1").orElseThrow().variants())
          .as("both variants recorded")
          .hasSize(2);
    }
  }

  @RepeatedTest(RUNS)
  void aRedeliveryWaitingForAReEvaluationRestatesTheNewDecision() throws Exception {
    Verdict verdict = redeliveryRacingAReEvaluation(Set.of());

    assertThat(verdict.problems()).isEmpty();
    assertThat(verdict.secondWaited()).as("the redelivery waits for card-7's lock").isTrue();
  }

  @RepeatedTest(RUNS)
  void theIdentityReadBeforeTheCardLocksIsCaught() throws Exception {
    Verdict verdict =
        redeliveryRacingAReEvaluation(Set.of(PlantedMistake.IDENTITY_READ_BEFORE_THE_CARD_LOCKS));

    assertThat(verdict.secondWaited()).isTrue();
    assertThat(verdict.problems())
        .as("the redelivery restates the decision the re-evaluation replaced")
        .isNotEmpty();
  }

  /**
   * Section 6: e-1 is held CARD_PAUSED on card-7 (paused by e-0's conflicting variant). A
   * reconciliation of card-7 decides (e-1 re-evaluated to STALE) and is held before it writes; the
   * redelivery of e-1 takes its identity lock and waits for card-7. It must restate STALE, which it
   * reads only if it reads the identity once it holds card-7.
   */
  private static Verdict redeliveryRacingAReEvaluation(Set<PlantedMistake> planted)
      throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver setUp = race.receiver(RaceHook.NONE);
      race.deliver(setUp, 1, snapshot("e-0", "card-7", 11L, "L11"));
      race.deliver(setUp, 2, snapshot("e-0", "card-8", 4L, "L4"));
      Envelope paused = snapshot("e-1", "card-7", 12L, "L12");
      race.deliver(setUp, 3, paused);
      HeldWindow held = new HeldWindow(Window.RECONCILE_DECIDED);
      PostgresReceiver reconciler = race.receiver(held);
      PostgresReceiver redeliverer = race.receiver(RaceHook.NONE, planted);
      SortedMap<String, AuthoritativeCard> authority = new TreeMap<>();
      authority.put("card-7", new AuthoritativeCard(13, state("ready", "L13")));
      Race.Outcome<?, ?> outcome =
          Race.run(
              race.schema,
              held,
              () -> race.reconcile(reconciler, 5, authority),
              () -> race.deliver(redeliverer, 4, paused));
      return race.verdict(outcome);
    }
  }

  @RepeatedTest(RUNS)
  void aViewReadWhileADeliveryCommitsIsOneSnapshot() throws Exception {
    Verdict verdict = viewReadWhileADeliveryCommits(Set.of());

    assertThat(verdict.problems()).isEmpty();
  }

  @RepeatedTest(RUNS)
  void theViewReadUnderReadCommittedIsCaught() throws Exception {
    Verdict verdict =
        viewReadWhileADeliveryCommits(Set.of(PlantedMistake.VIEW_UNDER_READ_COMMITTED));

    assertThat(verdict.problems())
        .as("the audit shows an APPLIED the counters and the card do not")
        .isNotEmpty();
  }

  /**
   * The view reads cards and counters and is held before it reads the audit; e-2 is APPLIED to
   * card-7 and commits; the view goes on. In one snapshot the view shows e-2 nowhere; reading each
   * table at its own moment, it shows e-2's audit entry and identity but not its counter or card.
   */
  private static Verdict viewReadWhileADeliveryCommits(Set<PlantedMistake> planted)
      throws Exception {
    try (RaceRecord race = new RaceRecord()) {
      PostgresReceiver writer = race.receiver(RaceHook.NONE);
      race.deliver(writer, 1, snapshot("e-1", "card-8", 4L, "L4"));
      HeldWindow held = new HeldWindow(Window.VIEW_COUNTERS_READ);
      PostgresReceiver reader = race.receiver(held, planted);
      Race.Outcome<ReceiverView, ?> outcome =
          Race.run(
              race.schema,
              held,
              reader::freshView,
              () -> race.deliver(writer, 2, snapshot("e-2", "card-7", 11L, "L11")));
      List<String> problems =
          ViewSnapshot.check(race.setup, outcome.first()).stream()
              .map(Violation::describe)
              .toList();
      return race.verdict(problems, outcome);
    }
  }
}
