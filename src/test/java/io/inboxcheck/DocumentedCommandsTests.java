package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.inboxcheck.DocumentedCommands.Command;
import io.inboxcheck.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Runs every command the README, docs/*.md and examples/*{@literal /}README.md show, against the
 * built jar, and asserts the exit code the page states (rule and markers: {@link
 * DocumentedCommands}), so a documented command cannot rot. It runs after {@code package}, in the
 * pom's {@code documented-commands} execution of {@code mvn verify}, in a temporary copy of the
 * project where the commands write their reports; commands marked slow run in CI's slow group
 * ({@code -Pslow}). Identical commands with the same expectation run once.
 */
class DocumentedCommandsTests {
  /** How long one command may run; a command that needs longer is marked slow. */
  private static final Duration COMMAND_LIMIT = Duration.ofMinutes(2);

  /** How long a command marked slow may run. */
  private static final Duration SLOW_COMMAND_LIMIT = Duration.ofMinutes(20);

  /** What the copy leaves out: history, build output, and reports earlier runs wrote. */
  private static final Set<String> NOT_COPIED =
      Set.of(".git", "target", "reports", ".inboxcheck", ".idea");

  @TempDir Path copy;

  /** What each command printed, kept apart from the copy the commands work in. */
  @TempDir Path printed;

  @TestFactory
  Stream<DynamicTest> theDocumentedCommandsExitAsThePagesSay() throws IOException {
    List<Command> commands = DocumentedCommands.under(ProjectPaths.root());
    assertThat(commands)
        .as("the acceptance command of the receiver guide is among those found")
        .anyMatch(
            command ->
                command.page().equals(Path.of("docs/receiver-protocol.md"))
                    && command.text().endsWith(" scenarios")
                    && command.expectation().runs());
    return Stream.concat(
        synopses(commands),
        run(commands.stream().filter(command -> !command.expectation().slow()).toList()));
  }

  @Tag("slow")
  @TestFactory
  Stream<DynamicTest> theSlowDocumentedCommandsExitAsThePagesSay() throws IOException {
    return run(
        DocumentedCommands.under(ProjectPaths.root()).stream()
            .filter(command -> command.expectation().slow())
            .toList());
  }

  /** One test per distinct runnable command, run in order in one copy of the project. */
  private Stream<DynamicTest> run(List<Command> commands) throws IOException {
    Map<String, List<Command>> distinct = new LinkedHashMap<>();
    for (Command command : commands) {
      if (command.expectation().runs() && !command.synopsis()) {
        distinct
            .computeIfAbsent(
                command.expectation().exitCode() + " " + command.text(), key -> new ArrayList<>())
            .add(command);
      }
    }
    if (!distinct.isEmpty()) {
      prepareCopy();
    }
    return distinct.values().stream()
        .map(
            same ->
                DynamicTest.dynamicTest(
                    same.stream().map(Command::where).collect(Collectors.joining(", "))
                        + " "
                        + same.get(0).text(),
                    () -> assertExits(same.get(0), same)));
  }

  /** A synopsis is not run, but its command and every option it names exist. */
  private static Stream<DynamicTest> synopses(List<Command> commands) {
    CommandLine inboxcheck = new CommandLine(new Main());
    return commands.stream()
        .filter(command -> command.expectation().runs() && command.synopsis())
        .map(
            command ->
                DynamicTest.dynamicTest(
                    command.where() + " (synopsis) " + command.text(),
                    () -> assertNamesWhatExists(inboxcheck, command)));
  }

