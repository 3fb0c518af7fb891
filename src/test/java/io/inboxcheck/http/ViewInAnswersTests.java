package io.inboxcheck.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.cli.CommandRun;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Ack;
import io.inboxcheck.receiver.ConcurrentReceiver;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.report.HistoryJson;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import io.inboxcheck.scenario.ScenarioStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views in answers (docs/receiver-protocol.md, "Views in answers (optional)"): a receiver that
 * declares them spares the harness a {@code GET view} after every acknowledged request, with the
 * same verdicts; the harness still reads the view when requests overlapped or a delivery was
 * refused; and a receiver that breaks the promise is caught, by the invariants when its view is
 * stale and as a protocol finding when the view is missing.
 */
class ViewInAnswersTests {
  private static final String GET_VIEW = "GET /inboxcheck/view";

  /** The guide's scenario: deliveries, clock moves and reconciliations. */
  private static final String GUIDE = "B62-15-events.json";

  @TempDir Path folder;

  /**
   * The guide and every scenario file with a storage fault, replayed against the example once with
   * views in answers and once with {@code --views-on-request}: the same histories (audit included)
   * and no violation either way; with views in answers, a {@code GET view} follows only the refused
   * deliveries. (Every scenario file runs with views in answers in {@link
   * PythonReceiverScenarioTests}; these are the ones where both paths meet.)
   */
  @Test
  void theExampleReplaysEveryScenarioAlikeWithoutGetViewAfterAcknowledgedAnswers()
      throws Exception {
    List<Scenario> scenarios = new ArrayList<>();
    for (Path file : ProjectPaths.scenarioFiles()) {
      if (file.getFileName().toString().equals(GUIDE)
          || Files.readString(file).contains("storage_fault")) {
        scenarios.add(new ScenarioReader().read(file));
      }
    }
    assertThat(scenarios).hasSizeGreaterThan(5);

    Replayed inAnswers = replay(scenarios, PythonReceiver.COMMAND);
    Replayed onRequest = replay(scenarios, PythonReceiver.COMMAND + " --views-on-request");

    assertThat(inAnswers.histories()).isEqualTo(onRequest.histories());
    assertThat(inAnswers.refused()).as("storage faults among the scenarios").isPositive();
    assertThat(inAnswers.traffic().byKind().getOrDefault(GET_VIEW, 0L))
        .as("GET view after a refused delivery only: %s", inAnswers.traffic().byKind())
        .isEqualTo(inAnswers.refused());
    assertThat(onRequest.traffic().byKind().getOrDefault(GET_VIEW, 0L))
        .as("a view per step without views in answers")
        .isGreaterThanOrEqualTo(onRequest.steps());
    assertThat(inAnswers.traffic().requests())
        .isLessThan(onRequest.traffic().requests() - onRequest.steps() / 2);
  }

  private record Replayed(
      List<String> histories, long steps, long refused, HttpTraffic.Totals traffic) {}

  private static Replayed replay(List<Scenario> scenarios, String command) {
    PythonReceiver.requirePython();
    List<String> histories = new ArrayList<>();
    long steps = 0;
    long refused = 0;
    HttpTraffic.Totals before = HttpTraffic.totals();
    try (HttpReceivers receivers = HttpReceivers.exec(command, PythonReceiver.TIMEOUT)) {
      for (Scenario scenario : scenarios) {
        CheckedRun.Result result =
            CheckedRun.run(scenario, receivers, CheckedRun.Checks.INVARIANTS_AND_CONFORMANCE);
        assertThat(result.violation()).as("%s with %s", scenario.name(), command).isEmpty();
        histories.add(
            PythonReceiverScenarioTests.withoutReceiverName(HistoryJson.render(result.history())));
        for (HistoryStep step : result.history().steps()) {
          steps++;
          if (step.detail() instanceof HistoryStep.Delivered delivered
              && delivered.ack() == Ack.NO_ACK) {
            refused++;
          }
        }
      }
    }
    return new Replayed(histories, steps, refused, HttpTraffic.totals().since(before));
  }

  /**
   * Under {@code check --concurrency} a delivery's answer is no evidence of the state once another
   * request overlapped it: every round whose requests were in flight together is followed by a
   * {@code GET view}.
   */
  @Test
  void underConcurrencyTheViewIsReadAfterEveryRoundInFlightTogether() {
    PythonReceiver.requirePython();
    HttpTraffic.Totals before = HttpTraffic.totals();

    CommandRun run =
        CommandRun.of(
            "check", "--concurrency", "2", "--receiver", "exec:" + PythonReceiver.COMMAND);

    HttpTraffic.Totals sent = HttpTraffic.totals().since(before);
    assertThat(run.exitCode()).as("%s%s", run.out(), run.err()).isZero();
    Matcher rounds = Pattern.compile("2 requests in flight at once +(\\d+) of").matcher(run.out());
    assertThat(rounds.find()).as(run.out()).isTrue();
    long together = Long.parseLong(rounds.group(1));
    assertThat(together).isPositive();
    assertThat(sent.byKind().getOrDefault(GET_VIEW, 0L))
        .as("%s", sent.byKind())
        .isGreaterThanOrEqualTo(together);
  }

