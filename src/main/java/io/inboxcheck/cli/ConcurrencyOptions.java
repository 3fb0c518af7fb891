package io.inboxcheck.cli;

import picocli.CommandLine.Option;

/** The options of {@code check --concurrency}, which replaces the rest of the check when given. */
final class ConcurrencyOptions {
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

  @Option(
      names = "--provider",
      paramLabel = "NAME",
      description =
          "A provider profile (profiles/NAME.json). Its copies_in_flight is the concurrency "
              + "when --concurrency is absent; above 1 it runs the concurrency check.")
  String provider;
}
