package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.cli.CommandRun;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a reader of a fresh clone meets: the policy is inside the repository and every citation of
 * it resolves, the README is short and reaches every page under docs/, every relative link
 * resolves, and no user-facing text names an issue nobody outside the project can see.
 */
class DocumentationTests {
  /** Built from parts so that this file does not contain what it looks for. */
  private static final String OUTSIDE = ".." + "/shared";

  /** Folders of generated output or tooling, not of the repository's own text. */
  private static final Set<String> NOT_SOURCE =
      Set.of("target", ".git", ".inboxcheck", "reports", "node_modules", ".idea");

  /** SPEC section 5, SPEC §3.1, SPEC 4.3, SPEC rule 3.3, SPEC sections 3-5, SPEC rules 3.2–3.4. */
  private static final Pattern CITATION =
      Pattern.compile(
          "SPEC(?:\\s+(?:sections?|rules?))?\\s*§?\\s*(\\d+(?:\\.\\d+)?)"
              + "(?:\\s*(?:to|and|-|–)\\s*(\\d+(?:\\.\\d+)?))?");

  private static final Pattern ISSUE_NUMBER =
      Pattern.compile("(?i)\\bissues?\\s*#?\\s*\\d+|\\bissue-\\d+|\\bthe issue('s)?\\b");

  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");

  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");

  private static Path root() {
    return ProjectPaths.root();
  }

  /** Every file of the repository's own, as text; binary files are left out. */
  private static Map<Path, String> repositoryTexts(Path under) throws IOException {
    Map<Path, String> texts = new HashMap<>();
    try (Stream<Path> walk = Files.walk(under)) {
      for (Path file : walk.filter(Files::isRegularFile).toList()) {
        Path relative = root().relativize(file);
        boolean generated = false;
        for (Path part : relative) {
          generated |= NOT_SOURCE.contains(part.toString());
        }
        if (generated || Files.size(file) > 16 * 1024 * 1024) {
          continue;
        }
        try {
          texts.put(
              relative,
              StandardCharsets.UTF_8
                  .newDecoder()
                  .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                  .toString());
        } catch (CharacterCodingException binary) {
          // An image or another binary file: no text to read.
        }
      }
    }
    return texts;
  }

  @Test
  void noFileOfTheRepositoryPointsOutsideIt() throws IOException {
    Map<Path, String> texts = repositoryTexts(root());
    assertThat(texts).containsKeys(Path.of("README.md"), Path.of("SPEC.md"), Path.of("pom.xml"));

    List<String> outside = new ArrayList<>();
    texts.forEach(
        (file, text) -> {
          if (text.contains(OUTSIDE)) {
            outside.add(file.toString());
          }
        });
    assertThat(outside).as("files that refer to " + OUTSIDE).isEmpty();
  }

  /** The sections and subsections SPEC.md has, e.g. {@code 3} and {@code 3.3}. */
  static Set<String> specSections(String spec) {
    Set<String> sections = new TreeSet<>();
    Matcher section = Pattern.compile("(?m)^## (\\d+)\\. ").matcher(spec);
    while (section.find()) {
      sections.add(section.group(1));
    }
    Matcher subsection = Pattern.compile("(?m)^### (\\d+\\.\\d+) ").matcher(spec);
    while (subsection.find()) {
      sections.add(subsection.group(1));
    }
    return sections;
  }

  /** The citations in {@code text} that name a section {@code sections} does not have. */
  static List<String> unresolvedCitations(String text, Set<String> sections) {
    List<String> unresolved = new ArrayList<>();
    Matcher citation = CITATION.matcher(text);
    while (citation.find()) {
      for (int group = 1; group <= 2; group++) {
        String number = citation.group(group);
        if (number != null && !sections.contains(number)) {
          unresolved.add(citation.group());
        }
      }
    }
    return unresolved;
  }

  @Test
  void everyCitationOfThePolicyNamesASectionSpecMdHas() throws IOException {
    Set<String> sections = specSections(Files.readString(root().resolve("SPEC.md")));
    assertThat(sections)
        .contains("1", "3", "5", "10", "3.1", "3.2", "3.3", "3.4", "4.1", "4.2", "4.3");

    List<String> unresolved = new ArrayList<>();
    int citations = 0;
    for (Map.Entry<Path, String> file : repositoryTexts(root()).entrySet()) {
      Matcher any = CITATION.matcher(file.getValue());
      while (any.find()) {
        citations++;
      }
      unresolvedCitations(file.getValue(), sections)
          .forEach(citation -> unresolved.add(file.getKey() + ": " + citation));
    }
    assertThat(citations).as("citations found").isGreaterThan(100);
    assertThat(unresolved).isEmpty();
  }

  @Test
  void theCitationCheckCatchesASectionThatDoesNotExist() {
    Set<String> sections = Set.of("3", "3.1", "3.3", "4", "5");
    // Built from parts, so that the repository-wide check does not find these in this file.
    String spec = "SPEC";

    assertThat(
            unresolvedCitations(
                spec + " section 11, " + spec + " 3.9 and " + spec + " rule 3.3", sections))
        .containsExactly(spec + " section 11", spec + " 3.9");
    assertThat(
            unresolvedCitations(
                spec + " sections 3 to 6, " + spec + " §4, " + spec + " 3-5", sections))
        .containsExactly(spec + " sections 3 to 6");
  }