  /**
   * Two deliveries held by the receiver until both are in flight: neither answer's view can be
   * trusted, so the view is read; a delivery alone afterwards is trusted again.
   */
  @Test
  void deliveriesInFlightTogetherAreFollowedByGetViewAndOneAloneIsNot() throws Exception {
    Scenario scenario = scenario(3);
    try (ViewInAnswersStandIn standIn =
            new ViewInAnswersStandIn(ViewInAnswersStandIn.Answers.CURRENT_VIEWS);
        HttpReceivers receivers =
            HttpReceivers.running(standIn.address(), "secret", PythonReceiver.TIMEOUT);
        ConcurrentReceiver receiver = (ConcurrentReceiver) receivers.apply(scenario.setup())) {
      standIn.holdUntilInFlight(2);
      CompletableFuture<?> first = CompletableFuture.runAsync(() -> deliver(receiver, scenario, 1));
      CompletableFuture<?> second =
          CompletableFuture.runAsync(() -> deliver(receiver, scenario, 2));
      CompletableFuture.allOf(first, second).join();

      assertThat(getViewsWhileReading(receiver)).as("after two in flight together").isOne();
      assertThat(receiver.view().audit()).hasSize(2);

      standIn.holdUntilInFlight(1);
      deliver(receiver, scenario, 3);

      assertThat(getViewsWhileReading(receiver)).as("after a delivery alone").isZero();
      assertThat(receiver.view().audit()).hasSize(3);
    }
  }

  /** Sends the scenario's step {@code step}, a delivery; it must be acknowledged. */
  private static void deliver(ConcurrentReceiver receiver, Scenario scenario, int step) {
    Envelope envelope = ((ScenarioStep.Deliver) scenario.steps().get(step - 1)).envelope();
    assertThat(receiver.deliver(step, envelope, Transport.PLAIN).ack()).isEqualTo(Ack.ACK);
  }

  private static long getViewsWhileReading(ConcurrentReceiver receiver) {
    HttpTraffic.Totals before = HttpTraffic.totals();
    receiver.view();
    return HttpTraffic.totals().since(before).byKind().getOrDefault(GET_VIEW, 0L);
  }

  /**
   * The view of the answer is what the invariants judge: a stale one (the state before the
   * delivery) breaks them, although {@code GET view} would answer the truth; the same receiver
   * keeping its word, or not declaring the capability, passes.
   */
  @Test
  void aStaleViewInAnAnswerIsCaughtAndTheSameReceiverKeepingItsWordPasses() throws IOException {
    CommandRun stale = replay(ViewInAnswersStandIn.Answers.STALE_VIEWS);
    CommandRun current = replay(ViewInAnswersStandIn.Answers.CURRENT_VIEWS);
    CommandRun undeclared = replay(ViewInAnswersStandIn.Answers.UNDECLARED);

    assertThat(stale.exitCode()).as(stale.out() + stale.err()).isEqualTo(1);
    assertThat(stale.err())
        .contains("broken after step 1 (deliver)")
        .contains("observed card card-1, now v0 {\"stage\":\"new\"}")
        .doesNotContain("xception");
    assertThat(current.exitCode()).as(current.out() + current.err()).isZero();
    assertThat(undeclared.exitCode()).as(undeclared.out() + undeclared.err()).isZero();
  }

  /** A declared capability with an answer lacking its view is one line, not a silent GET view. */
  @Test
  void aDeclaredReceiverWhoseAnswerLacksTheViewIsAProtocolFinding() throws IOException {
    CommandRun run = replay(ViewInAnswersStandIn.Answers.NO_VIEW);

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err())
        .contains("RECEIVER_ANSWERS broken after step 1 (deliver)")
        .contains(
            ", the delivery at step 1: the answer is not the protocol at $.view: missing, yet its"
                + " reset answer declared \"view_in_answers\": true");
  }

  private CommandRun replay(ViewInAnswersStandIn.Answers answers) throws IOException {
    Path file = Files.writeString(folder.resolve("views-in-answers.json"), scenarioText(2));
    try (ViewInAnswersStandIn standIn = new ViewInAnswersStandIn(answers)) {
      return CommandRun.of(
          "replay", "--receiver", standIn.address(), "--receiver-secret", "s", file.toString());
    }
  }

  private Scenario scenario(int deliveries) throws Exception {
    Path file = Files.writeString(folder.resolve("setup.json"), scenarioText(deliveries));
    return new ScenarioReader().read(file);
  }

  private static String scenarioText(int deliveries) {
    return ViewInAnswersStandIn.scenario(deliveries);
  }
}
