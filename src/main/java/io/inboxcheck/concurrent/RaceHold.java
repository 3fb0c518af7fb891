package io.inboxcheck.concurrent;

import io.inboxcheck.scenario.ScenarioStep;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds a round's reconciliation or clock move and the first delivery it races at one point, so the
 * two are in flight together by construction: the delivery records its start and waits until the
 * other request has recorded its own, and only then is either sent. Each starts before the other
 * can be answered, however fast the receiver answers either; without the hold a clock move a
 * receiver answers in microseconds is often done before the delivery released with it is sent. Each
 * wait is bounded by {@link #BOUND}, so a round whose partner never starts (a receiver failure
 * stopped its thread) goes on without it.
 */
final class RaceHold {
  /** The longest either side waits for the other: longer than any lag a delivery draws. */
  static final Duration BOUND = Duration.ofSeconds(1);

  /** The hold of a round without a reconciliation or clock move: nothing waits. */
  static final RaceHold NONE = new RaceHold(-1);

  private final int partnerStep;
  private final CountDownLatch deliveryStarted = new CountDownLatch(1);
  private final CountDownLatch controlStarted = new CountDownLatch(1);

  private RaceHold(int partnerStep) {
    this.partnerStep = partnerStep;
  }

  /** The hold of one round: its first delivery is the partner when the round races a control. */
  static RaceHold of(List<ScenarioStep> round) {
    boolean races = round.stream().anyMatch(step -> !(step instanceof ScenarioStep.Deliver));
    return round.stream()
        .filter(step -> races && step instanceof ScenarioStep.Deliver)
        .findFirst()
        .map(step -> new RaceHold(step.number()))
        .orElse(NONE);
  }

  /** A delivery's start is recorded: the partner waits until the control's start is too. */
  void deliveryStarted(int step) {
    if (step == partnerStep) {
      deliveryStarted.countDown();
      await(controlStarted);
    }
  }

  /** Before a control records its start: it waits until the partner has recorded its own. */
  void beforeControlStarts() {
    if (partnerStep >= 0) {
      await(deliveryStarted);
    }
  }

  /** A control's start is recorded: the partner may be sent. */
  void controlStarted() {
    controlStarted.countDown();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(BOUND.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while holding a request for its race", e);
    }
  }
}
