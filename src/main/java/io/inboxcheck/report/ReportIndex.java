package io.inboxcheck.report;

import static io.inboxcheck.report.HtmlPage.escape;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * {@code reports/index.html}: one page linking every report a run wrote, by relative links only, so
 * the folder can be copied or opened from a CI artefact as it is. The Markdown reports get an HTML
 * page each beside them. It lists what is on disk, so it is written once the run has ended.
 */
public final class ReportIndex {
  private ReportIndex() {}

  /** The Markdown reports at the top of the folder, with the heading each goes under. */
  private static final List<String[]> MARKDOWN_REPORTS =
      List.of(
          new String[] {"invariants", "Invariant properties"}, new String[] {"bug-zoo", "Bug zoo"});

  /** Writes the Markdown reports' pages and the index; returns the index. */
  public static Path write(Path reports) {
    Set<String> counterexamples = listed(reports, "counterexamples", ".html");
    Set<String> linkable = new TreeSet<>();
    counterexamples.forEach(page -> linkable.add("counterexamples/" + page));
    StringBuilder body = new StringBuilder("<h1>inboxcheck reports</h1>\n");
    body.append("<p>Written by <code>mvn verify</code>; every file here is generated. What each")
        .append(" holds: <code>reports/README.md</code>. Executed checks versus designed but")
        .append(" unimplemented guarantees: <code>docs/guarantees.md</code>.</p>\n");
    section(
        body,
        "Scenario histories",
        "scenarios",
        listed(reports, "scenarios", ".html"),
        "each file in scenarios/ replayed against the reference model");
    for (String[] report : MARKDOWN_REPORTS) {
      Path markdown = reports.resolve(report[0] + ".md");
      Set<String> page = new TreeSet<>();
      if (Files.isRegularFile(markdown)) {
        ReportFiles.write(
            reports.resolve(report[0] + ".html"),
            MarkdownHtml.render(report[1], read(markdown), linkable));
        page.add(report[0] + ".html");
      }
      section(body, report[1], "", page, "the table of " + report[0] + ".md");
    }
    Set<String> explorations = new TreeSet<>();
    for (String markdown : listed(reports, "exploration", ".md")) {
      String page = markdown.replaceFirst("\\.md$", ".html");
      ReportFiles.write(
          reports.resolve("exploration").resolve(page),
          MarkdownHtml.render(
              "Exploration " + page,
              read(reports.resolve("exploration").resolve(markdown)),
              Set.of()));
      explorations.add(page);
    }
    section(body, "Explorations", "exploration", explorations, "every arrival order explored");
    section(
        body,
        "Counterexamples",
        "counterexamples",
        counterexamples,
        "each failing receiver beside the model, first divergence marked");
    section(
        body,
        "Screenshots",
        "screenshots",
        listed(reports, "screenshots", ".png"),
        "pages as a real browser rendered them (HtmlReportBrowserTests)");
    return ReportFiles.write(
        reports.resolve("index.html"), HtmlPage.page("inboxcheck reports", body.toString()));
  }

  private static void section(
      StringBuilder body, String title, String folder, Set<String> files, String what) {
    body.append("<h2>").append(escape(title)).append("</h2>\n");
    if (files.isEmpty()) {
      body.append("<p class=\"missing\">Not written by this run (")
          .append(escape(what))
          .append(").</p>\n");
      return;
    }
    body.append("<p>")
        .append(escape(what))
        .append(":</p>\n<ul class=\"index-")
        .append(folder.isEmpty() ? "top" : folder)
        .append("\">\n");
    for (String file : files) {
      String href = folder.isEmpty() ? file : folder + "/" + file;
      body.append("<li><a href=\"")
          .append(escape(href))
          .append("\">")
          .append(escape(file))
          .append("</a></li>\n");
    }
    body.append("</ul>\n");
  }

  /** File names in {@code reports/folder} ending in {@code suffix}, sorted; none if absent. */
  private static Set<String> listed(Path reports, String folder, String suffix) {
    Path directory = reports.resolve(folder);
    Set<String> names = new TreeSet<>();
    if (!Files.isDirectory(directory)) {
      return names;
    }
    try (Stream<Path> files = Files.list(directory)) {
      files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.endsWith(suffix))
          .forEach(names::add);
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list reports in " + directory, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read report " + file, e);
    }
  }
}
