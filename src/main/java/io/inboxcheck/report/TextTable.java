package io.inboxcheck.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A table of text cells, rendered with aligned columns or as Markdown. A cell may hold several
 * lines, separated by {@code \n}: aligned layouts stack them, Markdown joins them with {@code
 * <br>}.
 */
public final class TextTable {
  private static final String SEPARATOR = " | ";
  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(List<String> headers) {
    this.headers = List.copyOf(headers);
  }

  public void add(List<String> row) {
    if (row.size() != headers.size()) {
      throw new IllegalArgumentException(
          "a row has " + row.size() + " cells, the table " + headers.size());
    }
    rows.add(List.copyOf(row));
  }

  public String aligned() {
    int[] widths = new int[headers.size()];
    for (List<String> row : allRows()) {
      for (int column = 0; column < row.size(); column++) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    StringBuilder out = new StringBuilder();
    List<List<String>> all = allRows();
    for (int index = 0; index < all.size(); index++) {
      appendAligned(out, all.get(index), widths);
      if (index == 0) {
        List<String> rule = new ArrayList<>();
        for (int width : widths) {
          rule.add("-".repeat(width));
        }
        appendAligned(out, rule, widths);
      }
    }
    return out.toString();
  }

  /**
   * Aligned columns in at most {@code width} characters per line, long cells wrapped inside their
   * column; empty when some column would get fewer than {@code readableColumn} characters (or its
   * whole content, if shorter), because a table that narrow cannot be followed.
   */
  public Optional<String> wrapped(int width, int readableColumn) {
    int[] natural = new int[headers.size()];
    int[] floor = new int[headers.size()];
    for (int column = 0; column < headers.size(); column++) {
      for (List<String> row : allRows()) {
        for (String line : row.get(column).split("\n", -1)) {
          natural[column] = Math.max(natural[column], line.length());
        }
      }
      int header = headers.get(column).length();
      floor[column] = Math.min(natural[column], Math.max(header, readableColumn));
    }
    int available = width - SEPARATOR.length() * (headers.size() - 1);
    int[] widths = share(natural, floor, available);
    if (widths == null) {
      return Optional.empty();
    }
    return Optional.of(render(widths));
  }

  /**
   * Column widths that add up to at most {@code available}: every column its natural width if that
   * fits; else narrow columns keep their whole width and the wide ones share the rest evenly (each
   * gets its natural width or the highest common level that fits, never less than its floor); null
   * if even the floors do not fit.
   */
  private static int[] share(int[] natural, int[] floor, int available) {
    if (sum(natural) <= available) {
      return natural.clone();
    }
    if (sum(floor) > available) {
      return null;
    }
    int[] widths = floor.clone();
    for (int level = 1; ; level++) {
      int[] raised = new int[natural.length];
      for (int column = 0; column < natural.length; column++) {
        raised[column] = Math.max(floor[column], Math.min(natural[column], level));
      }
      if (sum(raised) > available) {
        break;
      }
      widths = raised;
    }
    // The last level that fit may leave a few characters; hand them out left to right.
    int spare = available - (int) sum(widths);
    for (int column = 0; spare > 0 && column < natural.length; column++) {
      if (widths[column] < natural[column]) {
        widths[column]++;
        spare--;
      }
    }
    return widths;
  }

  private static long sum(int[] values) {
    long total = 0;
    for (int value : values) {
      total += value;
    }
    return total;
  }

  private String render(int[] widths) {
    List<List<String>> all = allRows();
    List<String> rule = new ArrayList<>();
    for (int width : widths) {
      rule.add("-".repeat(width));
    }
    List<List<List<String>>> wrappedRows = new ArrayList<>();
    boolean tall = false;
    for (List<String> row : all) {
      List<List<String>> cells = new ArrayList<>();
      for (int column = 0; column < row.size(); column++) {
        List<String> lines = new ArrayList<>();
        for (String line : row.get(column).split("\n", -1)) {
          lines.addAll(Wrap.lines(line, widths[column]));
        }
        cells.add(lines);
        tall |= lines.size() > 1;
      }
      wrappedRows.add(cells);
    }
    StringBuilder out = new StringBuilder();
    for (int index = 0; index < wrappedRows.size(); index++) {
      // Rows of several lines need a rule between them, or the eye cannot tell where one ends.
      if (index == 1 || index > 1 && tall) {
        appendAligned(out, rule, widths);
      }
      appendStacked(out, wrappedRows.get(index), widths);
    }
    return out.toString();
  }

  private static void appendStacked(StringBuilder out, List<List<String>> cells, int[] widths) {
    int height = cells.stream().mapToInt(List::size).max().orElse(1);
    for (int line = 0; line < height; line++) {
      List<String> row = new ArrayList<>();
      for (List<String> cell : cells) {
        row.add(line < cell.size() ? cell.get(line) : "");
      }
      appendAligned(out, row, widths);
    }
  }

  public String markdown() {
    StringBuilder out = new StringBuilder();
    appendMarkdown(out, headers);
    out.append("|").append("---|".repeat(headers.size())).append('\n');
    rows.forEach(row -> appendMarkdown(out, row));
    return out.toString();
  }

  private List<List<String>> allRows() {
    List<List<String>> all = new ArrayList<>();
    all.add(headers);
    all.addAll(rows);
    return all;
  }

  private static void appendAligned(StringBuilder out, List<String> row, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int column = 0; column < row.size(); column++) {
      if (column > 0) {
        line.append(SEPARATOR);
      }
      line.append(row.get(column))
          .append(" ".repeat(Math.max(0, widths[column] - row.get(column).length())));
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static void appendMarkdown(StringBuilder out, List<String> row) {
    out.append('|');
    for (String cell : row) {
      out.append(' ').append(cell.replace("|", "\\|").replace("\n", "<br>")).append(" |");
    }
    out.append('\n');
  }
}
