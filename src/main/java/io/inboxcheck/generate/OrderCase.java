package io.inboxcheck.generate;

import io.inboxcheck.model.Card;
import io.inboxcheck.report.ScenarioScript;
import io.inboxcheck.scenario.Scenario;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The same deliveries in two arrival orders, and the cards both must end with (version and state;
 * the pause flag is not part of the claim).
 *
 * @param kind conflict-free deliveries, or any deliveries followed by a covering authority
 * @param permuted whether the second order differs from the first
 */
public record OrderCase(
    Kind kind,
    Scenario original,
    Scenario reordered,
    SortedMap<String, Card> expected,
    boolean permuted) {

  public OrderCase {
    expected = new TreeMap<>(expected);
  }

  /** The two forms of ORDER_INDEPENDENT in SPEC section 7. */
  public enum Kind {
    /** Valid, conflict-free deliveries: each card ends at its highest delivered snapshot. */
    CONFLICT_FREE,
    /** Any deliveries, then an authority listing every card no lower than any delivery. */
    COVERING_AUTHORITY
  }

  public String describe() {
    return kind
        + "\nfirst order:\n"
        + ScenarioScript.render(original)
        + "\nsecond order:\n"
        + ScenarioScript.render(reordered);
  }
}
