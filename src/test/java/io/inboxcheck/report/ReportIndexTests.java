package io.inboxcheck.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code reports/index.html} links what a run wrote and turns the Markdown reports into pages. */
class ReportIndexTests {

  @Test
  void theIndexLinksEveryPageOnDiskAndSaysWhatIsMissing(@TempDir Path reports) throws Exception {
    ReportFiles.write(reports.resolve("scenarios/guide.html"), "<html></html>");
    ReportFiles.write(reports.resolve("counterexamples/zoo-X-1.html"), "<html></html>");
    ReportFiles.write(reports.resolve("counterexamples/zoo-X-1.json"), "{}");
    ReportFiles.write(
        reports.resolve("bug-zoo.md"),
        """
        # Bug zoo

        | # | receiver <script> | counterexample |
        |---|---|---|
        | 1 | `zoo` | reports/counterexamples/zoo-X-1.json |
        | 2 | other | reports/counterexamples/other-Y-2.json |

        - **1 zoo**: broken
        """);

    String index = Files.readString(ReportIndex.write(reports));
    String zoo = Files.readString(reports.resolve("bug-zoo.html"));

    assertThat(index)
        .contains("<a href=\"scenarios/guide.html\">")
        .contains("<a href=\"bug-zoo.html\">")
        .contains("<a href=\"counterexamples/zoo-X-1.html\">")
        .doesNotContain("zoo-X-1.json");
    assertThat(index).contains("<h2>Explorations</h2>\n<p class=\"missing\">Not written");
    assertThat(zoo)
        .contains("<th>receiver &lt;script&gt;</th>")
        .contains("<td><code>zoo</code></td>")
        .contains(
            "<a href=\"counterexamples/zoo-X-1.html\">reports/counterexamples/zoo-X-1.json</a>")
        .as("no page was written for other-Y-2, so no link to one")
        .doesNotContain("other-Y-2.html")
        .contains("<li><b>1 zoo</b>: broken</li>");
  }
}
