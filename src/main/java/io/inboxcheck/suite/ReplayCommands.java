package io.inboxcheck.suite;

import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.FailureStory;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The command lines that replay a counterexample file: against the receiver that failed (so its
 * divergence shows step by step), then against the reference model (which keeps the file's
 * expectations). A receiver class outside the jar gets its own folder on the class path.
 */
final class ReplayCommands {
  static final String JAR = "target/inboxcheck.jar";
  private static final String POSTGRES_RECEIVER = "io.inboxcheck.store.PostgresReceiver";

  private ReplayCommands() {}

  static List<FailureStory.Replay> of(String receiverName, Class<?> receiverType, Path file) {
    return of(receiverName, receiverType, Optional.empty(), file);
  }

  /**
   * As {@link #of(String, Class, Path)}; when {@code receiverArguments} are given (e.g. {@code
   * --receiver postgres}) the first command chooses the receiver with them, so a receiver the
   * command line builds from any specification is replayed the way it was checked.
   */
  static List<FailureStory.Replay> of(
      String receiverName, Class<?> receiverType, Optional<String> receiverArguments, Path file) {
    String shown = shown(file);
    List<FailureStory.Replay> replays = new ArrayList<>();
    if (receiverType != ModelReceiver.class) {
      String command =
          receiverArguments
              .map(arguments -> launcher(receiverType) + " replay " + arguments + " " + shown)
              .orElseGet(() -> againstReceiver(receiverType, shown));
      replays.add(new FailureStory.Replay(receiverName, command));
    }
    replays.add(new FailureStory.Replay("the model", "java -jar " + JAR + " replay " + shown));
    return replays;
  }

  /**
   * {@code java -jar} the jar, or, when {@code type} was loaded from elsewhere (a folder of test
   * classes, another jar), a class path holding both.
   */
  static String launcher(Class<?> type) {
    Optional<Path> folder = location(type);
    if (folder.isEmpty() || folder.equals(location(ModelReceiver.class))) {
      return "java -jar " + JAR;
    }
    return "java -cp " + JAR + ":" + shown(folder.get()) + " io.inboxcheck.cli.Main";
  }

  private static String againstReceiver(Class<?> type, String file) {
    if (type.getName().equals(POSTGRES_RECEIVER)) {
      return "java -jar " + JAR + " replay --receiver postgres " + file;
    }
    if (!loadableByReplay(type)) {
      return "(none from the command line: "
          + type.getName()
          + " is not a public class with a public constructor taking a ReceiverSetup)";
    }
    return launcher(type) + " replay --receiver class:" + type.getName() + " " + file;
  }

  /** The {@code --receiver} option that reaches a receiver again, quoted for a POSIX shell. */
  static String receiverOption(String receiverChoice) {
    return "--receiver " + shellQuoted(receiverChoice);
  }

  private static String shellQuoted(String word) {
    return word.matches("[A-Za-z0-9_:/.=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
  }

  /** What {@code replay --receiver class:NAME} can construct (see cli.ReceiverChoice). */
  private static boolean loadableByReplay(Class<?> type) {
    if (!Modifier.isPublic(type.getModifiers()) || type.isAnonymousClass()) {
      return false;
    }
    try {
      return Modifier.isPublic(type.getConstructor(ReceiverSetup.class).getModifiers());
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The folder or jar the class was loaded from, e.g. {@code target/test-classes}. */
  private static Optional<Path> location(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** Relative to the working directory when below it, as a person would type it there. */
  private static String shown(Path path) {
    Path here = Path.of("").toAbsolutePath().normalize();
    Path absolute = path.toAbsolutePath().normalize();
    return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
  }
}
