package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code replay --format html}: one self-contained page, beside the model for other receivers. */
class ReplayHtmlTests {
  private static final String GUIDE =
      ProjectPaths.scenarios().resolve("B62-15-events.json").toString();

  @Test
  void theGuidesPageHasALanePerCardAndFetchesNothing() {
    CommandRun run = CommandRun.of("replay", "--format", "html", GUIDE);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(run.out())
        .contains("<th class=\"lane-header\" data-card=\"card-7\">")
        .contains("<th class=\"lane-header\" data-card=\"card-8\">")
        .contains("class=\"held held-waiting held-unresolved\" data-held=\"e-204\"")
        .contains("class=\"decision decision-held\" data-step=\"6\" data-decision=\"HELD\"");
    assertThat(run.out())
        .as("self-contained: no script, no link, nothing loaded from elsewhere")
        .doesNotContain("<script", "<link", "http:", "https:", "url(", "@import", "<img");
  }

  @Test
  void anotherReceiverIsShownBesideTheModelWithItsFirstDivergence(@TempDir Path folder)
      throws Exception {
    Path file = folder.resolve("newer-variant.json");
    Files.writeString(
        file,
        """
        {"name": "newer-variant", "description": "a reused id with a higher version",
         "start": "2024-03-01T10:00:00Z",
         "initial": {"card-1": {"version": 0, "state": {"label": "Map"}}},
         "steps": [
           {"deliver": {"event_id": "e-1", "object_id": "card-1", "object_version": 1,
                        "occurred_at": "2024-03-01T10:00:00Z", "type": "card.snapshot",
                        "state": {"label": "Map"}}},
           {"deliver": {"event_id": "e-1", "object_id": "card-1", "object_version": 2,
                        "occurred_at": "2024-03-01T10:00:00Z", "type": "card.snapshot",
                        "state": {"label": "<b>Map</b>"}}}
         ]}
        """);

    CommandRun run =
        CommandRun.of(
            "replay",
            "--format",
            "html",
            "--receiver",
            "class:" + NewerVariantApplyingReceiver.class.getName(),
            file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .contains("<tr data-step=\"1\" class=\"\">")
        .contains("<tr data-step=\"2\" class=\"divergence violation\">")
        .contains("data-invariant=\"NO_VARIANT_APPLIED\"")
        .contains("&lt;b&gt;Map&lt;/b&gt;")
        .doesNotContain("<b>Map</b>");
  }

  @Test
  void htmlForSeveralFilesIsRejectedWithOneLine() {
    CommandRun run = CommandRun.of("replay", "--format", "html", GUIDE, GUIDE);

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck replay: --format html writes one page: give exactly one scenario file,"
                + " not 2");
  }
}
