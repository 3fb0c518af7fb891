package io.inboxcheck.conform;

/**
 * A recorded step conform could not judge, and why: what it depends on came before the log, or the
 * log does not record it. Never a divergence: a receiver that keeps the policy may have done just
 * this.
 *
 * @param subject the card or event id the decision depends on
 * @param detail what is known of it, when that helps, else empty
 */
public record Unjudged(
    LinePosition position, String stepKind, Reason reason, String subject, String detail) {

  /** Why a step could not be judged. */
  public enum Reason {
    /** The card's version, state or pause before the line is not (wholly) in the log. */
    CARD_NOT_IN_LOG("%s before this line is not wholly in the log"),
    /** The event id may have been recorded before the log began, so its record is unknown. */
    ID_BEFORE_LOG("%s may have been recorded before the log began"),
    /** An authority re-evaluates a card's older held inputs first; some may predate the log. */
    HELD_BEFORE_LOG("%s may hold deliveries from before the log, which the authority re-evaluates"),
    /** The log keeps a card after its re-evaluations, not the authority's snapshot itself. */
    AUTHORITY_NOT_RECORDED(
        "the log keeps %s after its re-evaluations, not the authority's snapshot"),
    /**
     * A retained id whose window has ended is let go of at the receiver's next clock check; the log
     * does not show whether the receiver checked its clock again at the same time.
     */
    /** A resolution or re-evaluation whose authority entry came before the log's first line. */
    BEGAN_BEFORE_LOG("the reconciliation of %s began before the log"),
    CLOCK_CHECK_NOT_IN_LOG(
        "whether the receiver checked its clock again at this time, letting go of %s, is not in"
            + " the log"),
    /**
     * A divergence before this line left what it reads known only in part: the receiver's state may
     * follow its wrong record or the model's reading of it.
     */
    AFTER_DIVERGENCE(
        "%s is known only in part after a divergence: the receiver may have done what it recorded"
            + " or what the model decides");

    private final String template;

    Reason(String template) {
      this.template = template;
    }

    public String explain(String subject) {
      return String.format(template, subject);
    }
  }

  /** One line: where, which step, and why it was not judged. */
  public String describe() {
    return position.describe()
        + " ("
        + stepKind
        + "): not judged: "
        + reason.explain(subject)
        + (detail.isEmpty() ? "" : " (" + detail + ")");
  }
}
