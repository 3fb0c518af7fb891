package io.inboxcheck.check;

import io.inboxcheck.receiver.Observable;
import io.inboxcheck.scenario.ExpectationReport;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A check a receiver's observation level does not support, and what it would need: {@code
 * FIRST_RECORD_KEPT: needs identity records}. Reports list these so a pass is never read as more
 * than it checked.
 *
 * @param check an invariant, or an invariant and one of its findings
 * @param missing what the receiver would have to show
 */
public record SkippedCheck(String check, Set<Observable> missing) {

  public String describe() {
    return check
        + ": needs "
        + missing.stream().map(Observable::noun).collect(Collectors.joining(" and "));
  }

  /** Every check in {@code enabled} (conformance included) that {@code shown} cannot support. */
  public static List<SkippedCheck> of(Set<Invariant> enabled, Set<Observable> shown) {
    List<SkippedCheck> skipped = new ArrayList<>();
    for (Invariant invariant : Invariant.values()) {
      if (!enabled.contains(invariant)) {
        continue;
      }
      List<Finding> findings =
          List.of(Finding.values()).stream().filter(f -> f.invariant() == invariant).toList();
      List<Finding> unseen = findings.stream().filter(f -> !f.observableIn(shown)).toList();
      if (!findings.isEmpty() && unseen.size() == findings.size()) {
        skipped.add(new SkippedCheck(invariant.name(), missing(unseen, shown)));
        continue;
      }
      for (Finding finding : unseen) {
        skipped.add(
            new SkippedCheck(invariant + " (" + finding + ")", missing(List.of(finding), shown)));
      }
    }
    if (enabled.contains(Invariant.CONFORMANCE) && !shown.contains(Observable.DECISION)) {
      skipped.add(new SkippedCheck("CONFORMANCE of decisions", EnumSet.of(Observable.DECISION)));
    }
    return skipped;
  }

  private static Set<Observable> missing(List<Finding> findings, Set<Observable> shown) {
    EnumSet<Observable> missing = EnumSet.noneOf(Observable.class);
    findings.forEach(finding -> missing.addAll(finding.needs()));
    missing.removeAll(shown);
    return missing;
  }

  /**
   * Whether an expected fact of a scenario file is one {@code shown} lets the harness compare:
   * decisions, reasons and reconciliation outcomes need decisions; pruned ids need identity
   * records.
   */
  public static boolean comparable(ExpectationReport.Mismatch mismatch, Set<Observable> shown) {
    String first = mismatch.path().split("/", 2)[0];
    return switch (first) {
      case "decision", "reason", "restates", "objects", "reevaluated" ->
          shown.contains(Observable.DECISION);
      case "pruned" -> shown.contains(Observable.IDENTITIES);
      default -> true;
    };
  }
}
