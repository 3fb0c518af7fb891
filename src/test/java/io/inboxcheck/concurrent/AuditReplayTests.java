package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.ScenarioRunner;
import io.inboxcheck.engine.Choices;
import io.inboxcheck.generate.ScenarioGenerator;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The replay the crash and concurrency checks rely on must be exact where nothing went wrong: the
 * model's own audit, replayed, gives back the model, pruning and re-evaluations included.
 */
class AuditReplayTests {
  /** Generated scenarios whose audits are replayed; every step kind appears many times. */
  static final int SCENARIOS = 500;

  @Test
  void theModelsOwnAuditReplaysToTheModel() {
    SplittableRandom seeds = new SplittableRandom(7);
    List<String> problems = new ArrayList<>();
    for (int index = 0; index < SCENARIOS; index++) {
      Scenario scenario = new ScenarioGenerator().generate(Choices.random(seeds.nextLong()), "r");
      ModelReceiver model = new ModelReceiver(scenario.setup());
      ScenarioRunner.replay(scenario, model);
      List<String> found =
          AuditReplay.check(
              scenario.setup(), model.view(), AuditReplay.Authorities.of(scenario.steps()));
      if (!found.isEmpty() && problems.size() < 3) {
        problems.add(index + ": " + found);
      }
    }
    assertThat(problems).isEmpty();
  }

  /**
   * Numbering steps in audit order, as the concurrency check does, changes nothing for a sequential
   * run: the model's own audit, renumbered, still replays to the model, renumbered.
   */
  @Test
  void renumberedInAuditOrderTheModelsOwnAuditStillReplays() {
    SplittableRandom seeds = new SplittableRandom(11);
    List<String> problems = new ArrayList<>();
    for (int index = 0; index < SCENARIOS; index++) {
      Scenario scenario = new ScenarioGenerator().generate(Choices.random(seeds.nextLong()), "r");
      ModelReceiver model = new ModelReceiver(scenario.setup());
      ScenarioRunner.replay(scenario, model);
      List<AuditEntry> audit = model.view().audit();
      ArrivalOrder arrival = new ArrivalOrder(audit);
      AuditReplay.Authorities authorities = AuditReplay.Authorities.of(scenario.steps());
      List<String> found =
          AuditReplay.check(
              scenario.setup(),
              arrival.renumbered(audit),
              arrival.view(model.view(), audit),
              (rank, objectId) -> authorities.snapshot(arrival.step(rank), objectId));
      if (!found.isEmpty() && problems.size() < 3) {
        problems.add(index + ": " + found);
      }
    }
    assertThat(problems).isEmpty();
  }

  /**
   * A receiver that lost its steps after a kill may audit an authority at a step that sent none:
   * the replay reports it as the receiver's problem instead of stopping the check.
   */
  @Test
  void anAuthorityTheAuditNamesButNoStepSentIsAProblemNotAnError() {
    SplittableRandom seeds = new SplittableRandom(13);
    for (int index = 0; index < SCENARIOS; index++) {
      Scenario scenario = new ScenarioGenerator().generate(Choices.random(seeds.nextLong()), "r");
      ModelReceiver model = new ModelReceiver(scenario.setup());
      ScenarioRunner.replay(scenario, model);
      AuditEntry.AuthorityApplied applied =
          model.view().audit().stream()
              .filter(AuditEntry.AuthorityApplied.class::isInstance)
              .map(AuditEntry.AuthorityApplied.class::cast)
              .findFirst()
              .orElse(null);
      if (applied == null) {
        continue;
      }
      List<String> found = AuditReplay.check(scenario.setup(), model.view(), (step, id) -> null);
      assertThat(found)
          .contains(
              "step "
                  + applied.step()
                  + ": the audit records an authority for "
                  + applied.objectId()
                  + ", but none was sent for it at that step");
      return;
    }
    throw new AssertionError("no generated scenario applied an authority");
  }

  /**
   * A delivery with no identity that is sent again at its step (the provider's retry after a kill
   * landed between its commit and its answer) is held again: nothing is deduplicated against it
   * (SPEC 3.1). The model holds it twice, so a receiver that holds it twice replays to the model.
   */
  @Test
  void aRetriedDeliveryWithoutIdentityIsHeldTwiceAndReplaysToTheModel() throws InputRejected {
    String text = "{\"object_id\":\"card-1\",\"object_version\":8,\"state\":{}}";
    Envelope noIdentity = new Envelope(new StrictJson().parse("test", text), text);
    ReceiverSetup setup =
        new ReceiverSetup(
            new TreeMap<>(),
            Set.of("card.snapshot"),
            Duration.ofDays(1),
            Instant.parse("2024-03-01T10:00:00Z"));
    ModelReceiver receiver = new ModelReceiver(setup);

    receiver.deliver(1, noIdentity, Transport.PLAIN);
    receiver.deliver(1, noIdentity, Transport.PLAIN);

    HeldInput held = new HeldInput(1, noIdentity, HeldReason.MALFORMED);
    assertThat(receiver.view().held()).containsExactly(held, held);
    assertThat(AuditReplay.check(setup, receiver.view(), (step, objectId) -> null)).isEmpty();
  }
}
