package io.inboxcheck.report;

import static io.inboxcheck.report.HtmlPage.escape;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown reports ({@code invariants.md}, {@code bug-zoo.md}, explorations) as HTML pages, so
 * a browser shows them as tables instead of offering a download. It renders only what those reports
 * use: headings, pipe tables, bullets, fenced code, paragraphs, inline code and bold.
 */
final class MarkdownHtml {
  private static final Pattern TABLE_RULE = Pattern.compile("^\\|[\\s:|-]+\\|$");
  private static final Pattern INLINE_CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");
  private static final Pattern COUNTEREXAMPLE =
      Pattern.compile("reports/(counterexamples/[A-Za-z0-9._-]+)\\.json");

  private MarkdownHtml() {}

  /**
   * The page of one Markdown report. A counterexample file it names becomes a link to that
   * counterexample's side-by-side page when {@code pages} (paths relative to the page) holds it.
   */
  static String render(String title, String markdown, Set<String> pages) {
    StringBuilder body = new StringBuilder();
    List<String> table = new ArrayList<>();
    boolean list = false;
    boolean code = false;
    for (String line : markdown.split("\n", -1)) {
      if (line.startsWith("```")) {
        body.append(code ? "</pre>\n" : "<pre>");
        code = !code;
        continue;
      }
      if (code) {
        body.append(escape(line)).append('\n');
        continue;
      }
      if (!line.startsWith("|") && !table.isEmpty()) {
        body.append(table(table, pages));
        table.clear();
      }
      if (!line.startsWith("- ") && list) {
        body.append("</ul>\n");
        list = false;
      }
      if (line.startsWith("|")) {
        table.add(line.strip());
      } else if (line.startsWith("- ")) {
        body.append(list ? "" : "<ul>\n").append("<li>");
        body.append(inline(line.substring(2), pages)).append("</li>\n");
        list = true;
      } else if (line.startsWith("#")) {
        int level = Math.min(6, line.indexOf(' ') < 0 ? 1 : line.indexOf(' '));
        body.append("<h").append(level).append('>');
        body.append(inline(line.substring(level).strip(), pages));
        body.append("</h").append(level).append(">\n");
      } else if (!line.isBlank()) {
        body.append("<p>").append(inline(line, pages)).append("</p>\n");
      }
    }
    if (!table.isEmpty()) {
      body.append(table(table, pages));
    }
    body.append(list ? "</ul>\n" : "").append(code ? "</pre>\n" : "");
    return HtmlPage.page(title, body.toString());
  }

  private static String table(List<String> rows, Set<String> pages) {
    StringBuilder out = new StringBuilder("<table>\n");
    for (int index = 0; index < rows.size(); index++) {
      if (TABLE_RULE.matcher(rows.get(index)).matches()) {
        continue;
      }
      boolean header = index + 1 < rows.size() && TABLE_RULE.matcher(rows.get(index + 1)).matches();
      String row = rows.get(index);
      String inner = row.substring(1, row.endsWith("|") ? row.length() - 1 : row.length());
      out.append("<tr>");
      for (String cell : inner.split("\\|", -1)) {
        out.append(header ? "<th>" : "<td>").append(inline(cell.strip(), pages));
        out.append(header ? "</th>" : "</td>");
      }
      out.append("</tr>\n");
    }
    return out.append("</table>\n").toString();
  }

  private static String inline(String text, Set<String> pages) {
    String html = escape(text);
    html = INLINE_CODE.matcher(html).replaceAll("<code>$1</code>");
    html = BOLD.matcher(html).replaceAll("<b>$1</b>");
    Matcher names = COUNTEREXAMPLE.matcher(html);
    StringBuilder linked = new StringBuilder();
    while (names.find()) {
      String page = names.group(1) + ".html";
      String replacement =
          pages.contains(page)
              ? "<a href=\"" + page + "\">" + names.group() + "</a>"
              : names.group();
      names.appendReplacement(linked, Matcher.quoteReplacement(replacement));
    }
    names.appendTail(linked);
    return linked.toString();
  }
}
