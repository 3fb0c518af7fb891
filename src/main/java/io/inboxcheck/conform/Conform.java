package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;

/**
 * Checks what a receiver really did: reads its recorded traffic from a {@link LogSource} in arrival
 * order, replays it through the plain model and judges every recorded decision, with totals per
 * kind (docs/conform.md). The log is streamed; memory follows the identity records inside the
 * retention window.
 */
public final class Conform {
  private Conform() {}

  /**
   * How to read a log.
   *
   * @param skipBadLines count and list lines that cannot be read and go on, instead of rejecting
   *     the whole log at the first
   */
  public record Options(
      LogStart start, Judge.Settings settings, boolean skipBadLines, long maxEnvelopeChars) {

    /** Options with the default bound on a recorded envelope. */
    public Options(LogStart start, Judge.Settings settings, boolean skipBadLines) {
      this(start, settings, skipBadLines, EnvelopeBound.DEFAULT_CHARS);
    }

    /** A parser of lines under these options' bound on envelopes. */
    LineParser parser() {
      return new LineParser(maxEnvelopeChars);
    }
  }

  /**
   * What a run found.
   *
   * @param settings the retention and supported types the log was judged under
   * @param retainedIds the identity records the model held at the end
   * @param partlyKnownCards the cards known only in part at the end
   */
  public record Result(
      Tally tally, Judge.Settings settings, long retainedIds, long partlyKnownCards) {

    /** Whether the receiver kept the policy wherever the log could show it. */
    public boolean conforms() {
      return tally.divergenceCount() == 0 && tally.breachCount() == 0;
    }
  }

  /**
   * Reads and judges the whole log. A line that cannot be read stops the run with a {@link BadLine}
   * (nothing is judged from a log not read whole), unless the options skip such lines.
   */
  public static Result run(LogSource source, Options options) throws InputRejected, BadLine {
    return run(source, options, null);
  }

  /**
   * As {@link #run(LogSource, Options)}, timing the model's own functions into {@code timing}
   * (null: untimed), so a benchmark can tell the model's cost from conform's.
   */
  public static Result run(LogSource source, Options options, Timing timing)
      throws InputRejected, BadLine {
    Judge judge = new Judge(options.start(), options.settings(), new Tally());
    judge.timeWith(timing);
    read(source, options, judge, null);
    Knowledge knowledge = judge.knowledge();
    return new Result(
        judge.tally(),
        judge.settings(),
        knowledge == null ? 0 : knowledge.retainedIds(),
        knowledge == null ? 0 : knowledge.partlyKnownCards());
  }

  /** Something that watches each line go by, with the knowledge as it stood just before it. */
  interface Watcher {
    /** Called before each line is judged; false stops the reading. */
    boolean before(LogLine line, Knowledge knowledge);
  }

  /** Reads the log's lines without judging them, until {@code each} returns false. */
  static void scan(LogSource source, Options options, java.util.function.Predicate<LogLine> each)
      throws InputRejected, BadLine {
    LineParser parser = options.parser();
    try (LogSource.Lines lines = source.open()) {
      while (true) {
        try {
          LineFields fields = lines.next();
          if (fields == null || !each.test(parser.parse(fields))) {
            return;
          }
        } catch (BadLine bad) {
          if (!options.skipBadLines()) {
            throw bad;
          }
        }
      }
    }
  }

  /**
   * Feeds every line of the log to {@code judge}, then finishes it. Without a watcher the lines are
   * read and parsed on a thread of their own while the judge takes the ones before them: the two
   * halves of the work cost about the same, and a machine has two cores to spare for them.
   */
  static void read(LogSource source, Options options, Judge judge, Watcher watcher)
      throws InputRejected, BadLine {
    if (watcher == null) {
      ParsedLines.feed(source, options, judge);
      judge.finish();
      return;
    }
    LineParser parser = options.parser();
    try (LogSource.Lines lines = source.open()) {
      while (true) {
        LogLine line;
        try {
          LineFields fields = lines.next();
          if (fields == null) {
            break;
          }
          line = parser.parse(fields);
          if (!watcher.before(line, judge.knowledge())) {
            return;
          }
          judge.accept(line);
        } catch (BadLine bad) {
          if (!options.skipBadLines()) {
            throw bad;
          }
          judge.tally().skipped(bad);
        }
      }
    }
    judge.finish();
  }
}
