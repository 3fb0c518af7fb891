package io.inboxcheck.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.inboxcheck.ProjectPaths;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apiguardian.api.API;
import org.apiguardian.api.API.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What other projects may use of inboxcheck is marked, documented and kept to. Every package says
 * its status; the table of docs/java-api.md is exactly what the annotations mark as supported; and
 * the example tests, this repository's and examples/java-receiver, use nothing else.
 */
class SupportedSurfaceTests {
  /** Every production class, found by name in the compiled classes and loaded. */
  private static final List<Class<?>> PRODUCTION = productionClasses();

  /** Packages that hold supported types; every other package is internal as a whole. */
  private static final Set<String> SUPPORTING =
      Set.of(
          "io.inboxcheck.api",
          "io.inboxcheck.receiver",
          "io.inboxcheck.model",
          "io.inboxcheck.json");

  /**
   * The status each supporting package states as a whole; every public type in them carries its
   * own, so nothing is supported by accident.
   */
  private static final Map<String, Status> PACKAGE_STATUS =
      Map.of(
          "io.inboxcheck.api", Status.STABLE,
          "io.inboxcheck.receiver", Status.STABLE,
          "io.inboxcheck.model", Status.EXPERIMENTAL,
          "io.inboxcheck.json", Status.EXPERIMENTAL);

  private static final Set<Status> SUPPORTED =
      Set.of(Status.STABLE, Status.MAINTAINED, Status.EXPERIMENTAL);

  private static final Pattern ROW =
      Pattern.compile("(?m)^\\| `(io\\.inboxcheck\\.[\\w.]+)` \\| ([A-Z]+) \\|");

  /** The table of docs/java-api.md: each supported type and its status. */
  static Map<String, Status> documented() throws IOException {
    String page = Files.readString(ProjectPaths.root().resolve("docs/java-api.md"));
    Map<String, Status> types = new TreeMap<>();
    Matcher row = ROW.matcher(page);
    while (row.find()) {
      types.put(row.group(1), Status.valueOf(row.group(2)));
    }
    return types;
  }

  /** A type's own status, else its enclosing type's, else its package's. */
  private static Status status(Class<?> type) {
    for (Class<?> at = type; at != null; at = at.getEnclosingClass()) {
      API api = at.getAnnotation(API.class);
      if (api != null) {
        return api.status();
      }
    }
    API api = type.getPackage().getAnnotation(API.class);
    return api == null ? null : api.status();
  }

  /**
   * What examples/java-receiver compiles against: inboxcheck, Jackson and JUnit's API, found where
   * this build loaded them from (a narrow class path keeps the compilation quick).
   */
  private static String exampleClassPath() {
    return Stream.of(
            io.inboxcheck.api.InboxCheck.class,
            com.fasterxml.jackson.databind.ObjectMapper.class,
            com.fasterxml.jackson.core.JsonParser.class,
            com.fasterxml.jackson.annotation.JsonProperty.class,
            org.junit.jupiter.api.TestFactory.class,
            org.junit.platform.commons.util.Preconditions.class,
            org.opentest4j.AssertionFailedError.class,
            API.class)
        .map(type -> locationOf(type).toString())
        .distinct()
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** The folder or jar a class was loaded from. */
  private static Path locationOf(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("no location for " + type.getName(), e);
    }
  }

