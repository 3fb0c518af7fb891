package io.inboxcheck.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
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
            "io.inboxcheck.json.read..",
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

  /** What the suite may use; the public API may use the modes, the suite and the same. */
  private static final String[] SUITE_USES = {
    "engine",
    "generate",
    "explore",
    "report",
    "concurrent",
    "profile",
    "check",
    "scenario",
    "receiver",
    "model",
    "json",
    "json.read"
  };

  /**
   * What the modes may use: the suite and HTTP receivers above what the suite may use, with {@code
   * conform}; never the store, which the command line passes in.
   */
  private static final String[] MODES_USES = {
    "suite",
    "http",
    "engine",
    "generate",
    "explore",
    "report",
    "conform",
    "concurrent",
    "profile",
    "check",
    "scenario",
    "receiver",
    "model",
    "json",
    "json.read"
  };

  private static String[] with(String layer, String[] layers) {
    String[] all = new String[layers.length + 1];
    all[0] = layer;
    System.arraycopy(layers, 0, all, 1, layers.length);
    return all;
  }

  /**
   * The layering of docs/architecture.md: each package may use only the packages listed for it.
   * Keep the two in step.
   */
  @Test
  void packagesUseOnlyTheLayersBelowThem() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("json")
        .definedBy("io.inboxcheck.json")
        .layer("json.read")
        .definedBy("io.inboxcheck.json.read..")
        .layer("engine")
        .definedBy("io.inboxcheck.engine..")
        .layer("model")
        .definedBy("io.inboxcheck.model..")
        .layer("receiver")
        .definedBy("io.inboxcheck.receiver..")
        .layer("scenario")
        .definedBy("io.inboxcheck.scenario..")
        .layer("profile")
        .definedBy("io.inboxcheck.profile..")
        .layer("check")
        .definedBy("io.inboxcheck.check..")
        .layer("store")
        .definedBy("io.inboxcheck.store..")
        .layer("http")
        .definedBy("io.inboxcheck.http..")
        .layer("concurrent")
        .definedBy("io.inboxcheck.concurrent..")
        .layer("report")
        .definedBy("io.inboxcheck.report..")
        .layer("conform")
        .definedBy("io.inboxcheck.conform..")
        .layer("generate")
        .definedBy("io.inboxcheck.generate..")
        .layer("explore")
        .definedBy("io.inboxcheck.explore..")
        .layer("suite")
        .definedBy("io.inboxcheck.suite..")
        .layer("modes")
        .definedBy("io.inboxcheck.modes..")
        .layer("bench")
        .definedBy("io.inboxcheck.bench..")
        .layer("api")
        .definedBy("io.inboxcheck.api..")
        .layer("cli")
        .definedBy("io.inboxcheck.cli..")
        .whereLayer("json")
        .mayNotAccessAnyLayer()
        .whereLayer("json.read")
        .mayOnlyAccessLayers("json")
        .whereLayer("engine")
        .mayNotAccessAnyLayer()
        .whereLayer("model")
        .mayOnlyAccessLayers("json")
        .whereLayer("receiver")
        .mayOnlyAccessLayers("model", "json")
        .whereLayer("scenario")
        .mayOnlyAccessLayers("receiver", "model", "json", "json.read")
        .whereLayer("profile")
        .mayOnlyAccessLayers("scenario", "receiver", "model", "json", "json.read")
        .whereLayer("check")
        .mayOnlyAccessLayers("scenario", "receiver", "model", "json")
        .whereLayer("store")
        .mayOnlyAccessLayers("receiver", "model", "json", "json.read")
        .whereLayer("http")
        .mayOnlyAccessLayers("receiver", "model", "json", "json.read")
        .whereLayer("concurrent")
        .mayOnlyAccessLayers("check", "scenario", "receiver", "model", "json")
        .whereLayer("report")
        .mayOnlyAccessLayers("check", "scenario", "receiver", "model", "json", "json.read")
        .whereLayer("conform")
        .mayOnlyAccessLayers(
            "report", "check", "scenario", "receiver", "model", "json", "json.read")
        .whereLayer("generate")
        .mayOnlyAccessLayers(
            "engine",
            "report",
            "profile",
            "check",
            "scenario",
            "receiver",
            "model",
            "json",
            "json.read")
        .whereLayer("explore")
        .mayOnlyAccessLayers("report", "check", "scenario", "receiver", "model", "json")
        .whereLayer("suite")
        .mayOnlyAccessLayers(SUITE_USES)
        .whereLayer("modes")
        .mayOnlyAccessLayers(MODES_USES)
        .whereLayer("modes")
        .mayOnlyBeAccessedByLayers("api", "cli")
        .whereLayer("bench")
        .mayOnlyAccessLayers(
            "engine",
            "generate",
            "conform",
            "explore",
            "store",
            "check",
            "scenario",
            "receiver",
            "model",
            "json",
            "json.read")
        .whereLayer("api")
        .mayOnlyAccessLayers(with("http", with("modes", with("suite", SUITE_USES))))
        .whereLayer("cli")
        .mayNotBeAccessedByAnyLayer()
        .because("docs/architecture.md: the model at the bottom, the command line at the top")
        .check(PRODUCTION);
  }

  /**
   * The command line is a launcher: the crash and concurrency checks run their properties, rounds
   * and serial orders in {@code modes}, where the Java API reaches them too; cli parses and prints.
   */
  @Test
  void theCommandLineRunsNoCheckItself() {
    // Their nested types count too: a ConcurrentRun.Recorded in cli would mean a run handled there.
    noClasses()
        .that()
        .resideInAPackage("io.inboxcheck.cli..")
        .should()
        .dependOnClassesThat()
        .haveNameMatching("io\\.inboxcheck\\.engine\\.PropertyRunner(\\$.*)?")
        .orShould()
        .dependOnClassesThat()
        .haveNameMatching("io\\.inboxcheck\\.concurrent\\.ConcurrentRun(\\$.*)?")
        .orShould()
        .dependOnClassesThat()
        .haveNameMatching("io\\.inboxcheck\\.concurrent\\.SerialisabilityCheck(\\$.*)?")
        .because(
            "docs/architecture.md: the checks run in modes, below the command line and the API")
        .check(PRODUCTION);
  }

  @Test
  void packagesFormNoCycles() {
    slices().matching("io.inboxcheck.(*)..").should().beFreeOfCycles().check(PRODUCTION);
  }

  /**
   * The command line prints; so does the API's verdict listener, whose one job is the block after
   * the last test of a JUnit run (and of a build, through its {@code main}).
   */
  @Test
  void onlyTheCommandLinePrints() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.inboxcheck.cli..")
        .and()
        .doNotHaveFullyQualifiedName("io.inboxcheck.api.VerdictListener")
        .should()
        .accessField(System.class, "out")
        .orShould()
        .accessField(System.class, "err")
        .orShould()
        .callMethod(Throwable.class, "printStackTrace")
        .check(PRODUCTION);
  }
}
