package io.inboxcheck.check;

import static io.inboxcheck.check.CheckFixtures.card;
import static io.inboxcheck.check.CheckFixtures.state;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.receiver.Observable;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Violations, findings and facts as data, and the one line each renders to. */
class ViolationTests {

  @Test
  void anInvariantWithOneFindingIsLabelledByItsName() {
    Violation violation =
        new Violation(
            Finding.VERSION_LOWERED, 3, "deliver", Facts.of("version", 4), Facts.of("version", 2));
    assertThat(violation.invariant()).isEqualTo(Invariant.VERSION_MONOTONIC);
    assertThat(violation.label()).isEqualTo("VERSION_MONOTONIC");
    assertThat(violation.signature()).isEqualTo("VERSION_MONOTONIC at deliver");
    assertThat(violation.describe())
        .isEqualTo(
            "VERSION_MONOTONIC broken after step 3 (deliver): expected version 4; observed version 2");
  }

  @Test
  void anInvariantWithSeveralFindingsNamesTheFinding() {
    Violation violation =
        new Violation(
            Finding.HELD_INPUT_DROPPED, 2, "advance", Facts.of(), Facts.of("held", List.of()));
    assertThat(violation.label()).isEqualTo("NOTHING_LOST (HELD_INPUT_DROPPED)");
    assertThat(violation.signature()).isEqualTo("NOTHING_LOST (HELD_INPUT_DROPPED) at advance");
  }

  @Test
  void aWholeRunViolationHasNoFindingAndNoStep() {
    Violation violation =
        Violation.of(Invariant.ORDER_INDEPENDENT, 0, "run", Facts.of("a", 1), Facts.of("a", 2));
    assertThat(violation.finding()).isNull();
    assertThat(violation.label()).isEqualTo("ORDER_INDEPENDENT");
    assertThat(violation.describe())
        .isEqualTo("ORDER_INDEPENDENT broken after the whole run: expected a 1; observed a 2");
  }

  @Test
  void factsKeepTheirOrderAndRenderEachKindOfValue() {
    Facts facts =
        Facts.of(
            "card", card(3, "open"),
            "paused", card(3, "open").pause(),
            "decision", Decision.held(HeldReason.ID_CONFLICT),
            "state", state("x"),
            "ids", List.of("a", 2),
            "cards", List.of(card(1, "x")),
            "missing", null,
            "count", 7L);
    assertThat(facts.values().keySet())
        .containsExactly("card", "paused", "decision", "state", "ids", "cards", "missing", "count");
    assertThat(facts.get("count")).isEqualTo(7L);
    assertThat(facts.get("absent")).isNull();
    assertThat(facts.describe())
        .isEqualTo(
            "card v3 {\"label\":\"open\"}, paused v3 {\"label\":\"open\"} paused,"
                + " decision HELD ID_CONFLICT, state {\"label\":\"x\"}, ids [a, 2],"
                + " cards [v1 {\"label\":\"x\"}],"
                + " missing none, count 7");
    assertThat(facts.toString()).isEqualTo(facts.describe());
  }

  @Test
  void factsComeInPairsAndCannotBeChangedAfterwards() {
    assertThatThrownBy(() -> Facts.of("lonely")).isInstanceOf(IllegalArgumentException.class);
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("a", 1);
    Facts facts = new Facts(source);
    source.put("b", 2);
    assertThat(facts.values()).containsOnlyKeys("a");
    assertThatThrownBy(() -> facts.values().put("c", 3))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aFindingIsObservableOnlyWhenEverythingItNeedsIsShown() {
    assertThat(Finding.HELD_CHANGED_CARD.invariant()).isEqualTo(Invariant.HELD_NO_EFFECT);
    assertThat(Finding.HELD_CHANGED_CARD.needs())
        .containsExactlyInAnyOrder(Observable.DECISION, Observable.CARDS);
    assertThat(Finding.HELD_CHANGED_CARD.observableIn(EnumSet.of(Observable.CARDS))).isFalse();
    assertThat(
            Finding.HELD_CHANGED_CARD.observableIn(
                EnumSet.of(Observable.CARDS, Observable.DECISION, Observable.ACK)))
        .isTrue();
  }

  @Test
  void conformanceIsTheOneInvariantThatNeedsTheModel() {
    assertThat(Invariant.CONFORMANCE.modelFree()).isFalse();
    assertThat(Invariant.NOTHING_LOST.modelFree()).isTrue();
    assertThat(Invariant.allModelFree())
        .hasSize(Invariant.values().length - 1)
        .doesNotContain(Invariant.CONFORMANCE);
    assertThat(Invariant.HELD_NO_EFFECT.statement()).isEqualTo("a HELD decision changes no card");
  }
}
