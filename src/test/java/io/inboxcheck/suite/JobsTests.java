package io.inboxcheck.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.CheckedRun;
import io.inboxcheck.engine.PropertyResult;
import io.inboxcheck.engine.RunConfig;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.zoo.BoundedPauseListReceiver;
import io.inboxcheck.zoo.LastArrivalWinsReceiver;
import io.inboxcheck.zoo.NewerVariantApplyingReceiver;
import io.inboxcheck.zoo.VariantOverwritingReceiver;
import io.inboxcheck.zoo.Zoo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A check's properties on two jobs report what one job reports: a planted mistake of the bug zoo is
 * found on the same try, shrunk to the same counterexample file and told in the same words, and a
 * receiver that holds is credited with the same tries, steps and labels. Each job has its own
 * receiver factory, as {@code check --jobs 2} gives each its own receiver. Every property's seed
 * comes from its name ({@code withSeedFromName}), so a run repeats whatever {@code
 * -Dinboxcheck.seed} says.
 */
class JobsTests {
  private static final RunConfig CONFIG =
      RunConfig.defaults().withSeedFromName().withoutExampleDatabase();

  @TempDir Path oneJob;
  @TempDir Path twoJobs;

  /** Zoo receivers whose failure the default run finds on try 8, 45 and 64. */
  static Stream<Class<?>> planted() {
    return Stream.of(
        NewerVariantApplyingReceiver.class,
        VariantOverwritingReceiver.class,
        BoundedPauseListReceiver.class);
  }

  @ParameterizedTest
  @MethodSource("planted")
  void aPlantedMistakeShrinksToTheSameCounterexampleOnTwoJobs(Class<?> type) throws Exception {
    Zoo.Entry entry = entry(type);
    Jobs two = new Jobs(List.of(entry.factory(), entry.factory()));

    PropertyReport alone =
        new PropertyHarness(CONFIG, oneJob)
            .faultSequences(type.getSimpleName(), entry.factory(), CheckedRun.Checks.INVARIANTS);
    PropertyReport together =
        new PropertyHarness(CONFIG, twoJobs)
            .faultSequences(type.getSimpleName(), two, CheckedRun.Checks.INVARIANTS);

    assertThat(alone.result().status()).isEqualTo(PropertyResult.Status.FAILED);
    assertThat(together.result()).isEqualTo(alone.result());
    assertThat(together.message())
        .isEqualTo(alone.message().replace(oneJob.toString(), twoJobs.toString()));
    assertThat(Files.readString(together.counterexample().orElseThrow()))
        .isEqualTo(Files.readString(alone.counterexample().orElseThrow()));
  }

  @Test
  void aBrokenArrivalOrderIsTheSameOnTwoJobs() {
    Function<ReceiverSetup, Receiver> receivers = LastArrivalWinsReceiver::new;

    PropertyReport alone =
        new PropertyHarness(CONFIG, oneJob).orderIndependence("last-arrival-wins", receivers);
    PropertyReport together =
        new PropertyHarness(CONFIG, twoJobs)
            .orderIndependence("last-arrival-wins", Jobs.sharing(receivers, 2));

    assertThat(alone.result().status()).isEqualTo(PropertyResult.Status.FAILED);
    assertThat(together.result()).isEqualTo(alone.result());
    assertThat(together.message())
        .isEqualTo(alone.message().replace(oneJob.toString(), twoJobs.toString()));
  }

  @Test
  void theModelIsCreditedWithTheSameTriesStepsAndLabelsOnTwoJobs() {
    Set<String> threads = ConcurrentHashMap.newKeySet();
    ReceiverCheck check =
        new ReceiverCheck(
            "model", "model", "--receiver model", ModelReceiver::new, CONFIG.withTries(20), oneJob);

    List<ReceiverCheck.PropertyPart> alone = check.properties();
    List<ReceiverCheck.PropertyPart> together =
        check
            .withJobs(new Jobs(List.of(ModelReceiver::new, madeOn(threads, ModelReceiver::new))))
            .properties();

    assertThat(together).hasSameSizeAs(alone);
    for (int part = 0; part < alone.size(); part++) {
      assertThat(together.get(part).outcome().result())
          .isEqualTo(alone.get(part).outcome().result());
      assertThat(together.get(part).outcome().message())
          .isEqualTo(alone.get(part).outcome().message());
    }
    assertThat(threads).as("threads that made job 1's receivers").contains("inboxcheck-job-1");
  }

  /**
   * {@code receivers}, noting the thread that makes each receiver (building a job's property on the
   * caller's thread makes one too, to see what it shows).
   */
  private static Function<ReceiverSetup, Receiver> madeOn(
      Set<String> threads, Function<ReceiverSetup, Receiver> receivers) {
    return setup -> {
      threads.add(Thread.currentThread().getName());
      return receivers.apply(setup);
    };
  }

  private static Zoo.Entry entry(Class<?> type) {
    return Zoo.RECEIVERS.stream().filter(entry -> entry.type() == type).findFirst().orElseThrow();
  }
}
