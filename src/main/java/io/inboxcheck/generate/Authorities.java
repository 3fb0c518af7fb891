package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.ObjectVersion;
import java.util.ArrayList;
import java.util.List;

/** What an authority states for a card in a generated reconciliation. */
final class Authorities {
  private Authorities() {}

  /**
   * The authority's version and state of {@code truth}'s card: usually the provider's latest,
   * sometimes a stale one, and sometimes a dispute of a delivered event at its own version.
   */
  static AuthoritativeCard snapshot(
      Choices choices,
      Swarm swarm,
      Provider provider,
      List<JsonObject> delivered,
      ProviderTruth truth) {
    List<JsonObject> sentForCard = deliveredFor(delivered, truth.objectId());
    if (!sentForCard.isEmpty() && choices.bool(swarm.disputes() ? 80 : 30)) {
      // The authority disagrees with a delivered event at its own version: a held one must
      // then be judged a conflict on re-evaluation, pausing the card again.
      // The latest delivery is the likeliest to be held behind a pause; an earlier one pauses the
      // card again in the middle of the re-evaluation, with held inputs still behind it.
      JsonObject disputed = disputed(choices, swarm, sentForCard);
      long version = ((ObjectVersion.Valid) new Envelope(disputed).version()).value();
      return new AuthoritativeCard(version, provider.otherState(disputed));
    }
    // Usually the provider's latest; sometimes a stale snapshot from earlier in its history.
    int index =
        choices.bool(20)
            ? choices.integer(0, truth.historyLength() - 1)
            : truth.historyLength() - 1;
    return new AuthoritativeCard(truth.versionAt(index), truth.stateAt(index));
  }

  /**
   * The delivery an authority disputes: the latest, or sometimes any. A case that draws disputes
   * aims as often at the one before the latest: a re-pause there leaves the latest held behind it,
   * which a receiver must keep.
   */
  private static JsonObject disputed(Choices choices, Swarm swarm, List<JsonObject> sent) {
    int last = sent.size() - 1;
    if (!swarm.disputes()) {
      return choices.bool(40) ? choices.pick(sent) : sent.get(last);
    }
    int index =
        switch (choices.integer(0, 2)) {
          case 0 -> last;
          case 1 -> Math.max(0, last - 1);
          default -> choices.integer(0, last);
        };
    return sent.get(index);
  }

  /** Delivered envelopes naming {@code objectId} with a valid version. */
  private static List<JsonObject> deliveredFor(List<JsonObject> delivered, String objectId) {
    List<JsonObject> sent = new ArrayList<>();
    for (JsonObject envelope : delivered) {
      Envelope parsed = new Envelope(envelope);
      if (parsed.objectId().filter(objectId::equals).isPresent()
          && parsed.version() instanceof ObjectVersion.Valid) {
        sent.add(envelope);
      }
    }
    return sent;
  }
}
