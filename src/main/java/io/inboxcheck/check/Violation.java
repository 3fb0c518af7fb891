package io.inboxcheck.check;

/**
 * One broken invariant, as data first: where, what was expected and what was observed. Rendering is
 * the caller's business.
 *
 * @param step the scenario step after which it was seen (0 for a whole-run property)
 * @param stepKind {@code deliver}, {@code reconcile}, {@code advance} or {@code run}
 */
public record Violation(
    Invariant invariant, int step, String stepKind, String expected, String observed) {

  /** The failure signature shrinking must preserve: which invariant, at which kind of step. */
  public String signature() {
    return invariant + " at " + stepKind;
  }

  public String describe() {
    String where = step == 0 ? "the whole run" : "step " + step + " (" + stepKind + ")";
    return invariant
        + " broken after "
        + where
        + ": expected "
        + expected
        + "; observed "
        + observed;
  }
}
