package io.inboxcheck.report;

import io.inboxcheck.ProjectPaths;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Writes {@code reports/index.html} when the test run ends, after every suite that writes reports,
 * whatever order they ran in. Registered in {@code META-INF/services}.
 */
public class ReportIndexListener implements LauncherSessionListener {
  @Override
  public void launcherSessionClosed(LauncherSession session) {
    ReportIndex.write(ProjectPaths.reports());
  }
}
