package io.inboxcheck.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** The model stays pure, packages form no cycles, and only the command line prints. */
class ArchitectureTests {
  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.inboxcheck");

  /** The purity rule for any package, so its own test can aim it at a deliberately impure one. */
  static ArchRule modelIsPure(String modelPackage) {
    return noClasses()
        .that()
        .resideInAPackage(modelPackage + "..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "com.fasterxml..",
            "java.sql..",
            "javax.sql..",
            "java.io..",
            "java.nio..",
            "java.net..",
            "picocli..",
            "io.inboxcheck.json..",
            "io.inboxcheck.scenario..",
            "io.inboxcheck.receiver..",
            "io.inboxcheck.report..",
            "io.inboxcheck.cli..")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("java.time.Clock")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("java.util.Random")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("java.util.SplittableRandom")
        .orShould()
        .dependOnClassesThat()
        .haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
        .orShould()
        .callMethod(java.time.Instant.class, "now")
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(System.class, "nanoTime")
        .because("the model is a pure function of state and input (STYLE.md, rule 1)");
  }

  @Test
  void theModelDependsOnNothingImpure() {
    modelIsPure("io.inboxcheck.model").check(PRODUCTION);
  }

  @Test
  void thePurityRuleCatchesAModelThatImportsJackson() {
    JavaClasses impure =
        new ClassFileImporter().importPackages("io.inboxcheck.architecture.impuremodel");
    assertThat(impure).isNotEmpty();

    EvaluationResult result =
        modelIsPure("io.inboxcheck.architecture.impuremodel").evaluate(impure);

    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString()).contains("com.fasterxml.jackson");
  }

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.inboxcheck.(*)..").should().beFreeOfCycles().check(PRODUCTION);
  }

  @Test
  void onlyTheCommandLinePrints() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.inboxcheck.cli..")
        .should()
        .accessField(System.class, "out")
        .orShould()
        .accessField(System.class, "err")
        .orShould()
        .callMethod(Throwable.class, "printStackTrace")
        .check(PRODUCTION);
  }
}
