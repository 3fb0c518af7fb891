package io.inboxcheck.suite;

import io.inboxcheck.engine.Property;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.PropertyRunner;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * The receivers of each job of a check ({@code check --jobs N}): a property's tries run on all the
 * jobs at once, each job's tries on receivers its own factory makes. Job 0's receivers are the
 * check's own: they also replay the scenario files, explore, and shrink a failure, alone, after the
 * other jobs stopped. Receivers of two jobs must share nothing (a process, a data folder, a
 * database); the result is then the one job 0 alone gives ({@link PropertyRunner#run(
 * java.util.function.IntFunction, int, RunConfig)}).
 *
 * @param receivers one receiver factory per job, job 0's first
 */
public record Jobs(List<Function<ReceiverSetup, Receiver>> receivers) {
  public Jobs {
    receivers = List.copyOf(receivers);
    if (receivers.isEmpty()) {
      throw new IllegalArgumentException("a check runs at least one job");
    }
  }

  /** One job, on {@code receivers}: the check as it always ran. */
  public static Jobs one(Function<ReceiverSetup, Receiver> receivers) {
    return new Jobs(List.of(receivers));
  }

  /**
   * {@code count} jobs on one factory that is called from all of them at once: every receiver it
   * makes must share nothing with another (a class constructed anew, as {@code class:NAME} is).
   */
  public static Jobs sharing(Function<ReceiverSetup, Receiver> receivers, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("jobs must be at least 1, got " + count);
    }
    return new Jobs(Collections.nCopies(count, receivers));
  }

  /** Job 0's receivers, the check's own. */
  public Function<ReceiverSetup, Receiver> first() {
    return receivers.get(0);
  }

  public int count() {
    return receivers.size();
  }

  /**
   * Runs a property on every job: job 0 checks with {@code first}, job {@code j} with the property
   * {@code forJob} builds for its receivers (the same property, on other receivers).
   */
  <T> PropertyResult<T> run(
      Property<T> first,
      Function<Function<ReceiverSetup, Receiver>, Property<T>> forJob,
      RunConfig config) {
    return PropertyRunner.run(
        job -> job == 0 ? first : forJob.apply(receivers.get(job)), count(), config);
  }
}
