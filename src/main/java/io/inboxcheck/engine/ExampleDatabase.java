package io.inboxcheck.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A directory of shrunk failing choice sequences, one plain-text file per property.
 *
 * <p>The file name is the property name with every character outside {@code [A-Za-z0-9._-]}
 * replaced by {@code _}, plus a hash of the exact name so that names differing only in such
 * characters do not collide. Lines starting with {@code #} are comments; every other non-blank line
 * is one comma-separated choice sequence. Unparseable lines are ignored, because a stale or
 * hand-edited file should never break a run.
 */
public final class ExampleDatabase {

  private static final int MAX_READABLE_NAME_LENGTH = 80;

  private final Path directory;

  /** A database stored in {@code directory}, which is created on the first save. */
  public ExampleDatabase(Path directory) {
    this.directory = Objects.requireNonNull(directory, "directory");
  }

  /** The directory holding the example files. */
  public Path directory() {
    return directory;
  }

  /** The file that stores examples for {@code propertyName}. */
  public Path fileFor(String propertyName) {
    String readable = propertyName.replaceAll("[^A-Za-z0-9._-]", "_");
    if (readable.length() > MAX_READABLE_NAME_LENGTH) {
      readable = readable.substring(0, MAX_READABLE_NAME_LENGTH);
    }
    String hash = String.format(Locale.ROOT, "%08x", (int) Seeds.stableHash(propertyName));
    return directory.resolve(readable + "-" + hash + ".txt");
  }

  /** The stored sequences for {@code propertyName}, in file order; empty if there is no file. */
  public List<ChoiceSequence> load(String propertyName) {
    Path file = fileFor(propertyName);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<ChoiceSequence> sequences = new ArrayList<>();
    for (String line : readLines(file)) {
      String trimmed = line.strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      try {
        sequences.add(ChoiceSequence.parse(trimmed));
      } catch (IllegalArgumentException ignored) {
        // A corrupt line is skipped; the next failure rewrites the file anyway.
      }
    }
    return sequences;
  }

  /** Replaces the stored examples of {@code propertyName} with {@code choices}. */
  public void save(String propertyName, ChoiceSequence choices) {
    Path file = fileFor(propertyName);
    String content =
        "# inboxcheck failing example for property: "
            + propertyName.replaceAll("[\\r\\n]", " ")
            + "\n"
            + choices.toText()
            + "\n";
    try {
      Files.createDirectories(directory);
      // Write then rename so a crash never leaves a half-written example behind.
      Path temporary = Files.createTempFile(directory, ".example-", ".tmp");
      Files.writeString(temporary, content, StandardCharsets.UTF_8);
      Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save example to " + file, e);
    }
  }

  /** Removes the stored examples of {@code propertyName}, if any. */
  public void delete(String propertyName) {
    Path file = fileFor(propertyName);
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete example " + file, e);
    }
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read example " + file, e);
    }
  }
}
