package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.Retention;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Replays a receiver's recorded lines through the model, in the log's order, judging each. It takes
 * one line at a time, so a log of any length streams through it; lines that contradict the log
 * before them (a time going back, an arrival out of order, settings after the first step) are
 * {@link BadLine}s and change nothing. A reconciliation spans several lines (the snapshot, then per
 * card its authority entry, resolutions and re-evaluations): they are gathered and judged per card
 * when the next line of another kind arrives, or at {@link #finish()}.
 */
public final class Judge {
  /** The retention and supported types in force, and whether options gave them. */
  public record Settings(Duration retention, Set<String> supportedTypes, boolean given) {
    public Settings {
      supportedTypes = Set.copyOf(supportedTypes);
    }
  }

  private final LogStart start;
  private final Tally tally;
  private Timing timing;
  private Settings settings;
  private Knowledge knowledge;
  private DeliveryJudge deliveries;
  private ReconcileJudge reconciliations;
  private Instant lastAt;
  private LinePosition lastAtPosition;
  private Boolean arrivals;
  private long lastArrival;
  private LogLine.Reconcile groupSnapshot;
  private final List<ObjectStep.RecordBuilder> groupRecords = new ArrayList<>();
  private LinePosition groupPosition;
  private Instant groupAt;

  public Judge(LogStart start, Settings settings, Tally tally) {
    this.start = start;
    this.settings = settings;
    this.tally = tally;
  }

  /** Times the model's own functions from here on (the benchmark's split of the cost). */
  void timeWith(Timing timing) {
    this.timing = timing;
    if (knowledge != null) {
      knowledge.timeWith(timing);
    }
  }

  public Tally tally() {
    return tally;
  }

  public Settings settings() {
    return settings;
  }

  /** The knowledge so far; null before the first line with a time. */
  Knowledge knowledge() {
    return knowledge;
  }

  /** Takes the next line of the log. */
  public void accept(LogLine line) throws BadLine {
    if (orphanAtStart(line)) {
      return;
    }
    check(line);
    tally.line();
    if (line instanceof LogLine.Settings stated) {
      settings =
          new Settings(
              stated.retention() == null ? settings.retention() : stated.retention(),
              stated.supportedTypes() == null ? settings.supportedTypes() : stated.supportedTypes(),
              settings.given());
      return;
    }
    if (knowledge == null) {
      knowledge = new Knowledge(start, settings.supportedTypes(), settings.retention(), line.at());
      knowledge.timeWith(timing);
      deliveries = new DeliveryJudge(knowledge, tally);
      reconciliations = new ReconcileJudge(knowledge, tally);
    }
    lastAt = line.at();
    lastAtPosition = line.position();
    if (gather(line)) {
      return;
    }
    finishGroup();
    knowledge.advance(number(line), line.at(), line instanceof LogLine.Pruned);
    if (line instanceof LogLine.Delivery delivery) {
      deliveries.judge(delivery, step(delivery));
    } else if (line instanceof LogLine.Pruned pruned) {
      pruned(pruned);
    } else {
      tally.step("clock");
      tally.input("clock");
    }
  }

  /**
   * A log cut inside a reconciliation starts with resolutions or re-evaluations whose authority
   * entry came before it: nothing can be judged of them, and what they did is left to the lines
   * after them to show.
   */
  private boolean orphanAtStart(LogLine line) {
    boolean attached = line instanceof LogLine.Resolution || line instanceof LogLine.Reevaluation;
    if (!attached || lastAt != null) {
      return false;
    }
    tally.line();
    tally.step("reconcile");
    String objectId =
        line instanceof LogLine.Resolution resolution
            ? resolution.objectId()
            : ((LogLine.Reevaluation) line).objectId();
    tally.unjudged(
        new Unjudged(line.position(), "reconcile", Unjudged.Reason.BEGAN_BEFORE_LOG, objectId, ""));
    return true;
  }

  /** Judges what is still gathered: call once, after the last line. */
  public void finish() {
    finishGroup();
  }

  // ---- what a line may not do -----------------------------------------------------------------

  private void check(LogLine line) throws BadLine {
    if (line instanceof LogLine.Settings stated) {
      checkSettings(stated);
      return;
    }
    if (line.position().number() > Integer.MAX_VALUE) {
      throw new BadLine(line.position(), null, "logs of more than 2^31-1 lines are not read");
    }
    if (lastAt != null && line.at().isBefore(lastAt)) {
      throw new BadLine(
          line.position(),
          line.position().field("at"),
          "time goes backwards: "
              + line.at()
              + " is before "
              + lastAt
              + " of "
              + lastAtPosition.unit()
              + " "
              + lastAtPosition.number());
    }
    if (line instanceof LogLine.Delivery delivery && delivery.decision() != null) {
      checkArrival(delivery);
    }
    if ((line instanceof LogLine.Resolution || line instanceof LogLine.Reevaluation)
        && Boolean.FALSE.equals(arrivals)) {
      throw new BadLine(
          line.position(),
          line.position().field("arrival"),
          "names a held delivery by arrival; the deliveries carry none");
    }
    if (line instanceof LogLine.Resolution resolution) {
      checkAttached(line, resolution.objectId());
    } else if (line instanceof LogLine.Reevaluation reevaluation) {
      checkAttached(line, reevaluation.objectId());
    }
  }

  private void checkSettings(LogLine.Settings stated) throws BadLine {
    if (knowledge != null) {
      throw new BadLine(stated.position(), null, "settings come before the first recorded step");
    }
    if (settings.given()
        && stated.retention() != null
        && !stated.retention().equals(settings.retention())) {
      throw new BadLine(
          stated.position(),
          stated.position().field("retention"),
          "the log says " + stated.retention() + "; --retention says " + settings.retention());
    }
  }

  private void checkArrival(LogLine.Delivery delivery) throws BadLine {
    boolean given = delivery.arrival() != null;
    if (arrivals != null && arrivals != given) {
      throw new BadLine(
          delivery.position(),
          delivery.position().field("arrival"),
          given
              ? "earlier recorded deliveries carry no arrival; give every one or none"
              : "missing: earlier recorded deliveries carry one; give every one or none");
    }
    if (given && delivery.arrival() <= lastArrival) {
      throw new BadLine(
          delivery.position(),
          delivery.position().field("arrival"),
          "arrival " + delivery.arrival() + " does not follow arrival " + lastArrival);
    }
    arrivals = given;
    if (given) {
      lastArrival = delivery.arrival();
    }
  }

  private void checkAttached(LogLine line, String objectId) throws BadLine {
    ObjectStep.RecordBuilder last =
        groupRecords.isEmpty() ? null : groupRecords.get(groupRecords.size() - 1);
    if (last == null
        || !last.authority.objectId().equals(objectId)
        || !last.authority.at().equals(line.at())) {
      throw new BadLine(
          line.position(),
          line.position().field("object_id"),
          "a resolution or re-evaluation follows the authority entry of its card ("
              + objectId
              + ") at the same time");
    }
  }

  // ---- reconciliations --------------------------------------------------------------------------

  /** Gathers a line of a reconciliation; false for a line of any other kind. */
  private boolean gather(LogLine line) {
    if (line instanceof LogLine.Reconcile snapshot) {
      finishGroup();
      knowledge.advance(number(line), line.at(), false);
      groupSnapshot = snapshot;
      groupPosition = line.position();
      groupAt = line.at();
      return true;
    }
    if (line instanceof LogLine.Authority authority) {
      boolean joins =
          groupAt != null
              && groupAt.equals(line.at())
              && groupRecords.stream()
                  .noneMatch(record -> record.authority.objectId().equals(authority.objectId()));
      if (!joins) {
        finishGroup();
        knowledge.advance(number(line), line.at(), false);
        groupPosition = line.position();
        groupAt = line.at();
      }
      groupRecords.add(new ObjectStep.RecordBuilder(authority));
      return true;
    }
    ObjectStep.RecordBuilder last =
        groupRecords.isEmpty() ? null : groupRecords.get(groupRecords.size() - 1);
    if (line instanceof LogLine.Resolution resolution && last != null) {
      last.resolutions.add(resolution);
      return true;
    }
    if (line instanceof LogLine.Reevaluation reevaluation && last != null) {
      last.reevaluations.add(reevaluation);
      return true;
    }
    return false;
  }

  private void finishGroup() {
    if (groupAt == null) {
      return;
    }
    TreeMap<String, ObjectStep.Recorded> recorded = new TreeMap<>();
    groupRecords.forEach(record -> recorded.put(record.authority.objectId(), record.build()));
    Map<String, AuthoritativeCard> snapshot =
        groupSnapshot == null ? Map.of() : groupSnapshot.authority();
    TreeSet<String> objects = new TreeSet<>(snapshot.keySet());
    objects.addAll(recorded.keySet());
    int step = number(groupPosition);
    for (String objectId : objects) {
      ObjectStep.Recorded record = recorded.get(objectId);
      LinePosition position = record == null ? groupPosition : record.authority().position();
      reconciliations.judge(
          new ObjectStep(
              position,
              groupAt,
              objectId,
              snapshot.get(objectId),
              record,
              !recorded.isEmpty(),
              groupSnapshot != null && !snapshot.containsKey(objectId)),
          step);
    }
    groupSnapshot = null;
    groupRecords.clear();
    groupPosition = null;
    groupAt = null;
  }

  // ---- pruned identities
  // -------------------------------------------------------------------------

  /**
   * An identity the receiver let go of: the model must let go of it at the same clock move (SPEC
   * section 5). One the model never held is judged only when nothing came before the log.
   */
  private void pruned(LogLine.Pruned line) {
    tally.step("prune");
    String eventId = line.eventId();
    IdentityRecord record = knowledge.model().identity(eventId).orElse(null);
    if (knowledge.prunedNow(eventId)) {
      tally.agrees("prune");
    } else if (record != null) {
      Instant until = record.firstReceivedAt().plus(knowledge.retention());
      boolean owed = Retention.stillOwed(record, knowledge.model()::isHeld);
      knowledge.letGo(eventId);
      tally.diverges(
          new Divergence(
              line.position(),
              "pruning",
              eventId,
              Facts.of(
                  "identity", owed ? "kept while a delivery of it is held" : "kept until " + until),
              Facts.of("identity", "let go of at " + line.at()),
              line));
    } else if (knowledge.mayRetainUnseen(eventId)) {
      knowledge.notRetainedUnseen(eventId);
      tally.unjudged(
          new Unjudged(line.position(), "prune", Unjudged.Reason.ID_BEFORE_LOG, eventId, ""));
    } else {
      tally.diverges(
          new Divergence(
              line.position(),
              "pruning",
              eventId,
              Facts.of("identity", "not retained here: never recorded, or let go of earlier"),
              Facts.of("identity", "let go of at " + line.at()),
              line));
    }
  }

  // ---- numbering
  // ---------------------------------------------------------------------------------

  /** The model's step for a delivery: its arrival when the log gives one, else its line. */
  private static int step(LogLine.Delivery delivery) {
    return delivery.arrival() != null ? delivery.arrival() : number(delivery);
  }

  private static int number(LogLine line) {
    return number(line.position());
  }

  private static int number(LinePosition position) {
    return (int) Math.min(Integer.MAX_VALUE, position.number());
  }
}
