package io.inboxcheck.explore;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What a {@link Search} knows of the steps ahead of each position: an {@link Ahead} per state. */
final class Lookahead {
  private final String[] classIds;
  private final int[] nameBase;
  private final List<Envelope> envelopes = new ArrayList<>();
  private final List<Map<String, AuthoritativeCard>> lastAuthorities;

  Lookahead(ScenarioStep[] steps, List<DeliveryClass> classes) {
    this.classIds = new String[classes.size()];
    this.nameBase = new int[classes.size()];
    int names = 0;
    for (int index = 0; index < classes.size(); index++) {
      Envelope envelope = classes.get(index).members().get(0).envelope();
      classIds[index] = envelope.eventId().orElse(null);
      envelopes.add(envelope);
      nameBase[index] = names;
      names += classes.get(index).multiplicity();
    }
    this.lastAuthorities = lastAuthorities(steps);
  }

  /**
   * What is ahead of the state before {@code position}, with {@code remaining} deliveries of each
   * class still to come; valid while {@code remaining} is unchanged.
   */
  Ahead at(int position, int[] remaining) {
    return new Ahead() {
      @Override
      public boolean mayArrive(String eventId) {
        for (int index = 0; index < classIds.length; index++) {
          if (remaining[index] > 0 && eventId.equals(classIds[index])) {
            return true;
          }
        }
        return false;
      }

      @Override
      public Envelope envelope(int name) {
        int index = 0;
        while (index + 1 < nameBase.length && nameBase[index + 1] <= name) {
          index++;
        }
        return envelopes.get(index);
      }

      @Override
      public List<Envelope> envelopes() {
        return envelopes;
      }

      @Override
      public AuthoritativeCard lastAuthority(String objectId) {
        return lastAuthorities.get(position).get(objectId);
      }
    };
  }

  /**
   * For each position, per object: the authority of the next reconciliation listing it, when no
   * later one lists it again.
   */
  private static List<Map<String, AuthoritativeCard>> lastAuthorities(ScenarioStep[] steps) {
    List<Map<String, AuthoritativeCard>> byPosition = new ArrayList<>();
    for (int position = 0; position <= steps.length; position++) {
      Map<String, AuthoritativeCard> next = new HashMap<>();
      Map<String, Integer> listings = new HashMap<>();
      for (int later = position; later < steps.length; later++) {
        if (steps[later] instanceof ScenarioStep.Reconcile reconcile) {
          reconcile.authority().forEach(next::putIfAbsent);
          reconcile.authority().keySet().forEach(id -> listings.merge(id, 1, Integer::sum));
        }
      }
      listings.forEach(
          (id, count) -> {
            if (count > 1) {
              next.remove(id);
            }
          });
      byPosition.add(next);
    }
    return byPosition;
  }
}
