package io.inboxcheck.suite;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The scenario files of a folder, subfolders included and JSON schemas ({@code *.schema.json})
 * excepted, read strictly: what {@code mvn verify} replays, and what {@code check} holds a receiver
 * to.
 */
public final class ScenarioFolder {
  private ScenarioFolder() {}

  /**
   * The files read, in path order, and one line per file that was rejected.
   *
   * @param scenarios the scenarios read
   * @param rejections one line per rejected file: file, position, what is wrong
   */
  public record Loaded(List<Scenario> scenarios, List<String> rejections) {
    public Loaded {
      scenarios = List.copyOf(scenarios);
      rejections = List.copyOf(rejections);
    }
  }

  /** Reads every scenario file under {@code folder}. */
  public static Loaded read(Path folder) {
    if (!Files.isDirectory(folder)) {
      return new Loaded(List.of(), List.of(folder + ": no such folder of scenario files"));
    }
    List<Path> files = files(folder);
    ScenarioReader reader = new ScenarioReader();
    List<Scenario> scenarios = new ArrayList<>();
    List<String> rejections = new ArrayList<>();
    for (Path file : files) {
      try {
        scenarios.add(reader.read(file));
      } catch (InputRejected rejected) {
        rejections.add(rejected.getMessage());
      }
    }
    return new Loaded(scenarios, rejections);
  }

  /**
   * The scenario files under the folder {@code folder}, in path order: every {@code *.json} in it
   * and its subfolders but the JSON Schemas ({@code *.schema.json}), which describe scenario files.
   */
  public static List<Path> files(Path folder) {
    try {
      // A folder given as a symbolic link is walked where it points, and shown as given.
      Path real = folder.toRealPath();
      try (Stream<Path> walk = Files.walk(real)) {
        return walk.filter(Files::isRegularFile)
            .filter(file -> file.getFileName().toString().endsWith(".json"))
            .filter(file -> !file.getFileName().toString().endsWith(".schema.json"))
            .map(file -> folder.resolve(real.relativize(file)))
            .sorted()
            .toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