  @Test
  void theReadmeIsAFrontDoorOfAtMost150Lines() throws IOException {
    List<String> lines = Files.readAllLines(root().resolve("README.md"));

    assertThat(lines).hasSizeLessThanOrEqualTo(150);
    assertThat(String.join("\n", lines))
        .contains("mvn -B verify")
        .contains(
            "mvn -B -q package -DskipTests && java -jar target/inboxcheck.jar replay"
                + " scenarios/B62-15-events.json")
        .contains("](SPEC.md)")
        .contains("](docs/architecture.md)");
  }

  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
  static String anchor(String heading) {
    return heading
        .strip()
        .toLowerCase(java.util.Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }

  private static Set<String> anchorsOf(String markdown) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    Matcher heading = HEADING.matcher(withoutCode(markdown));
    while (heading.find()) {
      String anchor = anchor(heading.group(1));
      int count = seen.merge(anchor, 1, Integer::sum);
      anchors.add(count == 1 ? anchor : anchor + "-" + (count - 1));
    }
    return anchors;
  }

  /** Fenced code blocks hold examples, not links or headings. */
  private static String withoutCode(String markdown) {
    return markdown.replaceAll("(?ms)^```.*?^```", "");
  }

  /** The relative link targets of one Markdown file, with their anchors. */
  private static List<String> relativeLinks(String markdown) {
    List<String> links = new ArrayList<>();
    Matcher link = LINK.matcher(withoutCode(markdown));
    while (link.find()) {
      String target = link.group(1);
      if (!target.matches("^(https?|mailto):.*")) {
        links.add(target);
      }
    }
    return links;
  }

  private static List<Path> markdownPages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("SPEC.md")));
    for (Path file : repositoryTexts(root()).keySet()) {
      boolean page =
          file.startsWith("docs") || file.startsWith("examples") || file.startsWith("scenarios");
      if (page && file.toString().endsWith(".md")) {
        pages.add(file);
      }
    }
    pages.add(Path.of("reports", "README.md"));
    return pages;
  }

  @Test
  void everyRelativeLinkAndAnchorResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path page : markdownPages()) {
      String text = Files.readString(root().resolve(page));
      for (String target : relativeLinks(text)) {
        links++;
        String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        String fragment = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
        Path resolved =
            file.isEmpty() ? root().resolve(page) : root().resolve(page).resolveSibling(file);
        if (!Files.exists(resolved)) {
          broken.add(page + ": " + target + " (no such file)");
        } else if (fragment != null
            && resolved.toString().endsWith(".md")
            && !anchorsOf(Files.readString(resolved)).contains(fragment)) {
          broken.add(page + ": " + target + " (no such heading)");
        }
      }
    }
    assertThat(links).isGreaterThan(100);
    assertThat(broken).isEmpty();
  }

  @Test
  void everyPageUnderDocsIsReachableFromTheReadme() throws IOException {
    Set<Path> reached = new LinkedHashSet<>();
    Deque<Path> toRead = new ArrayDeque<>(List.of(Path.of("README.md")));
    while (!toRead.isEmpty()) {
      Path page = toRead.pop();
      if (!reached.add(page)) {
        continue;
      }
      for (String target : relativeLinks(Files.readString(root().resolve(page)))) {
        String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
        Path next = root().relativize(root().resolve(page).resolveSibling(file).normalize());
        if (file.endsWith(".md") && Files.exists(root().resolve(next))) {
          toRead.add(next);
        }
      }
    }
    List<Path> docs;
    try (Stream<Path> walk = Files.walk(root().resolve("docs"))) {
      docs =
          walk.filter(file -> file.toString().endsWith(".md"))
              .map(file -> root().relativize(file))
              .toList();
    }
    assertThat(docs).contains(Path.of("docs", "architecture.md"));

    assertThat(reached).containsAll(docs).contains(Path.of("SPEC.md"));
  }

  @Test
  void noUserFacingTextNamesAnIssue() throws IOException {
    Map<String, String> texts = new HashMap<>();
    repositoryTexts(root().resolve("src/main"))
        .forEach((file, text) -> texts.put(file.toString(), text));
    repositoryTexts(root().resolve("docs"))
        .forEach((file, text) -> texts.put(file.toString(), text));
    // Scenario descriptions and profile facts are printed in histories and reports.
    for (String folder : List.of("scenarios", "profiles")) {
      repositoryTexts(root().resolve(folder))
          .forEach((file, text) -> texts.put(file.toString(), text));
    }
    for (String page : List.of("README.md", "SPEC.md", "reports/README.md")) {
      texts.put(page, Files.readString(root().resolve(page)));
    }
    texts.put("inboxcheck --help", CommandRun.of("--help").out());
    for (String command : List.of("replay", "check", "explore", "bench", "profiles")) {
      texts.put("inboxcheck " + command + " --help", CommandRun.of(command, "--help").out());
    }
    assertThat(texts).hasSizeGreaterThan(200);

    List<String> found = new ArrayList<>();
    texts.forEach(
        (where, text) -> {
          Matcher issue = ISSUE_NUMBER.matcher(text);
          while (issue.find()) {
            found.add(where + ": " + issue.group());
          }
        });
    assertThat(found).isEmpty();
  }

  @Test
  void theIssueCheckCatchesTheWaysTextNamedIssues() {
    assertThat(ISSUE_NUMBER.matcher("(issue 16)").find()).isTrue();
    assertThat(ISSUE_NUMBER.matcher("the issue-5 baseline").find()).isTrue();
    assertThat(ISSUE_NUMBER.matcher("13 of the issue's 16").find()).isTrue();
    assertThat(ISSUE_NUMBER.matcher("Issues 9 and 12 merged").find()).isTrue();
    assertThat(ISSUE_NUMBER.matcher("13 of the 16 common mistakes").find()).isFalse();
  }
}
