package io.inboxcheck.engine;

import java.util.Objects;

/**
 * A label that at least {@code minimumShare} of the valid test cases must reach.
 *
 * @param label the label recorded with {@link TestContext#label(String)}
 * @param minimumShare required share of non-discarded test cases, in {@code (0, 1]}
 */
public record CoverageRequirement(String label, double minimumShare) {

  /** Validates the label and share. */
  public CoverageRequirement {
    Objects.requireNonNull(label, "label");
    if (!(minimumShare > 0 && minimumShare <= 1)) {
      throw new IllegalArgumentException("minimum share must be in (0, 1]: " + minimumShare);
    }
  }
}
