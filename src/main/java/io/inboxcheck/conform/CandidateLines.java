package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The log lines a {@link MinimalScenario} may keep for one diverging delivery, each as a step with
 * what conform knew of the cards just before it: the lines the policy reads for that delivery,
 * every earlier delivery of its event id (the first and the last always kept) and the deliveries
 * and authorities of the cards they name, of which only the nearest {@value #CANDIDATES}.
 */
final class CandidateLines {
  /** Lines considered besides the diverging one and its id's, nearest first. */
  static final int CANDIDATES = 48;

  /** One line the scenario may keep, and what conform knew just before it. */
  record Entry(
      LogLine line,
      ScenarioStep step,
      Map<String, CardFacts> before,
      boolean mandatory,
      boolean sameId) {
    Entry kept() {
      return new Entry(line, step, before, true, sameId);
    }
  }

  private final Conform.Options options;
  private final Divergence divergence;

  private CandidateLines(Conform.Options options, Divergence divergence) {
    this.options = options;
    this.divergence = divergence;
  }

  /**
   * The lines that may show {@code divergence}, a delivery's, read again from {@code source}, in
   * log order and ending with the diverging one.
   */
  static List<Entry> of(LogSource source, Conform.Options options, Divergence divergence)
      throws InputRejected, BadLine {
    return new CandidateLines(options, divergence).entries(source);
  }

  private List<Entry> entries(LogSource source) throws InputRejected, BadLine {
    LogLine.Delivery diverging = (LogLine.Delivery) divergence.line();
    String eventId = diverging.envelope().eventId().orElse(null);
    Set<String> cards = new LinkedHashSet<>();
    diverging.envelope().objectId().ifPresent(cards::add);
    Conform.scan(
        source,
        options,
        line -> {
          if (line.position().equals(divergence.position())) {
            return false;
          }
          if (line instanceof LogLine.Delivery delivery
              && eventId != null
              && eventId.equals(delivery.envelope().eventId().orElse(null))) {
            delivery.envelope().objectId().ifPresent(cards::add);
          }
          return true;
        });
    Deque<Entry> optional = new ArrayDeque<>();
    List<Entry> entries = new ArrayList<>();
    // An authority entry becomes a reconcile step once no re-evaluation after it replaced the card.
    Entry[] authority = new Entry[1];
    Judge judge = new Judge(options.start(), options.settings(), new Tally());
    Conform.read(
        source,
        options,
        judge,
        (line, knowledge) -> {
          if (authority[0] != null && !(line instanceof LogLine.Reevaluation)) {
            keep(authority[0], entries, optional);
            authority[0] = null;
          }
          if (line instanceof LogLine.Reevaluation reevaluation
              && authority[0] != null
              && reevaluation.decision().equals(Decision.APPLIED)) {
            authority[0] = null;
          }
          Map<String, CardFacts> before = factsBefore(knowledge, cards);
          if (line.position().equals(divergence.position())) {
            entries.add(new Entry(line, deliver(diverging), before, true, true));
            return false;
          }
          if (line instanceof LogLine.Authority recorded && cards.contains(recorded.objectId())) {
            authority[0] = authorityEntry(recorded, before);
            return true;
          }
          Entry entry = entry(line, eventId, cards, before);
          if (entry != null) {
            keep(entry, entries, optional);
          }
          return true;
        });
    return keepFirstAndLastOfTheId(entries);
  }

  /**
   * The first delivery of the diverging id makes its record and the last one before the divergence
   * is the receiver's latest dealing with it: both are kept whatever the model says, since a
   * receiver's mistake about an id may hinge on them; the deliveries between may go.
   */
  private static List<Entry> keepFirstAndLastOfTheId(List<Entry> entries) {
    List<Entry> kept = new ArrayList<>(entries);
    int first = -1;
    int last = -1;
    for (int index = 0; index < kept.size() - 1; index++) {
      if (kept.get(index).sameId()) {
        first = first < 0 ? index : first;
        last = index;
      }
    }
    if (first >= 0) {
      kept.set(first, kept.get(first).kept());
      kept.set(last, kept.get(last).kept());
    }
    return kept;
  }

  /** Keeps an entry; of the other cards' lines only the last {@value #CANDIDATES}. */
  private static void keep(Entry entry, List<Entry> entries, Deque<Entry> optional) {
    entries.add(entry);
    if (!entry.sameId()) {
      optional.addLast(entry);
      if (optional.size() > CANDIDATES) {
        entries.remove(optional.removeFirst());
      }
    }
  }

  /**
   * A recorded authority entry as a reconcile step, its snapshot the card it left (valid as long as
   * no re-evaluation after it replaced the card, which the caller checks).
   */
  private static Entry authorityEntry(LogLine.Authority recorded, Map<String, CardFacts> before) {
    Card after = recorded.after();
    TreeMap<String, AuthoritativeCard> snapshot = new TreeMap<>();
    snapshot.put(recorded.objectId(), new AuthoritativeCard(after.version(), after.state()));
    return new Entry(
        recorded,
        new ScenarioStep.Reconcile(0, snapshot, recorded.at(), null),
        before,
        false,
        false);
  }

  private Map<String, CardFacts> factsBefore(Knowledge knowledge, Set<String> cards) {
    if (knowledge != null) {
      return knowledge.factsOf(cards);
    }
    Map<String, CardFacts> facts = new HashMap<>();
    for (String card : cards) {
      SortedCards start = new SortedCards(options.start().cards());
      facts.put(card, start.facts(card));
    }
    return facts;
  }

  /** The cards at the log's start, as facts. */
  private record SortedCards(Map<String, Card> cards) {
    CardFacts facts(String card) {
      if (cards == null) {
        return CardFacts.UNKNOWN;
      }
      return CardFacts.of(cards.get(card));
    }
  }

  private static Entry entry(
      LogLine line, String eventId, Set<String> cards, Map<String, CardFacts> before) {
    if (line instanceof LogLine.Delivery delivery) {
      boolean sameId =
          eventId != null && eventId.equals(delivery.envelope().eventId().orElse(null));
      boolean sameCard = delivery.envelope().objectId().filter(cards::contains).isPresent();
      boolean json = !(delivery.envelope().content() instanceof io.inboxcheck.json.JsonString);
      if ((sameId || sameCard) && json) {
        return new Entry(line, deliver(delivery), before, false, sameId);
      }
      return null;
    }
    if (line instanceof LogLine.Reconcile reconcile) {
      TreeMap<String, AuthoritativeCard> listed = new TreeMap<>(reconcile.authority());
      listed.keySet().retainAll(cards);
      if (!listed.isEmpty()) {
        return new Entry(
            line,
            new ScenarioStep.Reconcile(0, listed, reconcile.at(), null),
            before,
            false,
            false);
      }
    }
    return null;
  }

  private static ScenarioStep deliver(LogLine.Delivery delivery) {
    boolean notRecorded = delivery.decision() == null;
    return new ScenarioStep.Deliver(
        0, delivery.envelope(), delivery.at(), new Transport(false, null, notRecorded), null);
  }
}
