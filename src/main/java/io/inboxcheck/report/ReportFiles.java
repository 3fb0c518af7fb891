package io.inboxcheck.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes report files under {@code reports/}, creating folders as needed. */
public final class ReportFiles {
  private ReportFiles() {}

  public static Path write(Path file, String text) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write report " + file, e);
    }
  }

  /** A file name safe on every file system, derived from a scenario or property name. */
  public static String safeName(String name) {
    String safe = name.replaceAll("[^A-Za-z0-9._-]+", "-");
    return safe.isEmpty() ? "unnamed" : safe;
  }
}
