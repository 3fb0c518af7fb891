package io.inboxcheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Where the project's scenarios and reports are, for tests run by Maven or an IDE. */
public final class ProjectPaths {
  private ProjectPaths() {}

  public static Path root() {
    return Path.of(System.getProperty("inboxcheck.root", ".")).toAbsolutePath().normalize();
  }

  public static Path scenarios() {
    return root().resolve("scenarios");
  }

  /**
   * Every scenario file under {@code scenarios/}, subfolders included, sorted; the schema that
   * describes them ({@code *.schema.json}) is not a scenario.
   */
  public static List<Path> scenarioFiles() throws IOException {
    try (Stream<Path> files = Files.walk(scenarios())) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> file.toString().endsWith(".json"))
          .filter(file -> !file.toString().endsWith(".schema.json"))
          .sorted()
          .toList();
    }
  }

  public static Path schema() {
    return scenarios().resolve("scenario.schema.json");
  }

  public static Path reports() {
    return root().resolve("reports");
  }
}
