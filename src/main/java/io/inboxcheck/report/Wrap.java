package io.inboxcheck.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Breaks text into lines no longer than a width, for people reading a terminal.
 *
 * <p>Lines break at spaces first. A word longer than the width (compact JSON has no spaces) breaks
 * after a comma where it can, so a JSON value splits between members rather than inside one. Only
 * where no comma helps is a word cut at the width, and only when hard breaks are allowed: Markdown
 * turns a line break into a space, so cutting a word there would change what a reader sees.
 */
final class Wrap {
  /** Narrower than this, wrapped text is unreadable; callers lay out differently instead. */
  static final int NARROWEST_TEXT = 12;

  private Wrap() {}

  /** {@code text} in lines of at most {@code width} characters, cutting words when needed. */
  static List<String> lines(String text, int width) {
    return lines(text, width, true);
  }

  /**
   * {@code text} in lines of at most {@code width} characters; without {@code hardBreaks} a word
   * with no comma to break after stays whole and may overrun the width.
   */
  static List<String> lines(String text, int width, boolean hardBreaks) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ", -1)) {
      if (line.length() > 0 && line.length() + 1 + word.length() <= width) {
        line.append(' ').append(word);
        continue;
      }
      if (line.length() > 0) {
        lines.add(line.toString());
        line.setLength(0);
      }
      String rest = word;
      while (rest.length() > width) {
        int cut = cutPoint(rest, width, hardBreaks);
        if (cut <= 0) {
          break;
        }
        lines.add(rest.substring(0, cut));
        rest = rest.substring(cut);
      }
      line.append(rest);
    }
    lines.add(line.toString());
    return lines;
  }

  /** Where to cut a word too long for {@code width}: after its last comma that fits, else hard. */
  private static int cutPoint(String word, int width, boolean hardBreaks) {
    int comma = word.lastIndexOf(',', width - 1);
    if (comma > 0) {
      return comma + 1;
    }
    return hardBreaks ? width : -1;
  }

  /**
   * {@code text} wrapped to {@code width} with {@code firstPrefix} before the first line and spaces
   * of the same length before the others: a bullet or a label with a hanging indent.
   */
  static List<String> hanging(String firstPrefix, String text, int width, boolean hardBreaks) {
    String indent = " ".repeat(firstPrefix.length());
    List<String> wrapped =
        lines(text, Math.max(NARROWEST_TEXT, width - firstPrefix.length()), hardBreaks);
    List<String> out = new ArrayList<>();
    for (int index = 0; index < wrapped.size(); index++) {
      out.add(((index == 0 ? firstPrefix : indent) + wrapped.get(index)).stripTrailing());
    }
    return out;
  }

  /** Appends {@code text} as a hanging paragraph, one line per wrapped line. */
  static void append(
      StringBuilder out, String firstPrefix, String text, int width, boolean hardBreaks) {
    hanging(firstPrefix, text, width, hardBreaks).forEach(line -> out.append(line).append('\n'));
  }
}
