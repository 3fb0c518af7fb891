package io.inboxcheck.conform;

import io.inboxcheck.check.Facts;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One object of a reconciliation as the log holds it: the authority's snapshot of it, when the log
 * gives the snapshot, and what the receiver recorded the authority did to it, when the log records
 * that (its authority entry, then the resolutions and re-evaluations that followed).
 *
 * @param snapshot the authority's version and state, or null when the log does not give it
 * @param recorded what the receiver recorded, or null when the log records nothing for it
 * @param resultsRecorded whether the log records reconciliation results at all: then a snapshot
 *     object without a recorded result is itself a finding
 * @param unlisted whether the log gives the authority's snapshot and it does not list this object,
 *     which the receiver recorded reconciling all the same
 */
record ObjectStep(
    LinePosition position,
    Instant at,
    String objectId,
    AuthoritativeCard snapshot,
    Recorded recorded,
    boolean resultsRecorded,
    boolean unlisted) {

  /** The receiver's record of one object's reconciliation. */
  record Recorded(
      LogLine.Authority authority,
      List<LogLine.Resolution> resolutions,
      List<LogLine.Reevaluation> reevaluations) {
    Recorded {
      resolutions = List.copyOf(resolutions);
      reevaluations = List.copyOf(reevaluations);
    }

    /**
     * The authority's snapshot as the record implies it: the card after, when no re-evaluation
     * replaced it (an APPLIED one would have); else unknown (null).
     */
    AuthoritativeCard impliedSnapshot() {
      for (LogLine.Reevaluation reevaluation : reevaluations) {
        if (reevaluation.decision().equals(Decision.APPLIED)) {
          return null;
        }
      }
      return new AuthoritativeCard(authority.after().version(), authority.after().state());
    }

    /** The record as one line of facts: outcome, card after, resolutions, re-evaluations. */
    List<String> describe() {
      List<String> facts = new ArrayList<>();
      facts.add(
          authority.outcome() + (Boolean.TRUE.equals(authority.regressed()) ? " (regressed)" : ""));
      facts.add("after " + Facts.render(authority.after()));
      for (LogLine.Resolution resolution : resolutions) {
        facts.add("resolved " + resolution.arrival() + ":" + resolution.reason());
      }
      for (LogLine.Reevaluation reevaluation : reevaluations) {
        facts.add(
            "re-evaluated " + reevaluation.arrival() + ":" + reevaluation.decision().describe());
      }
      return facts;
    }
  }

  /** A builder for the recorded part, as its lines arrive. */
  static final class RecordBuilder {
    final LogLine.Authority authority;
    final List<LogLine.Resolution> resolutions = new ArrayList<>();
    final List<LogLine.Reevaluation> reevaluations = new ArrayList<>();

    RecordBuilder(LogLine.Authority authority) {
      this.authority = authority;
    }

    Recorded build() {
      return new Recorded(authority, resolutions, reevaluations);
    }
  }
}
