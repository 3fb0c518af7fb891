package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/**
 * One busy card (issue 15): every delivery shares the card, so nothing splits into groups and the
 * state key alone keeps the search small. The prefixes of {@code
 * scenarios/explore-one-card-12.json} are in {@code src/test/resources/explore-one-card/}.
 */
class OneCardExplorationTests {

  @Test
  void nineDeliveriesAgreeWithRunningEveryOrderOnItsOwn() throws Exception {
    Scenario nine = prefix(9);
    BruteForce.Result brute = BruteForce.run(nine, ExplorableReceiver::model, Long.MAX_VALUE);

    Exploration explored = Explorer.explore(nine, Explorer.Options.DEFAULTS);

    assertThat(explored.orders()).isEqualTo(90_720L);
    ExplorerAgreementTests.assertAgrees(explored, brute);
  }

  @Test
  void eightDeliveriesAgainstALowAuthorityAgreeWithRunningEveryOrderOnItsOwn() throws Exception {
    Scenario eight = lowAuthority();
    BruteForce.Result brute = BruteForce.run(eight, ExplorableReceiver::model, Long.MAX_VALUE);

    Exploration explored = Explorer.explore(eight, Explorer.Options.DEFAULTS);
    Exploration unreduced =
        Explorer.explore(eight, OneCardExplorationTests::unforgetting, Explorer.Options.DEFAULTS);

    ExplorerAgreementTests.assertAgrees(explored, brute);
    assertThat(explored.states())
        .as("leaving out what no later step reads merges states")
        .isLessThan(unreduced.states());
  }

  @Test
  void theAgreementCatchesAKeyThatForgetsTooMuch() throws Exception {
    Scenario eight = lowAuthority();
    BruteForce.Result brute = BruteForce.run(eight, ExplorableReceiver::model, Long.MAX_VALUE);

    Exploration overMerged =
        Explorer.explore(eight, OneCardExplorationTests::sortingAllHeld, Explorer.Options.DEFAULTS);

    assertThatThrownBy(() -> ExplorerAgreementTests.assertAgrees(overMerged, brute))
        .as("the order of held inputs above the authority's version decides their re-evaluation")
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void aSearchThatWouldOutgrowItsHeapStopsWithOneLineSayingWhatToChange() throws Exception {
    Explorer.Options smallHeap = new Explorer.Options(Reduction.FULL, Long.MAX_VALUE, 256 << 10);

    assertThatThrownBy(() -> Explorer.explore(prefix(9), smallHeap))
        .isInstanceOf(StateLimitExceeded.class)
        .hasMessageContaining("distinct states")
        .hasMessageContaining("-Xmx")
        .hasMessageContaining("--max-states")
        .satisfies(stop -> assertThat(((StateLimitExceeded) stop).states()).isPositive())
        .satisfies(stop -> assertThat(stop.getMessage()).doesNotContain("\n"));
  }

  static Scenario prefix(int deliveries) throws Exception {
    return read(String.format("one-card-%02d.json", deliveries));
  }

  private static Scenario read(String file) throws Exception {
    return new ScenarioReader()
        .read(ProjectPaths.root().resolve("src/test/resources/explore-one-card").resolve(file));
  }

  /** Held versions 11 to 13 against an authority at 11: some re-evaluations depend on order. */
  private static Scenario lowAuthority() throws Exception {
    return read("one-card-08-authority-v11.json");
  }

  /** The model without the look-ahead: its fingerprint keeps every decision and arrival order. */
  private static ExplorableReceiver unforgetting(ReceiverSetup setup) {
    return new SearchableModel(setup, false);
  }

  /** A deliberately unsound key: every card's held inputs as a set, whatever the authority. */
  private static ExplorableReceiver sortingAllHeld(ReceiverSetup setup) {
    return new SearchableModel(setup, true);
  }

  private static final class SearchableModel extends ModelReceiver implements ExplorableReceiver {
    private final boolean sortHeld;

    SearchableModel(ReceiverSetup setup, boolean sortHeld) {
      super(setup);
      this.sortHeld = sortHeld;
    }

    private SearchableModel(SearchableModel other) {
      super(other.copyOfState());
      this.sortHeld = other.sortHeld;
    }

    @Override
    public SearchableModel copy() {
      return new SearchableModel(this);
    }

    @Override
    public StateFingerprint fingerprint(
        IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass) {
      return StateFingerprint.of(view(), stepNames, retentionClass);
    }

    @Override
    public Object fingerprint(
        IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass, Ahead ahead) {
      StateFingerprint kept = fingerprint(stepNames, retentionClass);
      if (!sortHeld) {
        return kept;
      }
      TreeMap<String, List<StateFingerprint.HeldShape>> held = new TreeMap<>();
      kept.heldByCard()
          .forEach(
              (card, inputs) -> {
                List<StateFingerprint.HeldShape> sorted = new ArrayList<>(inputs);
                sorted.sort(java.util.Comparator.comparingInt(StateFingerprint.HeldShape::name));
                held.put(card, sorted);
              });
      return new StateFingerprint(kept.cards(), kept.replacements(), held, kept.identities());
    }
  }
}
