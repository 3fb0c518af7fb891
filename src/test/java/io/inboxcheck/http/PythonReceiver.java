package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** The example receiver in Python, as the tests start it; python3 must be on the PATH. */
final class PythonReceiver {
  static final String SCRIPT = "examples/python-receiver/receiver.py";
  static final String COMMAND = "python3 " + SCRIPT;
  static final String PLANTED_COMMAND = COMMAND + " --mistake last-arrival-wins";
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  private static Boolean available;

  private PythonReceiver() {}

  /** The correct receiver, one process for every scenario the factory serves. */
  static HttpReceivers correct() {
    requirePython();
    return HttpReceivers.exec(COMMAND, TIMEOUT);
  }

  /** The receiver with the planted mistake: the last arrival wins, whatever its version. */
  static HttpReceivers planted() {
    requirePython();
    return HttpReceivers.exec(PLANTED_COMMAND, TIMEOUT);
  }

  /**
   * Skips the test with one line when python3 is missing, except in CI, where a skipped receiver
   * check would pass silently: there it fails.
   */
  static synchronized void requirePython() {
    if (available == null) {
      available = runs("python3", "--version");
    }
    String missing = "python3 is not on the PATH, so the example receiver cannot run";
    if (!available && "true".equals(System.getenv("CI"))) {
      fail(missing + " (CI=true: install python3)");
    }
    Assumptions.assumeTrue(available, missing);
  }

  private static boolean runs(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getInputStream().readAllBytes();
      return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (java.io.IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
