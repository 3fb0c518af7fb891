package io.inboxcheck.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The options of {@code check --concurrency}, which replaces the rest of the check when given. */
final class ConcurrencyOptions {
  /** Requests in flight at once, at most: each one holds a thread and a connection. */
  static final int MAX_CONCURRENCY = 64;

  @Option(
      names = "--concurrency",
      paramLabel = "K",
      description =
          "Instead of the above, the concurrency check: rounds of K generated deliveries sent "
              + "at once (the same delivery twice at once, changed content under one id at "
              + "once, ids racing for one card), judged against the model through the audit "
              + "order, or by searching each round's serial orders when the receiver shows no"
              + " audit. Fails when two copies of one delivery were never in flight together.")
  Integer concurrency;

  /** What {@link #concurrency} answers for options that ask for no concurrency check. */
  static final int NOT_ASKED = 0;

  /**
   * The requests in flight at once that the options ask for: {@code --concurrency}, {@link
   * #NOT_ASKED} without it; -1 when the input is rejected (printed to err).
   */
  int concurrency(PrintWriter err) {
    if (concurrency == null) {
      return NOT_ASKED;
    }
    if (concurrency < 2 || concurrency > MAX_CONCURRENCY) {
      err.println(
          "inboxcheck check: --concurrency must be from 2 to "
              + MAX_CONCURRENCY
              + " (requests in flight at once), got "
              + concurrency);
      return -1;
    }
    return concurrency;
  }
}
