package io.inboxcheck.report;

import java.util.ArrayList;
import java.util.List;

/** A table of text cells, rendered with aligned columns or as Markdown. */
public final class TextTable {
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
        line.append(" | ");
      }
      line.append(row.get(column)).append(" ".repeat(widths[column] - row.get(column).length()));
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }

  private static void appendMarkdown(StringBuilder out, List<String> row) {
    out.append('|');
    for (String cell : row) {
      out.append(' ').append(cell.replace("|", "\\|")).append(" |");
    }
    out.append('\n');
  }
}
