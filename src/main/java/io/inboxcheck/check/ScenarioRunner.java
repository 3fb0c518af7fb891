package io.inboxcheck.check;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.History;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Replays a scenario against a receiver without checking invariants: the history and its
 * expectation report, as a scenario file's reference history or a report's is written. Each step
 * runs in {@link CheckedRun}'s step loop, as in a checked run.
 */
public final class ScenarioRunner {
  private final Function<ReceiverSetup, Receiver> receivers;

  public ScenarioRunner(Function<ReceiverSetup, Receiver> receivers) {
    this.receivers = receivers;
  }

  /** Replays every step on a receiver made for this scenario, closed afterwards. */
  public History replay(Scenario scenario) {
    try (Receiver receiver = receivers.apply(scenario.setup())) {
      return replay(scenario, receiver);
    }
  }

  /** Replays every step against a given receiver and returns the history. */
  public static History replay(Scenario scenario, Receiver receiver) {
    List<HistoryStep> steps = new ArrayList<>();
    CheckedRun.Session session = new CheckedRun.Session(receiver);
    for (ScenarioStep step : scenario.steps()) {
      steps.add(session.run(step));
    }
    return CheckedRun.history(scenario, receiver.name(), steps, receiver.view());
  }
}
