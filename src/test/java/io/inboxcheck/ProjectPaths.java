package io.inboxcheck;

import java.nio.file.Path;

/** Where the project's scenarios and reports are, for tests run by Maven or an IDE. */
public final class ProjectPaths {
  private ProjectPaths() {}

  public static Path root() {
    return Path.of(System.getProperty("inboxcheck.root", ".")).toAbsolutePath().normalize();
  }

  public static Path scenarios() {
    return root().resolve("scenarios");
  }

  public static Path reports() {
    return root().resolve("reports");
  }
}
