package io.inboxcheck.check;

import static io.inboxcheck.scenario.Expectations.stepFacts;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.scenario.ExpectationReport;
import io.inboxcheck.scenario.ExpectationReport.Mismatch;
import io.inboxcheck.scenario.HistoryStep;
import io.inboxcheck.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Partial expectations of SPEC section 9: each given fact is compared with the same fact of the
 * history; facts not given are not checked. Objects match partially (a card may give only its
 * version), except a {@code state}, which must match whole; lists match element by element.
 */
public final class ExpectationCheck {
  private ExpectationCheck() {}

  /** Checks every step's expectation and the final one against a history's facts. */
  public static ExpectationReport check(
      Scenario scenario, List<HistoryStep> steps, JsonObject finalFacts) {
    Counter counter = new Counter();
    List<Mismatch> mismatches = new ArrayList<>();
    for (int index = 0; index < steps.size(); index++) {
      JsonObject expect = scenario.steps().get(index).expect();
      if (expect != null) {
        HistoryStep step = steps.get(index);
        compare(step.step(), "", expect, stepFacts(step), counter, mismatches);
      }
    }
    if (scenario.expectFinal() != null) {
      compare(0, "", scenario.expectFinal(), finalFacts, counter, mismatches);
    }
    return new ExpectationReport(counter.checked, mismatches);
  }

  private static void compare(
      int step,
      String path,
      JsonValue expected,
      JsonValue actual,
      Counter counter,
      List<Mismatch> mismatches) {
    if (expected instanceof JsonObject expectedObject
        && actual instanceof JsonObject actualObject
        && !path.endsWith("/state")) {
      for (Map.Entry<String, JsonValue> member : expectedObject.members().entrySet()) {
        String memberPath = path.isEmpty() ? member.getKey() : path + "/" + member.getKey();
        if (member.getKey().equals("absent_cards") && path.isEmpty()) {
          compareAbsent(step, member.getValue(), actualObject, counter, mismatches);
          continue;
        }
        JsonValue actualMember = actualObject.members().get(member.getKey());
        if (actualMember == null) {
          counter.checked++;
          mismatches.add(
              new Mismatch(
                  step, memberPath, member.getValue().canonicalText(), "nothing (absent)"));
          continue;
        }
        compare(step, memberPath, member.getValue(), actualMember, counter, mismatches);
      }
      return;
    }
    if (expected instanceof JsonArray expectedArray
        && actual instanceof JsonArray actualArray
        && expectedArray.elements().size() == actualArray.elements().size()
        && expectedArray.elements().stream().anyMatch(JsonObject.class::isInstance)) {
      for (int index = 0; index < expectedArray.elements().size(); index++) {
        compare(
            step,
            path + "/" + index,
            expectedArray.elements().get(index),
            actualArray.elements().get(index),
            counter,
            mismatches);
      }
      return;
    }
    counter.checked++;
    if (!expected.equals(actual)) {
      mismatches.add(new Mismatch(step, path, expected.canonicalText(), actual.canonicalText()));
    }
  }

  private static void compareAbsent(
      int step, JsonValue expected, JsonObject actual, Counter counter, List<Mismatch> mismatches) {
    JsonObject cards = (JsonObject) actual.members().get("cards");
    if (!(expected instanceof JsonArray absent)) {
      counter.checked++;
      mismatches.add(
          new Mismatch(step, "absent_cards", "a list of card ids", expected.canonicalText()));
      return;
    }
    for (JsonValue id : absent.elements()) {
      counter.checked++;
      String key = id instanceof JsonString string ? string.value() : id.canonicalText();
      if (cards.members().containsKey(key)) {
        mismatches.add(
            new Mismatch(
                step,
                "absent_cards/" + key,
                "no card " + key,
                cards.members().get(key).canonicalText()));
      }
    }
  }

  /** Counts facts compared, for the history's {@code expectations.checked}. */
  private static final class Counter {
    private int checked;
  }
}
