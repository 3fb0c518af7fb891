package io.inboxcheck;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.annotation.Testable;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every test method the project has ran in some CI step: the last step of {@code .ci/run}, after
 * {@code mvn -B verify} and {@code mvn -B verify -Pslow}. It lists each test method of the compiled
 * test classes (a method JUnit can run: {@code @Test}, {@code @ParameterizedTest},
 * {@code @RepeatedTest}, {@code @TestFactory}, ...) and looks for it among the test cases the
 * Surefire reports of those steps record as run and not skipped. A method no step ran (a tag no
 * step runs, a class name Surefire does not pick up, an exclusion) fails it, named, so a new slow
 * test can never drop out of CI unnoticed.
 *
 * <p>Its name matches none of Surefire's includes, so no ordinary build runs it; {@code .ci/run}
 * runs it alone with {@code mvn -B surefire:test@every-test-ran}. Run by itself after a default
 * build it fails, naming the slow tests, as it should.
 */
class TestInventory {
  /** The Surefire report folders of the CI steps, comma-separated, under the project root. */
  static final String REPORTS_PROPERTY = "inboxcheck.ciReports";

  static final String DEFAULT_REPORTS = "target/surefire-reports,target/surefire-reports-slow";

  @Test
  void everyTestMethodRanInSomeCiStep() throws Exception {
    Map<String, Set<String>> ran = new TreeMap<>();
    Map<String, Set<String>> skipped = new TreeMap<>();
    for (String folder : System.getProperty(REPORTS_PROPERTY, DEFAULT_REPORTS).split(",")) {
      readReports(ProjectPaths.root().resolve(folder.strip()), ran, skipped);
    }
    List<TestMethod> methods = testMethods();
    List<String> missing = new ArrayList<>();
    List<String> slow = new ArrayList<>();
    for (TestMethod method : methods) {
      String name = method.type().getName() + "." + method.method().getName();
      int cases = method.count(ran);
      if (cases == 0) {
        missing.add(
            name + (method.count(skipped) > 0 ? " (skipped in every step)" : " (run by no step)"));
      } else if (method.isSlow()) {
        slow.add(name + ": " + cases + (cases == 1 ? " case" : " cases"));
      }
    }
    System.out.println(
        "CI: " + methods.size() + " test methods, " + slow.size() + " of them tagged slow, ran:");
    slow.forEach(line -> System.out.println("CI:   " + line));
    missing.forEach(line -> System.out.println("CI: no step ran " + line));
    assertThat(missing)
        .as(
            "test methods no CI step ran: %d, listed above as 'CI: no step ran' (tag them so a"
                + " step runs them, or name the class *Tests or *Properties)",
            missing.size())
        .isEmpty();
    assertThat(slow).as("slow-tagged tests that ran").isNotEmpty();
  }

  /** A method JUnit can run, in the concrete class it runs in (it may declare it or inherit it). */
  record TestMethod(Class<?> type, Method method) {
    static TestMethod of(Class<?> type, String name) {
      return new TestMethod(
          type,
          ReflectionSupport.findMethods(
                  type, method -> method.getName().equals(name), HierarchyTraversalMode.TOP_DOWN)
              .get(0));
    }

    /**
     * Its test cases among {@code cases}: Surefire names a case by its method, with its parameter
     * types and an index for parameterized, repeated and dynamic tests, and by the class JUnit ran
     * it in: a nested class's or its outermost class's name, or a nested class's display name.
     */
    int count(Map<String, Set<String>> cases) {
      int count = 0;
      for (Class<?> enclosing = type;
          enclosing != null;
          enclosing = enclosing.getEnclosingClass()) {
        Set<String> names = new TreeSet<>(cases.getOrDefault(enclosing.getName(), Set.of()));
        AnnotationSupport.findAnnotation(enclosing, DisplayName.class)
            .ifPresent(shown -> names.addAll(cases.getOrDefault(shown.value(), Set.of())));
        for (String name : names) {
          if (name.equals(method.getName())
              || name.startsWith(method.getName() + "(")
              || name.startsWith(method.getName() + "[")) {
            count++;
          }
        }
      }
      return count;
    }

    /** Tagged slow itself, or in a class that is or encloses the one it runs in. */
    boolean isSlow() {
      for (Class<?> enclosing = type;
          enclosing != null;
          enclosing = enclosing.getEnclosingClass()) {
        if (hasSlowTag(AnnotationSupport.findRepeatableAnnotations(enclosing, Tag.class))) {
          return true;
        }
      }
      return hasSlowTag(AnnotationSupport.findRepeatableAnnotations(method, Tag.class));
    }
  }

  /** Every method JUnit can run, in every concrete class of the compiled tests but this one. */
  static List<TestMethod> testMethods() throws IOException, URISyntaxException {
    Path classes =
        Path.of(TestInventory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<TestMethod> methods = new ArrayList<>();
    try (Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        String name =
            classes.relativize(file).toString().replace(file.getFileSystem().getSeparator(), ".");
        Class<?> type = load(name.substring(0, name.length() - ".class".length()));
        if (type == null
            || type == TestInventory.class
            || type.isInterface()
            || Modifier.isAbstract(type.getModifiers())) {
          continue;
        }
        for (Method method :
            ReflectionSupport.findMethods(
                type,
                candidate -> AnnotationSupport.isAnnotated(candidate, Testable.class),
                HierarchyTraversalMode.TOP_DOWN)) {
          methods.add(new TestMethod(type, method));
        }
      }
    }
    return methods;
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, TestInventory.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      // A class the test class loader cannot load is no test Surefire could run either.
      return null;
    }
  }

  /**
   * Adds, per class name as the reports spell it, the test case names that ran and those skipped.
   */
  static void readReports(
      Path folder, Map<String, Set<String>> ran, Map<String, Set<String>> skipped)
      throws Exception {
    if (!Files.isDirectory(folder)) {
      return;
    }
    List<Path> reports;
    try (Stream<Path> files = Files.list(folder)) {
      reports =
          files.filter(file -> file.getFileName().toString().matches("TEST-.*\\.xml")).toList();
    }
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    for (Path report : reports) {
      NodeList cases =
          factory.newDocumentBuilder().parse(report.toFile()).getElementsByTagName("testcase");
      for (int i = 0; i < cases.getLength(); i++) {
        Element testCase = (Element) cases.item(i);
        boolean wasSkipped = testCase.getElementsByTagName("skipped").getLength() > 0;
        (wasSkipped ? skipped : ran)
            .computeIfAbsent(testCase.getAttribute("classname"), key -> new TreeSet<>())
            .add(testCase.getAttribute("name"));
      }
    }
  }

  private static boolean hasSlowTag(List<Tag> tags) {
    return tags.stream().anyMatch(tag -> tag.value().equals("slow"));
  }
}
