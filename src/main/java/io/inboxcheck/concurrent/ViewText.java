package io.inboxcheck.concurrent;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.RecordedContent;
import io.inboxcheck.receiver.Observable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A view as the search by serial orders ({@link SerialWindows}) compares it, as text in SPEC's
 * words: what the receiver shows of it, what tells two model states apart for the windows after,
 * and what differs between the receiver's view and a model's.
 */
final class ViewText {
  private final Set<Observable> shows;

  ViewText(Set<Observable> shows) {
    this.shows = shows;
  }

  /**
   * What of a view the search compares, as text: what the receiver shows of cards, held inputs (by
   * id, card and reason: copies of one content may be numbered either way), counters and identity
   * records (first content and number of variants).
   */
  String ending(ReceiverView view) {
    return String.join(" ", parts(view).values());
  }

  /**
   * What tells two model states apart for the windows after: everything a later decision reads,
   * whatever the receiver shows, and no step numbers (they follow the order tried). Deduplicating
   * by what the receiver shows alone would drop a state whose hidden part, such as the arrival
   * order of a card's held inputs (re-evaluation follows it), the latest decision of a content (a
   * DUPLICATE restates it) or a first receipt time (retention prunes by it), is the only one that
   * explains a later window.
   */
  static String key(ReceiverView view) {
    StringBuilder key = new StringBuilder();
    key.append("clock ").append(view.clock()).append(" cards ").append(view.cards());
    key.append(" counters ").append(view.replacements()).append(" held");
    // A card's held inputs an authority re-evaluates count in arrival order, the others as a set.
    view.held().stream()
        .sorted(
            Comparator.comparing((HeldInput input) -> input.objectId().orElse(""))
                .thenComparing(input -> reEvaluated(input) ? "" : held(input)))
        .forEach(input -> key.append(' ').append(held(input)));
    key.append(" identities");
    view.identities().stream()
        .sorted(Comparator.comparing(IdentityRecord::eventId))
        .forEach(
            record -> {
              key.append(' ').append(record.eventId()).append('@').append(record.firstReceivedAt());
              content(key, record.firstRecord());
              record.variants().stream()
                  .map(variant -> content(new StringBuilder(), variant).toString())
                  .sorted()
                  .forEach(key::append);
            });
    return key.toString();
  }

  private static boolean reEvaluated(HeldInput input) {
    return !input.reason().resolvedByAuthority() && !input.reason().staysUnresolvedAfterAuthority();
  }

  private static String held(HeldInput input) {
    return input.reason() + ":" + input.envelope().content().canonicalText();
  }

  private static StringBuilder content(StringBuilder key, RecordedContent content) {
    return key.append(" [")
        .append(content.content().canonicalText())
        .append(' ')
        .append(content.latestDecision())
        .append(']');
  }

  /** What differs between the receiver's view and a model's, part by part, card by card. */
  String difference(ReceiverView stored, ReceiverView model) {
    Map<String, String> shown = parts(stored);
    Map<String, String> modelled = parts(model);
    List<String> differing = new ArrayList<>();
    shown.forEach(
        (part, text) -> {
          if (part.equals("cards")) {
            cardDifferences(stored, model, differing);
          } else if (!text.equals(modelled.get(part))) {
            differing.add("it shows " + text + " where the model ends with " + modelled.get(part));
          }
        });
    return String.join("; ", differing);
  }

  /** The cards that differ, one by one: the others would drown them. */
  private static void cardDifferences(
      ReceiverView stored, ReceiverView model, List<String> differing) {
    Set<String> ids = new TreeSet<>(stored.cards().keySet());
    ids.addAll(model.cards().keySet());
    for (String id : ids) {
      Object shown = stored.cards().get(id);
      Object modelled = model.cards().get(id);
      if (!Objects.equals(shown, modelled)) {
        differing.add(
            "it shows "
                + id
                + " "
                + Facts.render(shown)
                + " where the model ends with "
                + Facts.render(modelled));
      }
    }
  }

  /** The parts of a view the receiver shows, each as text that starts with its name. */
  private Map<String, String> parts(ReceiverView view) {
    Map<String, String> parts = new LinkedHashMap<>();
    if (shows.contains(Observable.CARDS)) {
      parts.put("cards", "cards " + cards(view));
    }
    if (shows.contains(Observable.HELD)) {
      parts.put(
          "held",
          "held "
              + view.held().stream()
                  .map(
                      input ->
                          input.envelope().eventId().orElse("-")
                              + "/"
                              + input.envelope().objectId().orElse("-")
                              + ":"
                              + input.reason())
                  .sorted()
                  .toList());
    }
    if (shows.contains(Observable.COUNTERS)) {
      parts.put("counters", "counters " + counters(view));
    }
    if (shows.contains(Observable.IDENTITIES)) {
      parts.put(
          "identities",
          "identities " + view.identities().stream().map(ViewText::identity).sorted().toList());
    }
    return parts;
  }

  private static String identity(IdentityRecord record) {
    return record.eventId()
        + "="
        + record.firstRecord().content()
        + " +"
        + record.variants().size();
  }

  /** Every card as SPEC names its parts: {@code card-1 v3 {"stage":"ready"} paused}. */
  private static String cards(ReceiverView view) {
    return view.cards().entrySet().stream()
        .map(card -> card.getKey() + " " + Facts.render(card.getValue()))
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String counters(ReceiverView view) {
    return "event "
        + view.replacements().event()
        + ", authoritative "
        + view.replacements().authoritative();
  }
}
