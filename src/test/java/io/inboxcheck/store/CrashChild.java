package io.inboxcheck.store;

import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The receiver process of {@link PostgresCrashTests}: delivers the crash stream from a given
 * position to a {@link PostgresReceiver} on the parent's server and prints one line per finished
 * step, after COMMIT returned, flushed before the next step starts. The parent kills it with
 * SIGKILL at any moment, so a line it printed is a claim the database must keep.
 *
 * <p>Lines: {@code ACK s n DECISION}, {@code NOACK s n injected} (a scenario's storage fault),
 * {@code NOACK s n unexpected} (then it stops: the provider would redeliver), {@code DONE s n} (a
 * clock advance or a reconciliation, every object committed) and finally {@code FINISHED}.
 */
public final class CrashChild {
  /** Exit codes besides 0: a delivery the database did not take, and any other failure. */
  static final int EXIT_NOT_ACKNOWLEDGED = 3;

  static final int EXIT_FAILED = 4;

  private CrashChild() {}

  /** Arguments: JDBC URL, seed, minimum steps of the stream, scenario and step to start at. */
  public static void main(String[] args) {
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    try {
      List<Scenario> scenarios =
          CrashStream.scenarios(Long.parseLong(args[1]), Integer.parseInt(args[2]));
      CrashStream.Position from = CrashStream.Position.parse(args[3], args[4]);
      for (int index = from.scenario(); index < scenarios.size(); index++) {
        int firstStep = index == from.scenario() ? from.step() : 1;
        if (!run(args[0], index, scenarios.get(index), firstStep, out)) {
          System.exit(EXIT_NOT_ACKNOWLEDGED);
        }
      }
      out.println("FINISHED");
      out.flush();
      System.exit(0);
    } catch (RuntimeException e) {
      out.flush();
      System.err.println("crash child failed: " + e);
      System.exit(EXIT_FAILED);
    }
  }

  private static boolean run(
      String jdbcUrl, int index, Scenario scenario, int firstStep, PrintStream out) {
    String schema = CrashStream.schema(index);
    ReceiverSetup setup = scenario.setup();
    try (PostgresReceiver receiver =
        new PostgresReceiver(
            ConnectionSource.jdbc(jdbcUrl, ApplicationRole.NAME, null, schema), schema, setup)) {
      for (ScenarioStep step : scenario.steps().subList(firstStep - 1, scenario.steps().size())) {
        String at = index + " " + step.number();
        if (step.time() != null) {
          receiver.advanceClock(step.number(), step.time());
        }
        if (step instanceof ScenarioStep.Deliver deliver) {
          DeliveryResult result =
              receiver.deliver(step.number(), deliver.envelope(), deliver.transport());
          if (result.decision() != null) {
            out.println("ACK " + at + " " + result.decision().describe());
          } else if (deliver.transport().storageFault()) {
            out.println("NOACK " + at + " injected");
          } else {
            out.println("NOACK " + at + " unexpected");
            out.flush();
            return false;
          }
        } else if (step instanceof ScenarioStep.Reconcile reconcile) {
          receiver.reconcile(step.number(), reconcile.authority());
          out.println("DONE " + at);
        } else {
          out.println("DONE " + at);
        }
        out.flush();
      }
    }
    return true;
  }
}
