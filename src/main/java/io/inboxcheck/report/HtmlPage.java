package io.inboxcheck.report;

import io.inboxcheck.model.Decision;
import java.util.Locale;

/**
 * The shell every HTML report page shares: one self-contained file with its style inline, no
 * script, no font or link outside the report folder, so a page opens the same from a CI artefact as
 * from a laptop. Class names are stable: the browser test and readers' own styles rely on them.
 */
final class HtmlPage {
  private HtmlPage() {}

  /** Colours carry the decision; the text beside them says the same, for print and colour-blind. */
  private static final String STYLE =
      """
      body { font-family: sans-serif; margin: 1.5em; color: #1d1d1f; }
      h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
      table { border-collapse: collapse; margin: 0.5em 0; }
      th, td { border: 1px solid #c8c8c8; padding: 0.3em 0.5em; vertical-align: top;
               font-size: 0.85em; text-align: left; }
      th { background: #eef0f3; position: sticky; top: 0; }
      code, .state, .event { font-family: monospace; }
      .decision-applied { background: #c8ecc9; }
      .decision-stale { background: #e4e4e4; }
      .decision-same-state { background: #d6ebf7; }
      .decision-duplicate { background: #e6dcf5; }
      .decision-held { background: #ffd98a; }
      .decision-no-ack { background: #f6b3b3; }
      .decision-reconcile { background: #b9d4f5; }
      .decision-advance { background: #f7f7f7; }
      .lane-changed { background: #fff3b0; font-weight: bold; }
      .lane-paused { box-shadow: inset 4px 0 0 #d9822b; }
      .lane-absent { color: #9a9a9a; }
      .paused-mark { color: #a14f00; font-weight: bold; }
      .held-taken { background: #ffd98a; }
      .held-waiting { background: #ffecc4; }
      .held-resolved { background: #c8ecc9; }
      .held-unresolved { background: #f6b3b3; font-weight: bold; }
      tr.divergence > td { border-top: 3px solid #c62828; border-bottom: 3px solid #c62828; }
      td.differs { outline: 3px solid #c62828; outline-offset: -3px; }
      tr.violation > td:first-child { border-left: 6px solid #c62828; }
      .banner { border: 2px solid #c62828; background: #fdecea; padding: 0.6em; margin: 1em 0; }
      .agreement { border: 2px solid #2e7d32; background: #e8f5e9; padding: 0.6em; margin: 1em 0; }
      .legend span { display: inline-block; padding: 0.1em 0.5em; margin-right: 0.3em; }
      .scope { color: #555; font-size: 0.9em; }
      """;

  static String page(String title, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + STYLE
        + "</style>\n</head>\n<body>\n"
        + body
        + "</body>\n</html>\n";
  }

  /** Text as HTML: every character that could open markup is escaped. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int index = 0; index < text.length(); index++) {
      char character = text.charAt(index);
      switch (character) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(character);
      }
    }
    return out.toString();
  }

  /**
   * The CSS class naming a decision: {@code decision-held}; a write that was not durable is {@code
   * decision-no-ack}.
   */
  static String decisionClass(Decision decision) {
    if (decision == null) {
      return "decision decision-no-ack";
    }
    return "decision decision-" + decision.kind().name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The {@code data-} attributes of a decision cell, so tests can find it without its text. */
  static String decisionData(Decision decision) {
    if (decision == null) {
      return " data-decision=\"NO_ACK\"";
    }
    return " data-decision=\""
        + decision.kind()
        + "\""
        + (decision.reason() == null ? "" : " data-reason=\"" + decision.reason() + "\"");
  }

  /** The colour key shown above every history table. */
  static String legend() {
    return "<p class=\"legend\">"
        + "<span class=\"decision-applied\">APPLIED</span>"
        + "<span class=\"decision-stale\">STALE</span>"
        + "<span class=\"decision-same-state\">SAME_STATE</span>"
        + "<span class=\"decision-duplicate\">DUPLICATE</span>"
        + "<span class=\"decision-held\">HELD</span>"
        + "<span class=\"decision-no-ack\">NO_ACK (not durable)</span>"
        + "<span class=\"decision-reconcile\">authority</span>"
        + "<span class=\"lane-changed\">card changed</span>"
        + "<span class=\"lane-paused\">paused</span>"
        + "</p>\n";
  }

  /** The split every report keeps (SPEC section 8). */
  static String scope(String receiver) {
    return "<p class=\"scope\">Executed: the "
        + escape(receiver)
        + " receiver's decisions, acks and state for these steps, in this one arrival order."
        + " Not shown by a replay: database transactions, concurrent receivers, crashes,"
        + " downstream notifications (SPEC section 8; see docs/guarantees.md).</p>\n";
  }
}
