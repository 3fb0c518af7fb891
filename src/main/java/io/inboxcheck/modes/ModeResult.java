package io.inboxcheck.modes;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one run of {@code check --crash} or {@code check --concurrency} returns to its caller: how
 * it ended, what it counted, the failure it found with the code that reruns exactly that case, and
 * the report a person reads, line by line, as {@code inboxcheck check} prints it.
 *
 * @param conclusion how the run ended
 * @param counts what the run counted, by label: where the kills landed and what they met, or what
 *     was measured in flight at once
 * @param failure when the run failed, the failure's problems, one a line; when it stopped, why, in
 *     one line
 * @param reproduceCode the {@link CaseCode} of the failing case, when the run found one
 * @param counterexample the file the run wrote of what it saw, when it wrote one
 * @param lines the report: each element one printed line (a rendered case holds line breaks of its
 *     own); empty when the run stopped
 */
public record ModeResult(
    Conclusion conclusion,
    SortedMap<String, Long> counts,
    Optional<String> failure,
    Optional<String> reproduceCode,
    Optional<Path> counterexample,
    List<String> lines) {

  /** How a run ended. */
  public enum Conclusion {
    /** Nothing failed, and every coverage floor was met. */
    PASSED,
    /** A case failed; {@link ModeResult#failure()} says how. */
    FAILED,
    /**
     * Nothing failed, but a coverage floor was missed within its bound: neither a pass nor a
     * finding about the receiver.
     */
    WEAK,
    /** Nothing failed, but the search of serial orders reached its bound: not a pass. */
    INCONCLUSIVE,
    /**
     * The receiver could not be run (it did not start, or failed outside any case); {@link
     * ModeResult#failure()} says why.
     */
    STOPPED
  }

  /** Freezes the collections so the record is deeply immutable. */
  public ModeResult {
    Objects.requireNonNull(conclusion, "conclusion");
    counts = Collections.unmodifiableSortedMap(new TreeMap<>(counts));
    lines = List.copyOf(lines);
  }

  /** A run that stopped before it could judge anything, and why. */
  static ModeResult stopped(String why) {
    return new ModeResult(
        Conclusion.STOPPED,
        new TreeMap<>(),
        Optional.of(why),
        Optional.empty(),
        Optional.empty(),
        List.of());
  }
}
