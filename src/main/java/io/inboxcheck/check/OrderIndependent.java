package io.inboxcheck.check;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * ORDER_INDEPENDENT of SPEC section 7, the one implementation: where its premise holds, the final
 * cards (version and state; the pause is not part of the claim) are the predicted ones in every
 * arrival order. The explorer derives the prediction from a scenario file; the order property takes
 * the generator's.
 */
public final class OrderIndependent {
  private final SortedMap<String, String> predicted;
  private final String premise;

  private OrderIndependent(SortedMap<String, String> predicted, String premise) {
    this.predicted = predicted;
    this.premise = premise;
  }

  /** The prediction for {@code scenario}: a covering authority's cards, else conflict-free ones. */
  public static OrderIndependent of(Scenario scenario) {
    SortedMap<String, String> covering = coveringAuthority(scenario);
    if (covering != null) {
      return new OrderIndependent(
          covering,
          "the last reconciliation lists every card at a version no lower than any delivered one:"
              + " the final cards are the authority's in every order");
    }
    SortedMap<String, String> highest = conflictFree(scenario);
    if (highest != null) {
      return new OrderIndependent(
          highest,
          "valid, conflict-free deliveries: per card the highest version's snapshot in every"
              + " order");
    }
    return new OrderIndependent(
        null,
        "premise does not hold (conflicts or invalid deliveries and no covering authority):"
            + " the distribution of final cards is reported, not checked");
  }

  /** A prediction made elsewhere (the order-case generator's provider truth). */
  public static OrderIndependent predicting(Map<String, Card> cards, String premise) {
    return new OrderIndependent(contents(cards), premise);
  }

  public String premise() {
    return premise;
  }

  /** Whether the premise holds, so that the final cards are checked at all. */
  public boolean applies() {
    return predicted != null;
  }

  /**
   * The violation, if the final cards differ from the prediction on the cards in {@code objects}.
   */
  public Optional<Violation> check(Map<String, Card> finalCards, Set<String> objects) {
    if (predicted == null) {
      return Optional.empty();
    }
    SortedMap<String, String> expected = new TreeMap<>(predicted);
    expected.keySet().retainAll(objects);
    SortedMap<String, String> observed = contents(finalCards);
    observed.keySet().retainAll(objects);
    if (expected.equals(observed)) {
      return Optional.empty();
    }
    return Optional.of(
        Violation.of(
            Invariant.ORDER_INDEPENDENT,
            0,
            "run",
            Facts.of("final cards", expected),
            Facts.of("final cards", observed)));
  }

  /** As above, on every card either side names. */
  public Optional<Violation> check(Map<String, Card> finalCards) {
    Set<String> objects = new java.util.HashSet<>(finalCards.keySet());
    if (predicted != null) {
      objects.addAll(predicted.keySet());
    }
    return check(finalCards, objects);
  }

  /** Version and state per card: the pause flag is not part of the claim. */
  private static SortedMap<String, String> contents(Map<String, Card> cards) {
    SortedMap<String, String> contents = new TreeMap<>();
    cards.forEach((id, card) -> contents.put(id, contents(card)));
    return contents;
  }

  private static String contents(Card card) {
    return "v" + card.version() + " " + card.state().canonicalText();
  }

  /** The authority's cards when the last reconciliation covers every card, else null. */
  private static SortedMap<String, String> coveringAuthority(Scenario scenario) {
    List<ScenarioStep> steps = scenario.steps();
    int last = steps.size() - 1;
    while (last >= 0 && steps.get(last) instanceof ScenarioStep.Advance) {
      last--;
    }
    if (last < 0 || !(steps.get(last) instanceof ScenarioStep.Reconcile reconcile)) {
      return null;
    }
    SortedMap<String, AuthoritativeCard> authority = reconcile.authority();
    if (!authority.keySet().containsAll(scenario.initial().keySet())) {
      return null;
    }
    for (ScenarioStep step : steps.subList(0, last)) {
      if (step instanceof ScenarioStep.Reconcile earlier
          && !authority.keySet().containsAll(earlier.authority().keySet())) {
        return null;
      }
      if (step instanceof ScenarioStep.Deliver deliver) {
        Envelope envelope = deliver.envelope();
        AuthoritativeCard listed = envelope.objectId().map(authority::get).orElse(null);
        if (listed != null
            && envelope.version() instanceof ObjectVersion.Valid valid
            && valid.value() > listed.version()) {
          return null;
        }
      }
    }
    SortedMap<String, String> expected = new TreeMap<>();
    authority.forEach((id, card) -> expected.put(id, contents(card.asCard())));
    return expected;
  }

  /** Per card the highest delivered version's snapshot when deliveries are clean, else null. */
  private static SortedMap<String, String> conflictFree(Scenario scenario) {
    Map<String, JsonValue> contentById = new HashMap<>();
    Map<String, JsonObject> stateByVersion = new HashMap<>();
    SortedMap<String, Card> highest = new TreeMap<>(scenario.initial());
    for (ScenarioStep step : scenario.steps()) {
      if (step instanceof ScenarioStep.Reconcile) {
        return null;
      }
      if (!(step instanceof ScenarioStep.Deliver deliver)) {
        continue;
      }
      Envelope envelope = deliver.envelope();
      if (deliver.transport().storageFault()
          || envelope.eventId().isEmpty()
          || envelope.objectId().filter(scenario.initial()::containsKey).isEmpty()
          || envelope.type().filter(scenario.supportedTypes()::contains).isEmpty()
          || envelope.state().isEmpty()
          || !(envelope.version() instanceof ObjectVersion.Valid valid)) {
        return null;
      }
      JsonValue earlier = contentById.putIfAbsent(envelope.eventId().get(), envelope.content());
      String versionKey = envelope.objectId().get() + "@" + valid.value();
      JsonObject sameVersion = stateByVersion.putIfAbsent(versionKey, envelope.state().get());
      Card initial = scenario.initial().get(envelope.objectId().get());
      boolean conflictsInitial =
          valid.value() == initial.version() && !initial.state().equals(envelope.state().get());
      if ((earlier != null && !earlier.equals(envelope.content()))
          || (sameVersion != null && !sameVersion.equals(envelope.state().get()))
          || conflictsInitial) {
        return null;
      }
      Card current = highest.get(envelope.objectId().get());
      if (valid.value() > current.version()) {
        highest.put(
            envelope.objectId().get(), new Card(valid.value(), envelope.state().get(), false));
      }
    }
    return contents(highest);
  }
}
