package io.inboxcheck.suite;

import io.inboxcheck.concurrent.SerialisabilityCheck;
import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Decision;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.report.CounterexampleFile;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioStep;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a concurrent or crashed run saw, written as a scenario file that replays sequentially
 * through the model: the inputs in the serial order the store's audit recorded (one transaction at
 * a time), each delivery expecting the decision the store recorded, so that {@code replay FILE}
 * stops with a difference exactly where the model disagrees with the store. The {@code failure}
 * block keeps the rest: the seed, the command that reruns the test, the problems found, the order
 * in which answers came back, and the original step number of each replayed input.
 */
public final class SerialCounterexample {
  private SerialCounterexample() {}

  /**
   * The run to describe.
   *
   * @param test the test that ran it, e.g. {@code PostgresConcurrencyTests#name}
   * @param rerun the command that runs the same test with the same seed
   * @param serial the store's audit in a serial order ({@link
   *     SerialisabilityCheck#inTransactionOrder})
   * @param answered what the receiver answered, one line each, in the order the answers came back
   *     ({@link #answers} renders them from what a concurrent run sent)
   */
  public record Run(
      String test,
      long seed,
      String rerun,
      ReceiverSetup setup,
      List<AuditEntry> serial,
      List<String> answered,
      Map<Integer, SortedMap<String, AuthoritativeCard>> authorities,
      List<String> problems) {}

  /** Writes the run under {@code folder} and returns the file's path. */
  public static Path write(Path folder, Run run) {
    String name = ReportFiles.safeName(run.test() + "-" + run.seed());
    List<ScenarioStep> steps = new ArrayList<>();
    List<JsonValue> originalSteps = new ArrayList<>();
    for (AuditEntry entry : run.serial()) {
      ScenarioStep step = input(steps.size() + 1, entry, run.authorities());
      if (step != null) {
        steps.add(step);
        originalSteps.add(JsonNumber.of(entry.step()));
      }
    }
    Scenario scenario =
        new Scenario(
            name,
            "",
            name,
            run.setup().retention(),
            run.setup().supportedTypes(),
            run.setup().start(),
            run.setup().initialCards(),
            steps,
            null);
    Map<String, JsonValue> details = new LinkedHashMap<>();
    details.put("problems", strings(run.problems()));
    details.put("replayed_steps_were", new JsonArray(originalSteps));
    details.put("answers_in_arrival_order", strings(run.answered()));
    details.put(
        "note",
        new JsonString(
            "the inputs are a function of the seed; the interleaving (or where a process was"
                + " killed) is not, and is what this file records: replay it against the model to"
                + " see where the model disagrees with what the store recorded"));
    return CounterexampleFile.write(
        folder,
        name,
        scenario,
        "what " + run.test() + " saw, in the store's serial order: " + first(run.problems()),
        false,
        new CounterexampleFile.Failure(
            CounterexampleFile.FoundBy.CONCURRENCY,
            run.test(),
            null,
            null,
            run.seed(),
            run.rerun(),
            details));
  }

  /** The input an audit entry records, or null for entries that are outputs of earlier inputs. */
  private static ScenarioStep input(
      int number,
      AuditEntry entry,
      Map<Integer, SortedMap<String, AuthoritativeCard>> authorities) {
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      return new ScenarioStep.Deliver(
          number, delivery.envelope(), null, Transport.PLAIN, recorded(delivery.decision()));
    }
    if (entry instanceof AuditEntry.AuthorityApplied authority) {
      SortedMap<String, AuthoritativeCard> sent =
          authorities.getOrDefault(authority.step(), new TreeMap<>());
      AuthoritativeCard snapshot = sent.get(authority.objectId());
      if (snapshot == null) {
        // The audit keeps the card after the authority; without the snapshot sent, that is it.
        snapshot = new AuthoritativeCard(authority.after().version(), authority.after().state());
      }
      SortedMap<String, AuthoritativeCard> one = new TreeMap<>();
      one.put(authority.objectId(), snapshot);
      return new ScenarioStep.Reconcile(number, one, null, null);
    }
    return null;
  }

  private static JsonObject recorded(Decision decision) {
    TreeMap<String, JsonValue> expect = new TreeMap<>();
    expect.put("decision", new JsonString(decision.kind().name()));
    if (decision.reason() != null) {
      expect.put("reason", new JsonString(decision.reason().name()));
    }
    if (decision instanceof Decision.Duplicate duplicate) {
      expect.put("restates", new JsonString(duplicate.restates().kind().name()));
    }
    return new JsonObject(expect);
  }

  /** One line per answer: step, event id, ack and the decision answered. */
  public static List<String> answers(List<SerialisabilityCheck.Sent> answered) {
    List<String> lines = new ArrayList<>();
    for (SerialisabilityCheck.Sent sent : answered) {
      lines.add(
          "step "
              + sent.step()
              + " "
              + sent.envelope().eventId().orElse("(no id)")
              + ": "
              + sent.answer().ack()
              + (sent.answer().decision() == null
                  ? ""
                  : " " + sent.answer().decision().describe()));
    }
    return lines;
  }

  private static JsonArray strings(List<String> values) {
    return new JsonArray(values.stream().<JsonValue>map(JsonString::new).toList());
  }

  private static String first(List<String> problems) {
    return problems.isEmpty() ? "no problem" : problems.get(0);
  }
}
