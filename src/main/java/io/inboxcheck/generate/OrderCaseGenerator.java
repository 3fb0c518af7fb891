package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Generates {@link OrderCase}s: deliveries, a second arrival order drawn from choices, and the
 * expected cards.
 */
public final class OrderCaseGenerator {
  static final int MAX_DELIVERIES = 12;

  private final ScenarioGenerator faults = new ScenarioGenerator();

  public OrderCase generate(Choices choices) {
    return choices.bool(50) ? coveringAuthority(choices) : conflictFree(choices);
  }

  private OrderCase conflictFree(Choices choices) {
    ScenarioDraft draft = new ScenarioDraft(choices);
    int cardCount = choices.integer(1, ScenarioGenerator.MAX_CARDS);
    for (int index = 1; index <= cardCount; index++) {
      draft.addInitialCard("card-" + index);
    }
    List<JsonObject> envelopes = new ArrayList<>();
    choices.list(
        1,
        MAX_DELIVERIES,
        c ->
            c.span(
                "step",
                d -> {
                  if (!envelopes.isEmpty() && c.bool(20)) {
                    envelopes.add(c.pick(envelopes));
                  } else {
                    envelopes.add(draft.freshEnvelope());
                  }
                  return Boolean.TRUE;
                }));
    TreeMap<String, Card> expected = new TreeMap<>(draft.initialCards());
    for (JsonObject envelope : envelopes) {
      Envelope parsed = new Envelope(envelope);
      long version = ((ObjectVersion.Valid) parsed.version()).value();
      String objectId = parsed.objectId().orElseThrow();
      if (version > expected.get(objectId).version()) {
        expected.put(objectId, new Card(version, parsed.state().orElseThrow(), false));
      }
    }
    boolean duplicates = envelopes.stream().distinct().count() < envelopes.size();
    return build(
        OrderCase.Kind.CONFLICT_FREE,
        draft.initialCards(),
        envelopes,
        null,
        expected,
        choices,
        duplicates);
  }

  private OrderCase coveringAuthority(Choices choices) {
    Scenario generated = faults.generate(choices, "order");
    List<JsonObject> envelopes = new ArrayList<>();
    for (ScenarioStep step : generated.steps()) {
      if (step instanceof ScenarioStep.Deliver deliver
          && deliver.envelope().content() instanceof JsonObject object) {
        envelopes.add(object);
      }
    }
    TreeMap<String, Long> highest = new TreeMap<>();
    generated.initial().forEach((id, card) -> highest.put(id, card.version()));
    for (JsonObject envelope : envelopes) {
      Envelope parsed = new Envelope(envelope);
      if (parsed.objectId().isPresent() && parsed.version() instanceof ObjectVersion.Valid valid) {
        highest.merge(parsed.objectId().get(), valid.value(), Math::max);
      }
    }
    Provider provider = new Provider(choices);
    TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
    TreeMap<String, Card> expected = new TreeMap<>();
    for (Map.Entry<String, Long> card : highest.entrySet()) {
      // At or a little above the highest delivered version, never past 2^63-1.
      long above = Math.min(choices.integer(0, 2), Long.MAX_VALUE - card.getValue());
      AuthoritativeCard stated = new AuthoritativeCard(card.getValue() + above, provider.state());
      authority.put(card.getKey(), stated);
      expected.put(card.getKey(), stated.asCard());
    }
    return build(
        OrderCase.Kind.COVERING_AUTHORITY,
        generated.initial(),
        envelopes,
        authority,
        expected,
        choices,
        false);
  }

  private static OrderCase build(
      OrderCase.Kind kind,
      Map<String, Card> initial,
      List<JsonObject> envelopes,
      TreeMap<String, AuthoritativeCard> authority,
      Map<String, Card> expected,
      Choices choices,
      boolean duplicates) {
    int[] order = permutation(choices, envelopes.size());
    List<JsonObject> reordered = new ArrayList<>();
    boolean permuted = false;
    for (int index = 0; index < order.length; index++) {
      reordered.add(envelopes.get(order[index]));
      permuted |=
          order[index] != index && !envelopes.get(order[index]).equals(envelopes.get(index));
    }
    String name =
        kind == OrderCase.Kind.CONFLICT_FREE
            ? (duplicates ? "conflict-free-with-duplicates" : "conflict-free")
            : "covering-authority";
    return new OrderCase(
        kind,
        scenario(name + "-first-order", initial, envelopes, authority),
        scenario(name + "-second-order", initial, reordered, authority),
        new TreeMap<>(expected),
        permuted);
  }

  /** A permutation drawn so that all-zero choices give the identity, which shrinks well. */
  static int[] permutation(Choices choices, int size) {
    int[] order = new int[size];
    for (int index = 0; index < size; index++) {
      order[index] = index;
    }
    for (int index = size - 1; index > 0; index--) {
      int other = index - choices.integer(0, index);
      int swap = order[index];
      order[index] = order[other];
      order[other] = swap;
    }
    return order;
  }

  private static Scenario scenario(
      String name,
      Map<String, Card> initial,
      List<JsonObject> envelopes,
      TreeMap<String, AuthoritativeCard> authority) {
    List<ScenarioStep> steps = new ArrayList<>();
    for (JsonObject envelope : envelopes) {
      steps.add(
          new ScenarioStep.Deliver(
              steps.size() + 1, new Envelope(envelope), null, Transport.PLAIN, null));
    }
    if (authority != null) {
      steps.add(new ScenarioStep.Reconcile(steps.size() + 1, authority, null, null));
    }
    return new Scenario(
        name,
        "generated arrival order",
        name,
        ScenarioGenerator.RETENTION,
        Scenario.DEFAULT_SUPPORTED_TYPES,
        ScenarioGenerator.START,
        new TreeMap<>(initial),
        steps,
        null);
  }
}
