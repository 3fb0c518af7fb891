package io.inboxcheck.cli;

import io.inboxcheck.report.Counted;
import io.inboxcheck.scenario.History;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a {@code replay} of several files came to, for the one line that ends it: files, steps,
 * expected facts held, and the files that failed or were rejected, so a person need not scroll
 * through every history (or read the exit code) to know how it went.
 */
final class ReplayTally {
  private int files;
  private long steps;
  private long factsChecked;
  private long factsHeld;
  private final List<Path> failed = new ArrayList<>();
  private final List<Path> rejected = new ArrayList<>();

  void replayed(Path file, History history, boolean failedHere) {
    files++;
    steps += history.steps().size();
    factsChecked += history.expectations().checked();
    factsHeld += history.expectations().checked() - history.expectations().failures().size();
    if (failedHere) {
      failed.add(file);
    }
  }

  /** A file replayed with its settles by a receiver that decides later: steps, no expectations. */
  void settled(Path file, int stepCount, boolean failedHere) {
    files++;
    steps += stepCount;
    if (failedHere) {
      failed.add(file);
    }
  }

  void rejected(Path file) {
    rejected.add(file);
  }

  /** The summary line, e.g. "47 files replayed: 612 steps, 2,345 of 2,345 expected facts held". */
  String line() {
    StringBuilder line =
        new StringBuilder()
            .append(Counted.of(files, "file"))
            .append(" replayed: ")
            .append(Counted.of(steps, "step"))
            .append(", ")
            .append(String.format(Locale.ROOT, "%,d of ", factsHeld))
            .append(Counted.of(factsChecked, "expected fact"))
            .append(" held; ");
    if (failed.isEmpty() && rejected.isEmpty()) {
      return line.append("no file failed.").toString();
    }
    if (!failed.isEmpty()) {
      line.append(Counted.of(failed.size(), "file")).append(" failed: ").append(names(failed));
    }
    if (!rejected.isEmpty()) {
      line.append(failed.isEmpty() ? "" : "; ")
          .append(Counted.of(rejected.size(), "file"))
          .append(" rejected: ")
          .append(names(rejected));
    }
    return line.append('.').toString();
  }

  private static String names(List<Path> paths) {
    return String.join(", ", paths.stream().map(Path::toString).toList());
  }
}
