package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver's name in property names, seeds and counterexample files comes from its whole
 * specification, so two receivers never share a seed or a file however long their command lines.
 */
class ReceiverNamesTests {
  private static final String LONG_COMMAND =
      "exec:python3 /home/someone/projects/webhooks/inbox/receivers/receiver.py --variant ";

  @TempDir Path reports;

  @Test
  void aShortFileSafeSpecificationIsItsOwnName() {
    assertThat(ReceiverNames.fileSafe("model")).isEqualTo("model");
    assertThat(ReceiverNames.fileSafe("postgres")).isEqualTo("postgres");
  }

  @Test
  void anyOtherIsAReadablePrefixAndAStableHashOfTheWholeSpecification() {
    // Pinned: a seed is derived from this name, so changing it silently changes which tries run.
    assertThat(ReceiverNames.fileSafe("exec:python3 examples/python-receiver/receiver.py"))
        .isEqualTo("exec-python3-receiver.py_7deec863");
    assertThat(ReceiverNames.fileSafe("class:com.example.Inbox")).isEqualTo("Inbox_3e26d4b4");
    assertThat(ReceiverNames.fileSafe("http://127.0.0.1:8080")).startsWith("http-127.0.0.1-8080_");
  }

  @Test
  void specificationsDifferingOnlyFarIntoTheCommandGetDifferentNames() {
    String variantA = ReceiverNames.fileSafe(LONG_COMMAND + "A");
    String variantB = ReceiverNames.fileSafe(LONG_COMMAND + "B");

    assertThat((LONG_COMMAND + "A").length()).isGreaterThan(60);
    assertThat(variantA).isNotEqualTo(variantB).startsWith("exec-python3-receiver.py-variant-A_");
    assertThat(variantB).startsWith("exec-python3-receiver.py-variant-B_");
    assertThat(ReceiverNames.fileSafe("class:a.Inbox"))
        .as("two classes of one simple name")
        .isNotEqualTo(ReceiverNames.fileSafe("class:b.Inbox"));
  }

  @Test
  void aNameIsFileSafeBoundedAndNeverTheVerbatimNameOfAnotherSpecification() {
    List<String> specifications =
        List.of(
            LONG_COMMAND.repeat(5),
            "exec:",
            "class:",
            "a_b",
            "a-b",
            "..",
            "exec:python3 ../receiver.py",
            "http://[::1]:8080/inbox?x=1");
    for (String specification : specifications) {
      String name = ReceiverNames.fileSafe(specification);
      assertThat(ReportFiles.safeName(name)).as(specification).isEqualTo(name);
      assertThat(name).as(specification).hasSizeLessThanOrEqualTo(49).doesNotStartWith(".");
    }
    // A verbatim name has no underscore and every hashed one has: "a_b" cannot become "a-b".
    assertThat(ReceiverNames.fileSafe("a_b")).isNotEqualTo("a-b").contains("_");
    assertThat(ReceiverNames.fileSafe("a-b")).isEqualTo("a-b");
  }

  @Test
  void twoExecReceiversDifferingAfterTheSixtiethCharacterGetDifferentSeedsAndFiles() {
    RunConfig config =
        RunConfig.defaults().withTries(20).withSeedFromName().withoutExampleDatabase();
    PropertyReport first = failure(LONG_COMMAND + "A", config);
    PropertyReport second = failure(LONG_COMMAND + "B", config);

    assertThat(first.result().seed()).isNotEqualTo(second.result().seed());
    Path firstFile = first.counterexample().orElseThrow();
    Path secondFile = second.counterexample().orElseThrow();
    assertThat(firstFile).exists().isNotEqualTo(secondFile);
    assertThat(secondFile).exists();
    assertThat(firstFile.getFileName().toString())
        .startsWith("exec-python3-receiver.py-variant-A_");
  }

  /**
   * The fault-sequence property of a receiver that applies variants, named after {@code
   * specification}.
   */
  private PropertyReport failure(String specification, RunConfig config) {
    PropertyReport report =
        new PropertyHarness(config, reports)
            .faultSequences(
                ReceiverNames.fileSafe(specification),
                NewerVariantApplyingReceiver::new,
                CheckedRun.Checks.INVARIANTS);
    assertThat(report.violation()).as(report.result().toString()).isPresent();
    return report;
  }
}
