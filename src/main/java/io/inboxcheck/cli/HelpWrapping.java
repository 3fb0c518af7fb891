package io.inboxcheck.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * A command's description in {@code --help}, wrapped at spaces only. Picocli wraps with the
 * locale's line breaker, which breaks after a full stop inside a word ("docs/conform." then "md"),
 * so a path a person copies from the help would arrive in two pieces.
 */
final class HelpWrapping {
  private HelpWrapping() {}

  /** Renders every command's description, in {@code commandLine} and below it, at spaces only. */
  static void install(CommandLine commandLine) {
    commandLine
        .getHelpSectionMap()
        .put(UsageMessageSpec.SECTION_KEY_DESCRIPTION, HelpWrapping::description);
    commandLine.getSubcommands().values().forEach(HelpWrapping::install);
  }

  private static String description(Help help) {
    UsageMessageSpec usage = help.commandSpec().usageMessage();
    StringBuilder text = new StringBuilder();
    for (String paragraph : usage.description()) {
      for (String line : String.format(paragraph).split("\\R", -1)) {
        wrap(line, usage.width()).forEach(wrapped -> text.append(wrapped).append('\n'));
      }
    }
    return text.toString().replace("\n", System.lineSeparator());
  }

  /** The line cut at spaces into lines of at most {@code width} characters where words allow. */
  static List<String> wrap(String line, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String word : line.strip().split(" +")) {
      if (current.length() > 0 && current.length() + 1 + word.length() > width) {
        lines.add(current.toString());
        current.setLength(0);
      }
      current.append(current.length() > 0 ? " " : "").append(word);
    }
    lines.add(current.toString());
    return lines;
  }
}
