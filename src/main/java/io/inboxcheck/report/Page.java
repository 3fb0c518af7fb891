package io.inboxcheck.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A text page in one layout and width: headings, paragraphs, bullets and labelled blocks, each
 * wrapped to the width. Plain text may cut a word with no place to break; Markdown never does (a
 * viewer would show the cut as a space), so there the width is a target a long word may overrun.
 */
final class Page {
  /**
   * The label column of a step block: two spaces of indent and the longest label, "cards after".
   */
  private static final int LABEL_WIDTH = 14;

  private final HistoryText.Layout layout;
  private final int width;
  private final StringBuilder out = new StringBuilder();

  Page(HistoryText.Layout layout, int width) {
    this.layout = layout;
    this.width = width;
  }

  int width() {
    return width;
  }

  boolean markdown() {
    return layout == HistoryText.Layout.MARKDOWN;
  }

  /** Whether every line of {@code block} fits the width. */
  boolean fits(String block) {
    return block.lines().allMatch(line -> line.length() <= width);
  }

  void heading(int level, String text) {
    if (markdown()) {
      out.append("#".repeat(level)).append(' ').append(text).append("\n\n");
      return;
    }
    List<String> lines = Wrap.lines(text, width);
    lines.forEach(line -> out.append(line).append('\n'));
    int underline = lines.stream().mapToInt(String::length).max().orElse(0);
    out.append((level == 1 ? "=" : "-").repeat(underline)).append('\n');
  }

  /** A paragraph followed by a blank line. */
  void paragraph(String text) {
    line(text);
    out.append('\n');
  }

  /** Wrapped text with no blank line after it. */
  void line(String text) {
    Wrap.append(out, "", text, width, !markdown());
  }

  void bullet(String text) {
    Wrap.append(out, "- ", text, width, !markdown());
  }

  void subBullet(String text) {
    Wrap.append(out, "  - ", text, width, !markdown());
  }

  /** Text already laid out (a table), added as it is. */
  void block(String text) {
    out.append(text);
  }

  void blankLine() {
    out.append('\n');
  }

  /**
   * A step as a heading and labelled lines; consecutive facts with one label share it (plain text)
   * or one bullet (Markdown).
   */
  void stepBlock(StepLines step) {
    List<List<StepLines.Fact>> groups = new ArrayList<>();
    for (StepLines.Fact fact : step.facts()) {
      if (groups.isEmpty() || !groups.get(groups.size() - 1).get(0).label().equals(fact.label())) {
        groups.add(new ArrayList<>());
      }
      groups.get(groups.size() - 1).add(fact);
    }
    if (markdown()) {
      heading(3, step.heading());
      for (List<StepLines.Fact> group : groups) {
        List<String> texts = group.stream().map(StepLines.Fact::text).toList();
        bullet(group.get(0).label() + ": " + String.join("; ", texts));
      }
      out.append('\n');
      return;
    }
    line(step.heading());
    for (List<StepLines.Fact> group : groups) {
      String label = "  " + group.get(0).label();
      for (StepLines.Fact fact : group) {
        String prefix = label + " ".repeat(Math.max(1, LABEL_WIDTH - label.length()));
        Wrap.append(out, prefix, fact.text(), width, true);
        label = "";
      }
    }
    out.append('\n');
  }

  String text() {
    return out.toString();
  }
}
