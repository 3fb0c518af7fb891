package io.inboxcheck.concurrent;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.inboxcheck.generate.ConcurrentCase;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.DeliveryResult;
import io.inboxcheck.receiver.Transport;
import io.inboxcheck.scenario.ScenarioStep;
import io.inboxcheck.zoo.NaiveReceiver;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A request that fails stops every thread of a concurrent run, whatever it throws: an exception of
 * the receiver's, or an {@link AssertionError} from a receiver written in a test. The other thread
 * of the round waits at the barrier for the next round; without the failing thread resetting it,
 * the run would wait there for ever.
 */
class ConcurrentRunFailureTests {
  /** The model, but its delivery of {@code e-1} throws {@code thrown}. */
  private static final class FailsOnFirst extends NaiveReceiver {
    private final Throwable thrown;

    FailsOnFirst(Throwable thrown) {
      super("fails-on-e-1", ConcurrentCase.setup());
      this.thrown = thrown;
    }

    @Override
    protected Optional<DeliveryResult> refuseBeforeDeciding(Envelope envelope) {
      if (envelope.eventId().equals(Optional.of("e-1"))) {
        if (thrown instanceof Error error) {
          throw error;
        }
        throw (RuntimeException) thrown;
      }
      return super.refuseBeforeDeciding(envelope);
    }
  }

  private static ScenarioStep deliver(int step) {
    Envelope envelope = ConcurrentCase.snapshot("e-" + step, "card-" + step, 2, "");
    return new ScenarioStep.Deliver(step, envelope, null, Transport.PLAIN, null);
  }

  private static void runTwoRounds(Throwable thrown) {
    List<List<ScenarioStep>> rounds =
        List.of(List.of(deliver(1), deliver(2)), List.of(deliver(3), deliver(4)));
    List<List<Duration>> lags =
        List.of(List.of(Duration.ZERO, Duration.ZERO), List.of(Duration.ZERO, Duration.ZERO));
    try (OneAtATime receiver = new OneAtATime(new FailsOnFirst(thrown))) {
      ConcurrentRun.run(receiver, rounds, lags);
    }
  }

  @Test
  void anAssertionErrorStopsEveryThreadAndIsThrownAsItIs() {
    AssertionError thrown = new AssertionError("the receiver's own check failed");

    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> assertThatThrownBy(() -> runTwoRounds(thrown)).isSameAs(thrown));
  }

  @Test
  void aReceiversExceptionStopsEveryThreadAndIsThrownAsItIs() {
    IllegalStateException thrown = new IllegalStateException("no answer in time");

    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> assertThatThrownBy(() -> runTwoRounds(thrown)).isSameAs(thrown));
  }
}
