package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How {@link TestInventory} reads Surefire's reports and tells a test that ran from one that did
 * not.
 */
class TestInventoryTests {
  /** Abstract, so neither JUnit nor the inventory takes it for a test class of the project. */
  abstract static class Sample {
    @Test
    void ran() {}

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void ranTwice(int value) {}

    @Test
    void skippedEverywhere() {}

    @Tag("slow")
    @Test
    void neverRan() {}

    @Nested
    @DisplayName("a nested class shown by its display name")
    abstract class Shown {
      @Test
      void ranInside() {}
    }
  }

  @Test
  void aMethodCountsItsCasesAndOneNoReportNamesIsNotRun(@TempDir Path reports) throws Exception {
    String sample = Sample.class.getName();
    Files.writeString(
        reports.resolve("TEST-" + sample + ".xml"),
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite name="%1$s" tests="5">
          <testcase name="ran" classname="%1$s" time="0.1"/>
          <testcase name="ranTwice(int)[1]" classname="%1$s" time="0.1"/>
          <testcase name="ranTwice(int)[2]" classname="%1$s" time="0.1"/>
          <testcase name="skippedEverywhere" classname="%1$s" time="0"><skipped/></testcase>
          <testcase name="ranInside" classname="a nested class shown by its display name" time="0"/>
        </testsuite>
        """
            .formatted(sample));
    Map<String, Set<String>> ran = new TreeMap<>();
    Map<String, Set<String>> skipped = new TreeMap<>();
    TestInventory.readReports(reports, ran, skipped);
    TestInventory.readReports(reports.resolve("absent"), ran, skipped);

    assertThat(TestInventory.TestMethod.of(Sample.class, "ran").count(ran)).isEqualTo(1);
    assertThat(TestInventory.TestMethod.of(Sample.class, "ranTwice").count(ran)).isEqualTo(2);
    assertThat(TestInventory.TestMethod.of(Sample.class, "skippedEverywhere").count(ran)).isZero();
    assertThat(TestInventory.TestMethod.of(Sample.class, "skippedEverywhere").count(skipped))
        .isEqualTo(1);
    assertThat(TestInventory.TestMethod.of(Sample.class, "neverRan").count(ran)).isZero();
    assertThat(TestInventory.TestMethod.of(Sample.class, "neverRan").isSlow()).isTrue();
    assertThat(TestInventory.TestMethod.of(Sample.class, "ran").isSlow()).isFalse();
    assertThat(TestInventory.TestMethod.of(Sample.Shown.class, "ranInside").count(ran))
        .isEqualTo(1);
  }

  @Test
  void theInventoryFindsTheProjectsTestMethodsButNotAbstractOnesOrItsOwn() throws Exception {
    var methods = TestInventory.testMethods();

    assertThat(methods)
        .extracting(method -> method.type().getSimpleName() + "." + method.method().getName())
        .contains(
            "TestInventoryTests.aMethodCountsItsCasesAndOneNoReportNamesIsNotRun",
            "PythonReceiverProperties.faultSequencesKeepEveryInvariantOverHttpAndConformToTheModel")
        .doesNotContain("Sample.ran", "TestInventory.everyTestMethodRanInSomeCiStep");
    assertThat(methods).filteredOn(TestInventory.TestMethod::isSlow).isNotEmpty();
  }
}
