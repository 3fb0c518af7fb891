package io.inboxcheck.cli;

import io.inboxcheck.profile.ProfileReader;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --profiles DIR}: where the provider profiles are, for every command that reads them. */
final class ProfilesFolder {
  @Option(
      names = "--profiles",
      paramLabel = "DIR",
      description = "Where the provider profiles are (default: profiles).")
  Path folder = ProfileReader.DEFAULT_FOLDER;
}