  private static void assertNamesWhatExists(CommandLine inboxcheck, Command command) {
    // Quoted values are left out: only the command and its option names are read.
    List<String> words =
        List.of(DocumentedCommands.outsideQuotes(command.text()).strip().split("\\s+"));
    String name = words.size() > 3 ? words.get(3) : "";
    CommandLine subcommand = inboxcheck.getSubcommands().get(name);
    assertThat(subcommand)
        .as("%s: no command \"%s\" in %s", command.where(), name, command.text())
        .isNotNull();
    for (String word : words.subList(4, words.size())) {
      String option = word.replaceAll("^\\[+", "").replaceAll("[=\\]].*$", "");
      if (option.startsWith("-")) {
        assertThat(subcommand.getCommandSpec().findOption(option))
            .as("%s: %s has no option %s (%s)", command.where(), name, option, command.text())
            .isNotNull();
      }
    }
  }

  private void assertExits(Command command, List<Command> sameCommands) throws Exception {
    Path out = Files.createTempFile(printed, "stdout", ".txt");
    Path err = Files.createTempFile(printed, "stderr", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder("sh", "-c", command.text())
            .directory(copy.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    // A developer's own settings must not decide what a documented command does.
    builder.environment().keySet().removeIf(name -> name.startsWith("INBOXCHECK_"));
    Duration limit = command.expectation().slow() ? SLOW_COMMAND_LIMIT : COMMAND_LIMIT;
    Process process = builder.start();
    if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor();
      fail(
          "%s: `%s` did not finish within %s; a command that takes this long is marked"
              + " <!-- docs-test: slow --> before its block (it then runs in CI's slow group, -Pslow)%s",
          command.where(), command.text(), limit, tail(out, err));
    }
    int expected = command.expectation().exitCode();
    if (process.exitValue() != expected) {
      fail(
          "%s: `%s` exited %d, the page expects %d (%s; a block's other exit code is stated"
              + " with <!-- docs-test: exit N --> before it)%s",
          command.where(),
          command.text(),
          process.exitValue(),
          expected,
          sameCommands.size() > 1 ? "also shown at " + sameCommands : "in a copy of the project",
          tail(out, err));
    }
  }

  /** The end of what a command printed, for a failure message. */
  private static String tail(Path out, Path err) throws IOException {
    return "\n--- stdout, last lines ---\n"
        + lastLines(Files.readString(out, StandardCharsets.UTF_8))
        + "\n--- stderr, last lines ---\n"
        + lastLines(Files.readString(err, StandardCharsets.UTF_8));
  }

  private static String lastLines(String text) {
    List<String> lines = text.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
  }

  /**
   * Copies the project without its history, build output and reports, and puts the built jar at
   * {@code target/inboxcheck.jar}; refuses a jar older than the classes, which would test stale
   * code.
   */
  private void prepareCopy() throws IOException {
    Path root = ProjectPaths.root();
    Path jar = root.resolve("target/inboxcheck.jar");
    FileTime classes = newest(root.resolve("target/classes"));
    if (!Files.isRegularFile(jar) || Files.getLastModifiedTime(jar).compareTo(classes) < 0) {
      fail(
          jar
              + " is missing or older than target/classes: these tests run after package in"
              + " mvn -B verify; to run them alone, mvn -B package -DskipTests first");
    }
    try (Stream<Path> entries = Files.list(root)) {
      for (Path entry : entries.toList()) {
        if (!NOT_COPIED.contains(entry.getFileName().toString())) {
          copyTree(entry, copy.resolve(entry.getFileName().toString()));
        }
      }
    }
    Files.createDirectories(copy.resolve("target"));
    Files.createSymbolicLink(copy.resolve("target/inboxcheck.jar"), jar);
  }

  private static FileTime newest(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files
          .filter(Files::isRegularFile)
          .map(
              file -> {
                try {
                  return Files.getLastModifiedTime(file);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .max(FileTime::compareTo)
          .orElse(FileTime.fromMillis(0));
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    Files.walkFileTree(
        from,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes)
              throws IOException {
            Files.createDirectories(to.resolve(from.relativize(directory).toString()));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attributes)
              throws IOException {
            Files.copy(
                file,
                to.resolve(from.relativize(file).toString()),
                StandardCopyOption.COPY_ATTRIBUTES);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
