package io.inboxcheck.check;

import java.util.ArrayList;
import java.util.List;

/**
 * What a non-2xx answer to a delivery means, the one rule every mode of {@code inboxcheck check}
 * applies (docs/crash-and-concurrency.md, "One rule for a refusal").
 *
 * <p>A refusal is any answer but 2xx. The one refusal a receiver is expected to give is to a
 * delivery whose storage fault the scenario injected: the model answers NO_ACK there and nowhere
 * else. Any other refusal is the receiver's own, and a provider meets it by retrying the delivery
 * until its horizon: a delivery that no retry gets acknowledged is lost. Where the harness sends
 * each delivery once, as the scenario or the round says (plain {@code check}, {@code
 * --concurrency}), an unexpected refusal is a finding at once; where a kill may have cut a delivery
 * short ({@code --crash}), the harness retries as a provider would and judges the delivery when the
 * retries end.
 */
public final class RefusalRule {
  private RefusalRule() {}

  /**
   * Retries a provider makes of a refused delivery when no profile says how many: bounded, so a
   * receiver that refuses for ever is found in a bounded time. Providers retry for hours or days;
   * these retries are sent at once, one after the other, without moving the clock.
   */
  public static final int DEFAULT_RETRIES = 8;

  /** What one answer to one delivery was, under the rule. */
  public enum Answer {
    /** 2xx: the receiver recorded the decision durably. */
    ACKNOWLEDGED,
    /** Not 2xx to a delivery whose storage fault was injected: the one expected refusal. */
    EXPECTED_REFUSAL,
    /** Not 2xx, with nothing injected: a provider retries it, and a finding if nothing takes it. */
    UNEXPECTED_REFUSAL
  }

  /** Judges one answer: whether it was 2xx, and whether the scenario injected a storage fault. */
  public static Answer judge(boolean acknowledged, boolean storageFaultInjected) {
    if (acknowledged) {
      return Answer.ACKNOWLEDGED;
    }
    return storageFaultInjected ? Answer.EXPECTED_REFUSAL : Answer.UNEXPECTED_REFUSAL;
  }

  /**
   * The finding for a delivery refused by every attempt a provider made: NOTHING_LOST, with every
   * refusal it met, one per attempt, as the receiver gave it.
   */
  public static String lost(int step, String eventId, List<String> refusals) {
    return "step "
        + step
        + " ("
        + eventId
        + ") was never acknowledged: "
        + refusals.size()
        + " attempts refused ["
        + String.join("; ", runs(refusals))
        + "], so a provider gives up and the delivery is lost (NOTHING_LOST: every delivery ends"
        + " in a decision)";
  }

  /** Refusals in order, a run of equal ones once with how many times it came. */
  private static List<String> runs(List<String> refusals) {
    List<String> runs = new ArrayList<>();
    for (int start = 0; start < refusals.size(); ) {
      int end = start;
      while (end < refusals.size() && refusals.get(end).equals(refusals.get(start))) {
        end++;
      }
      runs.add(refusals.get(start) + (end - start > 1 ? " (" + (end - start) + " times)" : ""));
      start = end;
    }
    return runs;
  }

  /** The finding for an unexpected refusal where the harness sends each delivery once. */
  public static String refusedWithNothingInjected(String why) {
    return "NO_ACK with nothing injected: " + why;
  }
}
