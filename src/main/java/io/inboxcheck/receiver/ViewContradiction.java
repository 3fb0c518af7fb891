package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What a receiver shows contradicts its own audit: an identity record, a held input, an audit entry
 * or an answer to a reconciliation names an arrival that the audit does not list as a delivery. No
 * view can be built from it (the arrival's content is unknown), so reading it ends the run; the
 * checks report it as a finding about the receiver (AUDIT_APPEND_ONLY, VIEW_CONTRADICTS_AUDIT),
 * never as an exception of its own.
 */
@API(status = EXPERIMENTAL)
public final class ViewContradiction extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The most audited arrivals {@link #auditedText()} names. */
  private static final int LISTED_ARRIVALS = 10;

  private final String naming;
  private final long arrival;
  private final List<Long> audited;

  /**
   * @param naming what names the arrival, e.g. {@code the first record of identity e-1
   *     ($.identities[0].first)}
   * @param arrival the arrival it names
   * @param audited the arrivals the audit lists as deliveries, ascending
   */
  public ViewContradiction(String naming, long arrival, List<Long> audited) {
    super(naming + " names arrival " + arrival + ", which the audit does not list as a delivery");
    this.naming = naming;
    this.arrival = arrival;
    this.audited = List.copyOf(audited);
  }

  /** What names the missing arrival, and where in the receiver's answer. */
  public String naming() {
    return naming;
  }

  public long arrival() {
    return arrival;
  }

  /** The arrivals the audit does list as deliveries, ascending. */
  public List<Long> audited() {
    return audited;
  }

  /** The deliveries the audit lists, e.g. {@code arrivals 1, 2, 3}, at most ten of them named. */
  public String auditedText() {
    if (audited.isEmpty()) {
      return "none";
    }
    String listed =
        audited.stream()
            .limit(LISTED_ARRIVALS)
            .map(String::valueOf)
            .collect(Collectors.joining(", "));
    String more = audited.size() > LISTED_ARRIVALS ? ", ... (" + audited.size() + " in all)" : "";
    return "arrivals " + listed + more;
  }
}
