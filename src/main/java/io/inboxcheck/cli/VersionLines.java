package io.inboxcheck.cli;

import io.inboxcheck.http.HttpReceiver;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code inboxcheck --version} prints: the build's version, taken from the Maven project
 * version when the jar was built, and the receiver protocol spoken to receivers over HTTP.
 */
final class VersionLines implements IVersionProvider {
  private static final String RESOURCE = "version.properties";

  @Override
  public String[] getVersion() {
    return new String[] {
      "inboxcheck " + projectVersion(), "receiver protocol " + HttpReceiver.PROTOCOL
    };
  }

  /** The version Maven wrote into the resource, e.g. {@code 0.1.0-SNAPSHOT}. */
  static String projectVersion() {
    Properties properties = new Properties();
    try (InputStream in = VersionLines.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        // A class path without the built resources (an IDE that skips filtering) has no version.
        return "(version unknown: " + RESOURCE + " is not on the class path)";
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
    return properties.getProperty("version", "(version unknown)");
  }
}
