package io.inboxcheck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExampleDatabaseTests {

  private static final String NAME = "stored list sum < 1000";

  @TempDir Path directory;

  private static Property<List<Integer>> sumBelow(int limit) {
    return Property.of(
        NAME,
        TestSupport.integerLists(10_000),
        (list, context) ->
            list.stream().mapToInt(Integer::intValue).sum() < limit
                ? Verdict.pass()
                : Verdict.fail("sum too large"));
  }

  private RunConfig config(long seed) {
    return TestSupport.config(seed).withExampleDirectory(directory);
  }

  @Test
  void failureIsStoredReplayedFirstAndDeletedOnceFixed() throws IOException {
    ExampleDatabase database = new ExampleDatabase(directory);
    Path file = database.fileFor(NAME);

    PropertyResult<List<Integer>> first = PropertyRunner.run(sumBelow(1000), config(1));
    assertThat(first.failure().orElseThrow().fromDatabase()).isFalse();
    assertThat(file).exists();
    assertThat(Files.readString(file)).contains("1,1000,0");
    assertThat(first.failure().orElseThrow().exampleFile()).contains(file);

    PropertyResult<List<Integer>> second = PropertyRunner.run(sumBelow(1000), config(2));
    PropertyResult.Failure<List<Integer>> replayed = second.failure().orElseThrow();
    assertThat(replayed.fromDatabase()).isTrue();
    assertThat(replayed.tryIndex()).isZero();
    assertThat(second.triesRun()).isEqualTo(1);
    assertThat(replayed.shrunkValue()).containsExactly(1000);
    assertThat(second.describe()).contains("stored example");

    PropertyResult<List<Integer>> fixed = PropertyRunner.run(sumBelow(1_000_000), config(3));
    assertThat(fixed.status()).isEqualTo(PropertyResult.Status.PASSED);
    assertThat(fixed.triesRun()).isEqualTo(200);
    assertThat(file).doesNotExist();
  }

  @Test
  void fileNamesAreSanitizedAndDistinct() {
    ExampleDatabase database = new ExampleDatabase(directory);

    Path spaced = database.fileFor("a b/c");
    Path underscored = database.fileFor("a_b_c");

    assertThat(spaced.getParent()).isEqualTo(directory);
    assertThat(spaced.getFileName().toString()).matches("a_b_c-[0-9a-f]{8}\\.txt");
    assertThat(spaced).isNotEqualTo(underscored);
  }

  @Test
  void corruptLinesAndCommentsAreIgnored() throws IOException {
    ExampleDatabase database = new ExampleDatabase(directory);
    Files.writeString(database.fileFor("p"), "# comment\nnot,a,number\n1, 2,3\n\n");

    assertThat(database.load("p")).containsExactly(ChoiceSequence.of(List.of(1L, 2L, 3L)));
    assertThat(database.load("missing")).isEmpty();

    database.delete("p");
    assertThat(database.fileFor("p")).doesNotExist();
  }
}
