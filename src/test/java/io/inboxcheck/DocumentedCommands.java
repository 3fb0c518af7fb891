package io.inboxcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The commands the documentation shows, as {@link DocumentedCommandsTests} runs them. The rule, the
 * same for every page:
 *
 * <ul>
 *   <li>The pages are {@code README.md}, {@code docs/*.md} and {@code examples/*}{@code
 *       /README.md}.
 *   <li>A command is a line of a fenced code block whose language is none, {@code sh}, {@code
 *       bash}, {@code shell} or {@code console}, that starts with {@code java -jar
 *       target/inboxcheck.jar} (after indentation and an optional {@code $ } prompt); a line ending
 *       in a backslash goes on with the next. Other lines (output, {@code mvn}, {@code curl}) are
 *       not run, nor is a command written inline in a sentence.
 *   <li>A command must exit 0, unless an HTML comment right before its block (blank lines between
 *       allowed) says otherwise for every command of that block: {@code <!-- docs-test: exit 1 -->}
 *       (the exit code it must give), {@code <!-- docs-test: slow -->} (runs with the JUnit tag
 *       {@code slow}: in CI's slow group, {@code -Pslow}, not in the default build), {@code <!--
 *       docs-test: skip WHY -->} (never run, for a reason a reader can check); several are
 *       separated by commas: {@code <!-- docs-test: slow, exit 1 -->}.
 *   <li>A synopsis, a line with a placeholder outside quotes ({@code <seed>}, {@code [--seed S]},
 *       {@code a|b}, {@code ...}), is not run: its command and every option it names must exist.
 * </ul>
 */
final class DocumentedCommands {
  /** How every documented command begins. */
  static final String JAR = "java -jar target/inboxcheck.jar";

  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})\\s*([^\\s`]*).*$");
  private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*docs-test:(.*?)-->\\s*$");
  private static final List<String> SHELL_LANGUAGES = List.of("", "sh", "bash", "shell", "console");

  private DocumentedCommands() {}

  /** What a page asks of a block's commands. */
  record Expectation(int exitCode, boolean slow, String skipped) {
    static final Expectation DEFAULT = new Expectation(0, false, null);

    boolean runs() {
      return skipped == null;
    }
  }

  /**
   * One command as a page shows it.
   *
   * @param page the page, relative to the project root, e.g. {@code docs/receiver-protocol.md}
   * @param line the line it starts on, from 1
   * @param text the command line, continuation lines joined
   */
  record Command(Path page, int line, String text, Expectation expectation) {
    String where() {
      return page + ":" + line;
    }

    /** Whether the line shows placeholders rather than values: a synopsis, not a command to run. */
    boolean synopsis() {
      return outsideQuotes(text).matches("(?s).*([\\[\\]|<>]|\\.\\.\\.).*");
    }
  }

  /** A page breaks the rule: an unknown marker, an unclosed block. */
  static final class Misdocumented extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Misdocumented(String where, String problem) {
      super(where + ": " + problem);
    }
  }

  /** Every page the rule covers under {@code root}, in a stable order. */
  static List<Path> pages(Path root) throws IOException {
    List<Path> pages = new ArrayList<>();
    if (Files.isRegularFile(root.resolve("README.md"))) {
      pages.add(Path.of("README.md"));
    }
    for (String folder : List.of("docs", "examples")) {
      if (!Files.isDirectory(root.resolve(folder))) {
        continue;
      }
      try (Stream<Path> files = Files.list(root.resolve(folder))) {
        files
            .map(file -> folder.equals("docs") ? file : file.resolve("README.md"))
            .filter(file -> file.getFileName().toString().endsWith(".md"))
            .filter(Files::isRegularFile)
            .map(root::relativize)
            .sorted()
            .forEach(pages::add);
      }
    }
    return pages;
  }

  /** The commands of every page under {@code root}, page by page, in the order they appear. */
  static List<Command> under(Path root) throws IOException {
    List<Command> commands = new ArrayList<>();
    for (Path page : pages(root)) {
      commands.addAll(of(page, Files.readAllLines(root.resolve(page))));
    }
    return commands;
  }

  /** The commands of one page, given as its lines. */
  static List<Command> of(Path page, List<String> lines) {
    List<Command> commands = new ArrayList<>();
    Expectation pending = Expectation.DEFAULT;
    int index = 0;
    while (index < lines.size()) {
      String line = lines.get(index);
      Matcher marker = MARKER.matcher(line);
      Matcher fence = FENCE.matcher(line);
      if (marker.matches()) {
        pending = expectation(page + ":" + (index + 1), marker.group(1));
      } else if (fence.matches()) {
        int end = closing(lines, index, fence.group(1), page);
        if (SHELL_LANGUAGES.contains(fence.group(2))) {
          commands.addAll(block(page, lines, index + 1, end, pending));
        }
        pending = Expectation.DEFAULT;
        index = end;
      } else if (!line.isBlank()) {
        pending = Expectation.DEFAULT;
      }
      index++;
    }
    return commands;
  }

  /** The commands between a block's fences, lines {@code from} (inclusive) to {@code to}. */
  private static List<Command> block(
      Path page, List<String> lines, int from, int to, Expectation expectation) {
    List<Command> commands = new ArrayList<>();
    for (int index = from; index < to; index++) {
      String text = lines.get(index).strip();
      text = text.startsWith("$ ") ? text.substring(2).strip() : text;
      if (!text.equals(JAR) && !text.startsWith(JAR + " ")) {
        continue;
      }
      int first = index;
      while (text.endsWith("\\") && index + 1 < to) {
        index++;
        text = text.substring(0, text.length() - 1).strip() + " " + lines.get(index).strip();
      }
      commands.add(new Command(page, first + 1, text, expectation));
    }
    return commands;
  }

  /** The index of the fence that closes the block opened at {@code open}. */
  private static int closing(List<String> lines, int open, String opening, Path page) {
    for (int index = open + 1; index < lines.size(); index++) {
      String line = lines.get(index).strip();
      if (line.startsWith(opening) && line.chars().allMatch(c -> c == opening.charAt(0))) {
        return index;
      }
    }
    throw new Misdocumented(page + ":" + (open + 1), "this code block is never closed");
  }

  /** The expectation a marker's text states, e.g. {@code slow, exit 1}. */
  static Expectation expectation(String where, String text) {
    int exitCode = 0;
    boolean slow = false;
    String skipped = null;
    for (String part : text.strip().split("\\s*,\\s*")) {
      if (part.matches("exit \\d{1,3}") && Integer.parseInt(part.substring(5)) <= 255) {
        exitCode = Integer.parseInt(part.substring(5));
      } else if (part.equals("slow")) {
        slow = true;
      } else if (part.matches("skip \\S.*")) {
        skipped = part.substring(5);
      } else {
        throw new Misdocumented(
            where,
            "\""
                + part
                + "\" is not a docs-test marker; write exit N (0-255), slow, or skip WHY,"
                + " separated by commas");
      }
    }
    return new Expectation(exitCode, slow, skipped);
  }

  /**
   * {@code line} with every part a POSIX shell takes as quoted left out, so that placeholder
   * characters inside a value do not count.
   */
  static String outsideQuotes(String line) {
    StringBuilder out = new StringBuilder();
    char quote = 0;
    for (int index = 0; index < line.length(); index++) {
      char character = line.charAt(index);
      if (quote != 0) {
        if (character == quote) {
          quote = 0;
        } else if (quote == '"' && character == '\\') {
          index++;
        }
      } else if (character == '\'' || character == '"') {
        quote = character;
      } else if (character == '\\') {
        index++;
      } else {
        out.append(character);
      }
    }
    return out.toString();
  }
}
