package io.inboxcheck.cli;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.profile.Fact;
import io.inboxcheck.profile.Profile;
import io.inboxcheck.profile.ProfileReader;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.report.TextTable;
import io.inboxcheck.suite.RetentionHorizon;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code profiles}: lists the provider profiles and runs the retention-horizon check. */
@Command(
    name = "profiles",
    mixinStandardHelpOptions = true,
    description =
        "Lists the provider profiles (profiles/NAME.json): automatic retry horizon, how late a"
            + " delayed delivery can come, manual redelivery window, identity, copies of one delivery"
            + " in flight. A value marked * is not confirmed by the provider's docs. With"
            + " --check-retention, runs for each profile the retention-horizon check against the"
            + " receiver: the provider's latest automatic copy (its last retry, or a delivery it"
            + " delayed longer still) brings a changed payload under an id applied at t0; a receiver"
            + " that forgot the id applies it. Exit codes: 0 every profile holds, 1 a profile fails, 2"
            + " the input was rejected.")
final class ProfilesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin ProfilesFolder profiles;

  @Option(
      names = "--check-retention",
      paramLabel = "DURATION",
      description =
          "The receiver's identity retention (ISO-8601, e.g. PT24H): check it against every"
              + " profile's latest automatic copy, write each failing counterexample under --reports.")
  Duration retention;

  @Option(
      names = "--receiver",
      defaultValue = "model",
      description =
          "The receiver checked with --check-retention: model (default; given that retention),"
              + " postgres, class:NAME, exec:COMMAND or http:URL, as replay takes.")
  String receiver;

  @Mixin ReceiverAccessMixin access;

  @Option(
      names = "--reports",
      paramLabel = "DIR",
      description = "Where counterexamples go (default: ${DEFAULT-VALUE}).")
  Path reports = Path.of("reports", "providers");

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<Profile> loaded;
    try {
      loaded = new ProfileReader().readFolder(profiles.folder);
    } catch (InputRejected rejected) {
      err.println(rejected.getMessage());
      return ExitCodes.REJECTED;
    }
    if (retention == null) {
      list(loaded, out);
      return ExitCodes.OK;
    }
    if (retention.isNegative() || retention.isZero()) {
      err.println("inboxcheck profiles: --check-retention must be positive, got " + retention);
      return ExitCodes.REJECTED;
    }
    StringBuilder problem = new StringBuilder();
    Function<ReceiverSetup, Receiver> receivers = access.receivers(receiver, problem);
    if (receivers == null) {
      err.println("inboxcheck profiles: " + problem);
      return ExitCodes.REJECTED;
    }
    try {
      return checkRetention(loaded, receivers, out);
    } finally {
      if (receivers instanceof AutoCloseable closeable) {
        ReplayCommand.close(closeable);
      }
    }
  }

  private static void list(List<Profile> loaded, PrintWriter out) {
    TextTable table =
        new TextTable(
            List.of(
                "profile",
                "automatic retry horizon",
                "late delivery",
                "manual redelivery",
                "identity",
                "in flight"));
    for (Profile profile : loaded) {
      table.add(
          List.of(
              profile.name(),
              shown(profile.retryHorizon()),
              shown(profile.lateDelivery()),
              shown(profile.manualRedeliveryWindow()),
              shown(profile.identity()),
              shown(profile.copiesInFlight())));
    }
    out.print(table.aligned());
    out.println(
        "* not confirmed by the provider's docs; each profile names its sources, and the pages"
            + " searched for what they do not settle");
    out.flush();
  }

  private int checkRetention(
      List<Profile> loaded, Function<ReceiverSetup, Receiver> receivers, PrintWriter out) {
    // The model checked against itself would be a check that cannot fail (as in replay).
    CheckedRun.Checks checks =
        "model".equals(receiver)
            ? CheckedRun.Checks.INVARIANTS
            : CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE;
    out.println("Retention-horizon check: " + receiver + " keeping ids for " + retention);
    boolean anyFailed = false;
    for (Profile profile : loaded) {
      RetentionHorizon.Outcome outcome =
          RetentionHorizon.check(profile, retention, receivers, checks, reports);
      String line =
          String.format(
              "%-20s retention %-6s latest copy %-11s %s",
              profile.name(),
              retention,
              outcome.latestAutomaticCopy(),
              (outcome.holds() ? "holds: " : "FAILS: ") + outcome.latestCopy());
      anyFailed |= !outcome.holds();
      out.println(line + outcome.counterexample().map(file -> " -> " + file).orElse(""));
    }
    out.println(
        "Each line replays the provider's latest automatic copy (its last retry, or a delivery it"
            + " delayed longer still) with a changed payload under an id applied at t0; a receiver"
            + " that remembers the id holds it (ID_CONFLICT).");
    out.flush();
    return anyFailed ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private static String shown(Fact<?> fact) {
    return RetentionHorizon.shown(fact);
  }
}
