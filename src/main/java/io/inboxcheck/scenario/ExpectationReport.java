package io.inboxcheck.scenario;

import java.util.List;

/** How many expected facts were checked, and each one that did not hold. */
public record ExpectationReport(int checked, List<Mismatch> failures) {
  public static final ExpectationReport NONE = new ExpectationReport(0, List.of());

  public ExpectationReport {
    failures = List.copyOf(failures);
  }

  /**
   * One expected fact that did not hold.
   *
   * @param step the step number, or 0 for {@code expect_final}
   * @param path the fact's path inside the expectation, e.g. {@code cards/card-7/version}
   */
  public record Mismatch(int step, String path, String expected, String actual) {
    public String describe() {
      String where = step == 0 ? "expect_final" : "step " + step;
      return where + ": " + path + ": expected " + expected + ", got " + actual;
    }
  }
}
