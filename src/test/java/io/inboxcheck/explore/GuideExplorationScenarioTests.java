package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import io.inboxcheck.ProjectPaths;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.report.ReportFiles;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * The guide's claim checked in every arrival order (issue 5, acceptance 1 and 2). Each exploration
 * writes {@code reports/exploration/NAME.md} and {@code .json}.
 */
class GuideExplorationScenarioTests {

  @Test
  void theGuideEndsAsWrittenInAll1814400Orders() throws Exception {
    Exploration exploration = exploreAndReport("B62-15-events");

    assertThat(exploration.orders()).isEqualTo(1_814_400L).isEqualTo(factorial(10) / 2);
    assertThat(exploration.holds()).as(ExplorationText.verdict(exploration)).isTrue();
    assertThat(exploration.runProperties()).contains("EXPECTED_FINAL_CARDS", "ORDER_INDEPENDENT");
    SortedMap<String, Card> finalCards = exploration.finalCards().keySet().iterator().next();
    assertThat(exploration.finalCards()).containsOnlyKeys(finalCards).containsValue(1_814_400L);
    assertThat(finalCards.get("card-7").version()).isEqualTo(14);
    assertThat(finalCards.get("card-8").version()).isEqualTo(5);
    assertThat(finalCards).doesNotContainKey("card-99");
    assertThat(exploration.paused()).containsOnly(entry(List.of(), 1_814_400L));
    assertThat(exploration.unresolved())
        .containsOnly(
            entry(
                List.of("e-204 card-8 MISSING_VERSION", "e-300 card-99 UNKNOWN_OBJECT"),
                1_814_400L));
    assertThat(exploration.replacements())
        .as("the written order's 2 + 2 is one of several counts")
        .containsKey(new ReplacementCounters(2, 2))
        .hasSizeGreaterThan(1);
    assertThat(exploration.replacements().values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(exploration.orders());
  }

  @Test
  void theGuideGivesTheSameCountsWithOrWithoutSplittingIntoGroups() throws Exception {
    Scenario guide = read("B62-15-events");
    Exploration split = Explorer.explore(guide, Explorer.Options.DEFAULTS);
    Exploration whole =
        Explorer.explore(guide, new Explorer.Options(Reduction.MEMO, Explorer.DEFAULT_MAX_STATES));

    assertThat(whole.groups()).hasSize(1);
    assertThat(split.groups()).hasSize(3);
    assertThat(whole.states()).isGreaterThan(split.states());
    assertThat(whole.orders()).isEqualTo(split.orders());
    assertThat(whole.finalCards()).isEqualTo(split.finalCards());
    assertThat(whole.unresolved()).isEqualTo(split.unresolved());
    assertThat(whole.replacements()).isEqualTo(split.replacements());
    assertThat(whole.decisions()).isEqualTo(split.decisions());
    assertThat(whole.violatingOrders()).isEqualTo(split.violatingOrders());
  }

  @Test
  void sixteenDeliveriesOverFourCardsAreExploredCompletely() throws Exception {
    Exploration exploration = exploreAndReport("explore-16-deliveries");

    assertThat(exploration.deliveries()).isEqualTo(16);
    assertThat(exploration.orders())
        .isEqualTo(factorial(16) / 2)
        .isGreaterThan(10_000_000_000_000L);
    assertThat(exploration.groups()).hasSize(4);
    assertThat(exploration.holds()).as(ExplorationText.verdict(exploration)).isTrue();
    assertThat(exploration.runProperties()).contains("ORDER_INDEPENDENT");
    assertThat(exploration.finalCards()).hasSize(1);
    assertThat(exploration.bruteForceSecondsAtLeast())
        .as("brute force takes years even at an optimistic rate")
        .isGreaterThan(365.0 * 86_400);
  }

  private static Exploration exploreAndReport(String name) throws Exception {
    Exploration exploration = Explorer.explore(read(name), Explorer.Options.DEFAULTS);
    Path folder = ProjectPaths.reports().resolve("exploration");
    ReportFiles.write(
        folder.resolve(name + ".md"),
        ExplorationText.render(exploration, ExplorationText.Layout.MARKDOWN, List.of()));
    // The console summary at the end of the run reads this one.
    ReportFiles.write(
        folder.resolve(name + ".json"), ExplorationJson.render(exploration, List.of()));
    return exploration;
  }

  private static Scenario read(String name) throws Exception {
    return new ScenarioReader().read(ProjectPaths.scenarios().resolve(name + ".json"));
  }

  private static long factorial(int n) {
    return Explorer.factorial(n).longValueExact();
  }
}
