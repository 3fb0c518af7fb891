package io.inboxcheck.check;

/**
 * One broken invariant, as data first: which finding, where, what was expected and what was
 * observed. {@link #describe()} is one rendering; reports may render the facts their own way.
 *
 * @param finding the distinct way it broke; its invariant is {@link #invariant()}
 * @param step the scenario step after which it was seen (0 for a whole-run property)
 * @param stepKind {@code deliver}, {@code reconcile}, {@code advance} or {@code run}
 */
public record Violation(
    Invariant invariant,
    Finding finding,
    int step,
    String stepKind,
    Facts expected,
    Facts observed) {

  /** A violation of one of {@code invariant}'s findings. */
  public Violation(Finding finding, int step, String stepKind, Facts expected, Facts observed) {
    this(finding.invariant(), finding, step, stepKind, expected, observed);
  }

  /**
   * A violation with no finding of its own: whole-run properties (ORDER_INDEPENDENT) and
   * conformance, whose facts say what differed.
   */
  public static Violation of(
      Invariant invariant, int step, String stepKind, Facts expected, Facts observed) {
    return new Violation(invariant, null, step, stepKind, expected, observed);
  }

  /** The failure signature shrinking must preserve: which invariant, at which kind of step. */
  public String signature() {
    return label() + " at " + stepKind;
  }

  /** The invariant, and the finding when the invariant can break in more than one way. */
  public String label() {
    if (finding == null || singleFinding(invariant)) {
      return invariant.name();
    }
    return invariant + " (" + finding + ")";
  }

  public String describe() {
    String where = step == 0 ? "the whole run" : "step " + step + " (" + stepKind + ")";
    return label()
        + " broken after "
        + where
        + ": expected "
        + expected.describe()
        + "; observed "
        + observed.describe();
  }

  private static boolean singleFinding(Invariant invariant) {
    int findings = 0;
    for (Finding each : Finding.values()) {
      if (each.invariant() == invariant) {
        findings++;
      }
    }
    return findings == 1;
  }
}