  private static List<Class<?>> productionClasses() {
    try {
      Path classes = locationOf(io.inboxcheck.api.InboxCheck.class);
      try (Stream<Path> files = Files.walk(classes.resolve("io/inboxcheck"))) {
        List<Class<?>> found = new ArrayList<>();
        for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
          String name = classes.relativize(file).toString().replace('/', '.');
          found.add(Class.forName(name.substring(0, name.length() - ".class".length())));
        }
        return found;
      }
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("cannot list the production classes", e);
    }
  }

  private static List<Class<?>> publicTopLevelTypes() {
    return PRODUCTION.stream()
        .filter(type -> Modifier.isPublic(type.getModifiers()))
        .filter(type -> type.getEnclosingClass() == null)
        .filter(type -> !type.getSimpleName().equals("package-info"))
        .toList();
  }

  @Test
  void everyPackageSaysWhatItHoldsAndWhetherOtherProjectsMayUseIt() throws IOException {
    Set<String> packages = new TreeSet<>();
    PRODUCTION.forEach(type -> packages.add(type.getPackageName()));
    assertThat(packages).hasSizeGreaterThan(15);

    for (String name : packages) {
      Path info =
          ProjectPaths.root()
              .resolve("src/main/java")
              .resolve(name.replace('.', '/'))
              .resolve("package-info.java");
      assertThat(info).as(name).exists();
      String text = Files.readString(info);
      assertThat(text).as(name).containsPattern("(?i)other projects (may|must not)");
      Package reflected = pickType(name).getPackage();
      assertThat(reflected.getAnnotation(API.class)).as("@API on package " + name).isNotNull();
      Status status = reflected.getAnnotation(API.class).status();
      assertThat(status).as(name).isEqualTo(PACKAGE_STATUS.getOrDefault(name, Status.INTERNAL));
    }
  }

  private static Class<?> pickType(String packageName) {
    return PRODUCTION.stream()
        .filter(type -> type.getPackageName().equals(packageName))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void theDocumentedTableIsExactlyWhatTheAnnotationsMark() throws IOException {
    Map<String, Status> documented = documented();
    assertThat(documented).containsEntry("io.inboxcheck.api.InboxCheck", Status.STABLE);

    Map<String, Status> marked = new TreeMap<>();
    for (Class<?> type : publicTopLevelTypes()) {
      Status status = status(type);
      if (!SUPPORTING.contains(type.getPackageName())) {
        assertThat(status).as(type.getName()).isEqualTo(Status.INTERNAL);
      } else {
        assertThat(type.getAnnotation(API.class)).as("@API on " + type.getName()).isNotNull();
        if (SUPPORTED.contains(status)) {
          marked.put(type.getName(), status);
        }
      }
    }
    assertThat(marked).isEqualTo(documented);
  }

  /**
   * What an example may use: its own package, the JDK, JUnit's API, the documented types and their
   * nested types, and whatever else the example itself depends on.
   */
  static ArchRule usesOnlyTheSupportedSurface(String examplePackage, String... ownDependencies)
      throws IOException {
    Set<String> supported = documented().keySet();
    DescribedPredicate<JavaClass> allowed =
        DescribedPredicate.describe(
            "in the supported surface of docs/java-api.md",
            dependency -> {
              // An array is judged by its element type; primitives are the language's own.
              JavaClass type = dependency.getBaseComponentType();
              if (type.isPrimitive()) {
                return true;
              }
              String name = type.getName();
              return name.startsWith("java.")
                  || name.startsWith(examplePackage + ".")
                  || name.startsWith("org.junit.jupiter.api.")
                  || supported.contains(name.replaceFirst("\\$.*", ""))
                  || Stream.of(ownDependencies).anyMatch(name::startsWith);
            });
    return classes()
        .that()
        .resideInAPackage(examplePackage + "..")
        .should()
        .onlyDependOnClassesThat(allowed)
        .because("docs/java-api.md: other projects use only the supported surface");
  }

  /**
   * The classes under {@code folder}, without loading what they use from the class path: the rule
   * reads only the names of their dependencies, and resolving them would cost seconds.
   */
  private static JavaClasses importOnly(Path folder) {
    ArchConfiguration configuration = ArchConfiguration.get();
    boolean resolving = configuration.resolveMissingDependenciesFromClassPath();
    configuration.setResolveMissingDependenciesFromClassPath(false);
    try {
      return new ClassFileImporter().importPath(folder);
    } finally {
      configuration.setResolveMissingDependenciesFromClassPath(resolving);
    }
  }

  @Test
  void thisRepositorysExampleTestUsesOnlyTheSupportedSurface() throws IOException {
    JavaClasses example =
        importOnly(locationOf(SupportedSurfaceTests.class).resolve("io/inboxcheck/example"));
    assertThat(example.contain("io.inboxcheck.example.InboxExampleTests")).isTrue();

    usesOnlyTheSupportedSurface("io.inboxcheck.example").check(example);
  }

  @Test
  void theJavaReceiverExampleUsesOnlyTheSupportedSurface(@TempDir Path classes) throws IOException {
    Path project = ProjectPaths.root().resolve("examples/java-receiver");
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "-d",
                classes.toString(),
                "-classpath",
                exampleClassPath(),
                "-proc:none",
                "--release",
                "17"));
    try (Stream<Path> files = Files.walk(project.resolve("src"))) {
      files
          .filter(file -> file.toString().endsWith(".java"))
          .forEach(f -> arguments.add(f.toString()));
    }
    assertThat(arguments).anyMatch(argument -> argument.endsWith("InboxPolicyTests.java"));
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();

    int exit = compiler.run(null, null, diagnostics, arguments.toArray(String[]::new));

    assertThat(exit)
        .as("compiling examples/java-receiver: " + diagnostics.toString(StandardCharsets.UTF_8))
        .isZero();
    JavaClasses example = importOnly(classes);
    assertThat(example.contain("com.example.inbox.InboxUnderCheck")).isTrue();
    usesOnlyTheSupportedSurface("com.example.inbox", "com.fasterxml.jackson.").check(example);
  }

  @Test
  void theSurfaceRuleCatchesAClassThatReachesPastIt() throws IOException {
    JavaClasses impure =
        importOnly(
            locationOf(SupportedSurfaceTests.class)
                .resolve("io/inboxcheck/architecture/impuremodel"));
    assertThat(impure).isNotEmpty();

    EvaluationResult result =
        usesOnlyTheSupportedSurface("io.inboxcheck.architecture.impuremodel").evaluate(impure);

    assertThat(result.hasViolation()).isTrue();
    assertThat(result.getFailureReport().toString())
        .contains("com.fasterxml.jackson")
        .contains("io.inboxcheck.model.Reducer")
        .contains("io.inboxcheck.receiver.ContractAdapter")
        .doesNotContain("<io.inboxcheck.model.Envelope>")
        .doesNotContain("<io.inboxcheck.model.ReceiverView>");
  }
}
