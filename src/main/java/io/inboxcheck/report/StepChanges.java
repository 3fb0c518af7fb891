package io.inboxcheck.report;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * What one step changed in a receiver's state, as data: cards (version, state, pause), held inputs
 * taken and released, replacement counters and pruned identities, each against the step before. A
 * failure story renders these; computing them knows nothing of text.
 */
public final class StepChanges {
  private StepChanges() {}

  /** One difference between the state before a step and after it. */
  public sealed interface Change
      permits CardAdded,
          CardRemoved,
          VersionChanged,
          StateChanged,
          Paused,
          Unpaused,
          HeldTaken,
          HeldReleased,
          HeldReasonChanged,
          CounterChanged,
          Pruned {}

  /** A card appeared: an authority created it, or a receiver invented it. */
  public record CardAdded(String objectId, Card card) implements Change {}

  public record CardRemoved(String objectId) implements Change {}

  public record VersionChanged(String objectId, long from, long to) implements Change {}

  public record StateChanged(String objectId, JsonObject from, JsonObject to) implements Change {}

  public record Paused(String objectId) implements Change {}

  public record Unpaused(String objectId) implements Change {}

  /** An input became held; {@code eventId} is null for an input without an id. */
  public record HeldTaken(int step, String eventId, HeldReason reason) implements Change {}

  /** A held input left the list: resolved, re-evaluated to a decision, or lost. */
  public record HeldReleased(int step, String eventId, HeldReason reason) implements Change {}

  public record HeldReasonChanged(int step, String eventId, HeldReason from, HeldReason to)
      implements Change {}

  /** {@code counter} is {@code event} or {@code authoritative}. */
  public record CounterChanged(String counter, long from, long to) implements Change {}

  /** Retention dropped the identity record of {@code eventId} during the step. */
  public record Pruned(String eventId) implements Change {}

  /**
   * The changes of every step of {@code history}, the first against the scenario's initial cards.
   */
  public static List<List<Change>> of(History history) {
    List<List<Change>> changes = new ArrayList<>();
    SortedMap<String, Card> cards = history.scenario().initial();
    List<HeldInput> held = List.of();
    ReplacementCounters counters = ReplacementCounters.ZERO;
    for (HistoryStep step : history.steps()) {
      changes.add(between(cards, held, counters, step));
      cards = step.cards();
      held = step.held();
      counters = step.replacements();
    }
    return changes;
  }

  /** What {@code after} changed against the cards, held inputs and counters before it. */
  public static List<Change> between(
      SortedMap<String, Card> cardsBefore,
      List<HeldInput> heldBefore,
      ReplacementCounters countersBefore,
      HistoryStep after) {
    List<Change> changes = new ArrayList<>();
    cards(cardsBefore, after.cards(), changes);
    held(heldBefore, after.held(), changes);
    ReplacementCounters countersAfter = after.replacements();
    if (countersBefore.event() != countersAfter.event()) {
      changes.add(new CounterChanged("event", countersBefore.event(), countersAfter.event()));
    }
    if (countersBefore.authoritative() != countersAfter.authoritative()) {
      changes.add(
          new CounterChanged(
              "authoritative", countersBefore.authoritative(), countersAfter.authoritative()));
    }
    after.pruned().forEach(eventId -> changes.add(new Pruned(eventId)));
    return changes;
  }

  private static void cards(
      SortedMap<String, Card> before, SortedMap<String, Card> after, List<Change> changes) {
    TreeSet<String> ids = new TreeSet<>(before.keySet());
    ids.addAll(after.keySet());
    for (String id : ids) {
      Card was = before.get(id);
      Card is = after.get(id);
      if (was == null) {
        changes.add(new CardAdded(id, is));
      } else if (is == null) {
        changes.add(new CardRemoved(id));
      } else {
        if (was.version() != is.version()) {
          changes.add(new VersionChanged(id, was.version(), is.version()));
        }
        if (!was.state().equals(is.state())) {
          changes.add(new StateChanged(id, was.state(), is.state()));
        }
        if (was.paused() != is.paused()) {
          changes.add(is.paused() ? new Paused(id) : new Unpaused(id));
        }
      }
    }
  }

  /** Held inputs are told apart by the step that delivered them: ids may repeat or be absent. */
  private static void held(List<HeldInput> before, List<HeldInput> after, List<Change> changes) {
    Map<Integer, HeldInput> was = byStep(before);
    Map<Integer, HeldInput> is = byStep(after);
    for (HeldInput input : before) {
      HeldInput now = is.get(input.step());
      if (now == null) {
        changes.add(new HeldReleased(input.step(), input.eventId().orElse(null), input.reason()));
      } else if (now.reason() != input.reason()) {
        changes.add(
            new HeldReasonChanged(
                input.step(), input.eventId().orElse(null), input.reason(), now.reason()));
      }
    }
    for (HeldInput input : after) {
      if (!was.containsKey(input.step())) {
        changes.add(new HeldTaken(input.step(), input.eventId().orElse(null), input.reason()));
      }
    }
  }

  private static Map<Integer, HeldInput> byStep(List<HeldInput> held) {
    Map<Integer, HeldInput> byStep = new LinkedHashMap<>();
    held.forEach(input -> byStep.put(input.step(), input));
    return byStep;
  }
}
