package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.inboxcheck.check.Invariant;
import io.inboxcheck.report.ConsoleSummary;
import io.inboxcheck.zoo.Zoo;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/console.md shows the tail of a real {@code mvn -B verify}: the block must be what the
 * renderer prints for the numbers it shows, at the end of the build, with every invariant and the
 * zoo as they are now. A renamed or added invariant, a grown zoo, a changed line of the renderer or
 * a summary moved away from the end of the build makes the page stale, and this fails.
 */
class ConsoleDocumentationTests {
  private static final String HEADER = "--- inboxcheck: what the properties checked";
  private static final Pattern PROPERTY = Pattern.compile("(.+): ([A-Z_]+)");
  private static final Pattern NUMBERS =
      Pattern.compile("  ([0-9,]+) tries, (?:([0-9,]+) checked steps, )?seed (-?[0-9]+)");
  private static final Pattern ROW = Pattern.compile("  ([A-Z_]+) +\\| +([0-9,]+) \\| (.+)");
  private static final Pattern ZOO =
      Pattern.compile(
          "Bug zoo: caught (\\d+) of (\\d+) naive receivers, by model-free invariants \\d+ \\(\\d+"
              + " of the \\d+ common mistakes\\), the rest by conformance; (\\d+) of (\\d+)"
              + " model-free invariants catch at least one on their own");
  private static final Pattern EXPLORATION =
      Pattern.compile(
          "Exploration of every arrival order: [\\w-]+ [0-9,]+ orders \\([0-9,]+ states\\) hold"
              + "(; [\\w-]+ [0-9,]+ orders \\([0-9,]+ states\\) hold)*");

  @Test
  void theDocumentedBlockIsWhatTheRendererPrintsForItsNumbers() throws IOException {
    List<String> block = documentedBlock();
    List<String> rendered = ConsoleSummary.render(reportsOf(block));

    // The header, every property with its numbers, the invariant table: line for line.
    List<String> expected = rendered.subList(0, rendered.size() - 1);
    assertThat(block.subList(0, expected.size())).containsExactlyElementsOf(expected);
    assertThat(block.get(expected.size())).matches(ZOO);
    assertThat(block.get(expected.size() + 1)).matches(EXPLORATION);
    assertThat(block.get(expected.size() + 2))
        .isEqualTo(
            "Reports: reports/invariants.md, reports/properties/, reports/bug-zoo.md,"
                + " reports/exploration/ (each file explained in reports/README.md)");
  }

  @Test
  void theDocumentedTableHasEveryInvariantAndTheZooLineTheZoosSize() throws IOException {
    List<String> block = documentedBlock();

    assertThat(block.stream().map(ROW::matcher).filter(Matcher::matches).map(m -> m.group(1)))
        .containsExactlyElementsOf(Arrays.stream(Invariant.values()).map(Enum::name).toList());
    Matcher zoo =
        block.stream().map(ZOO::matcher).filter(Matcher::matches).findFirst().orElseThrow();
    assertThat(zoo.group(1)).as("receivers caught").isEqualTo(zoo.group(2));
    assertThat(Integer.parseInt(zoo.group(2))).as("zoo size").isEqualTo(Zoo.RECEIVERS.size());
    assertThat(Integer.parseInt(zoo.group(4)))
        .as("model-free invariants")
        .isEqualTo(Invariant.allModelFree().size());
  }

  @Test
  void theDocumentedBlockIsTheLastThingTheBuildPrintsBeforeItsResult() throws IOException {
    List<String> tail = tail();
    int header = indexOf(tail, HEADER);

    assertThat(tail.subList(0, header))
        .as("the block comes from the verify phase's summary, after every test execution")
        .anySatisfy(
            line -> assertThat(line).contains("exec-maven-plugin").contains("(build-summary)"))
        .noneSatisfy(line -> assertThat(line).contains(HEADER));
    assertThat(tail.subList(header + 1, tail.size()))
        .noneSatisfy(line -> assertThat(line).contains(HEADER))
        .noneSatisfy(line -> assertThat(line).contains("maven-surefire-plugin"))
        .anySatisfy(line -> assertThat(line).isEqualTo("[INFO] BUILD SUCCESS"));
  }

  /** The first fenced block of docs/console.md: the tail of the build as it was printed. */
  private static List<String> tail() throws IOException {
    List<String> lines = Files.readAllLines(ProjectPaths.root().resolve("docs/console.md"));
    int open = indexOf(lines, "```");
    int close = indexOf(lines.subList(open + 1, lines.size()), "```") + open + 1;
    return lines.subList(open + 1, close);
  }

  /** From the header to the Reports line. */
  private static List<String> documentedBlock() throws IOException {
    List<String> tail = tail();
    int header = indexOf(tail, HEADER);
    int reports = indexOf(tail.subList(header, tail.size()), "Reports: ") + header;
    return tail.subList(header, reports + 1);
  }

  private static int indexOf(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new AssertionError("docs/console.md: no line starting with '" + prefix + "'");
  }

  /** The properties and invariant rows of the documented block, as the reports would hold them. */
  private static ConsoleSummary.Reports reportsOf(List<String> block) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    ArrayNode properties = root.putArray("properties");
    ObjectNode invariants = root.putObject("invariants");
    for (int i = 1; i < block.size(); i++) {
      Matcher property = PROPERTY.matcher(block.get(i));
      Matcher row = ROW.matcher(block.get(i));
      if (!block.get(i).startsWith(" ") && property.matches() && i + 1 < block.size()) {
        Matcher numbers = NUMBERS.matcher(block.get(i + 1));
        if (numbers.matches()) {
          ObjectNode node = properties.addObject();
          node.put("name", property.group(1));
          node.put("verdict", property.group(2));
          node.put("tries", number(numbers.group(1)));
          if (numbers.group(2) != null) {
            node.put("steps", number(numbers.group(2)));
          }
          node.put("seed", Long.parseLong(numbers.group(3)));
          node.putArray("coverage_shortfalls");
        }
      } else if (row.matches()) {
        ObjectNode node = invariants.putObject(row.group(1));
        node.put("exercised", number(row.group(2)));
        node.put("verdict", row.group(3));
      }
    }
    return new ConsoleSummary.Reports(Optional.of(root), Optional.empty(), List.of(), "reports");
  }

  private static long number(String text) {
    return Long.parseLong(text.replace(",", ""));
  }
}
