package io.inboxcheck.api;

import io.inboxcheck.engine.RunConfig;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What an {@link InboxCheck} runs besides its receivers. Each builder method of the check changes
 * one setting of a copy ({@link #with}); a settings object is never changed once a check holds it.
 */
final class CheckSettings {
  /** The folder of scenario files to replay, or null for none. */
  Path scenarios;

  int tries = RunConfig.DEFAULT_TRIES;

  /** The seed of every part, or null for each part's own default. */
  Long seed;

  Path reports = Path.of("target", "inboxcheck");
  int jobs = 1;

  /** Whether the properties run (scenario files and the modes asked for run either way). */
  boolean properties = true;

  /** The kills of the crash check, or null for no crash check. */
  Integer kills;

  /** The requests sent at once by the concurrency check, or null for no concurrency check. */
  Integer concurrency;

  /** The code of the one crash or concurrency case to run, or null to draw cases. */
  String reproduce;

  /** Shrinking candidates of a crash or concurrency failure, or null for the default limits. */
  Integer shrinkBudget;

  /** A copy with {@code change} made to it. */
  CheckSettings with(Consumer<CheckSettings> change) {
    CheckSettings copy = new CheckSettings();
    copy.scenarios = scenarios;
    copy.tries = tries;
    copy.seed = seed;
    copy.reports = reports;
    copy.jobs = jobs;
    copy.properties = properties;
    copy.kills = kills;
    copy.concurrency = concurrency;
    copy.reproduce = reproduce;
    copy.shrinkBudget = shrinkBudget;
    change.accept(copy);
    return copy;
  }
}
