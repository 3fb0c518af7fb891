package io.inboxcheck.explore;

import io.inboxcheck.check.Invariant;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.report.TextTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

/** Renders an exploration as aligned text tables or as Markdown. */
public final class ExplorationText {
  /** Aligned columns for a terminal, or Markdown for a report file. */
  public enum Layout {
    TABLE,
    MARKDOWN
  }

  private ExplorationText() {}

  /** Renders {@code exploration}; {@code files} are the counterexample files written, if any. */
  public static String render(Exploration exploration, Layout layout, List<Path> files) {
    StringBuilder out = new StringBuilder();
    heading(out, layout, 1, "Exploration of " + exploration.scenario().name());
    table(out, layout, summary(exploration));
    heading(out, layout, 2, "Invariants after every step (SPEC section 7)");
    table(out, layout, invariants(exploration));
    heading(out, layout, 2, "Whole-run properties, on every order's final state");
    paragraph(out, "ORDER_INDEPENDENT premise: " + exploration.orderIndependencePremise());
    table(out, layout, runProperties(exploration));
    heading(out, layout, 2, "Final cards");
    table(out, layout, distribution(exploration, "final cards", cards(exploration.finalCards())));
    heading(out, layout, 2, "Unresolved inputs");
    table(out, layout, distribution(exploration, "unresolved", sets(exploration.unresolved())));
    heading(out, layout, 2, "Paused cards");
    table(out, layout, distribution(exploration, "paused", sets(exploration.paused())));
    heading(out, layout, 2, "Replacement counts");
    table(out, layout, distribution(exploration, "replacements", counters(exploration)));
    heading(out, layout, 2, "Decisions per delivery");
    table(out, layout, decisions(exploration));
    if (!exploration.counterexamples().isEmpty()) {
      heading(out, layout, 2, "Counterexamples");
      table(out, layout, counterexamples(exploration, files));
    }
    paragraph(
        out,
        "Executed on the sequential in-memory receiver named above. This says nothing about"
            + " storage transactions or concurrent receivers (SPEC section 8).");
    return out.toString();
  }

  private static TextTable summary(Exploration exploration) {
    TextTable table = new TextTable(List.of("fact", "value"));
    table.add(List.of("scenario", exploration.scenario().source()));
    table.add(List.of("receiver", exploration.receiver()));
    table.add(
        List.of(
            "deliveries permuted",
            exploration.deliveries() + " (identical deliveries form one class)"));
    table.add(
        List.of(
            "orders represented",
            count(exploration.orders()) + " (" + exploration.ordersFormula() + ")"));
    table.add(List.of("verdict", verdict(exploration)));
    table.add(List.of("reduction", exploration.reduction() + ": " + exploration.plan()));
    for (String group : exploration.groups()) {
      table.add(List.of("group", group));
    }
    table.add(List.of("distinct states", count(exploration.states())));
    table.add(List.of("transitions run and checked", count(exploration.transitions())));
    if (exploration.reduction() != Reduction.NONE) {
      table.add(
          List.of(
              "state fingerprints",
              String.format(
                  Locale.ROOT,
                  "64-bit; probability that two of these states shared one: at most %.2g"
                      + " (states^2 / 2^65)",
                  exploration.fingerprintCollisionBound())));
    }
    table.add(
        List.of(
            "time",
            String.format(
                Locale.ROOT,
                "%.3f s (%s states/s)",
                exploration.seconds(),
                count((long) (exploration.states() / Math.max(exploration.seconds(), 1e-9))))));
    table.add(
        List.of(
            "brute force estimate",
            String.format(
                Locale.ROOT,
                "%s orders x %d steps = %.3g checked step executions: about %s at this run's"
                    + " %s steps/s, and at least %s even at %s steps/s",
                count(exploration.orders()),
                exploration.scenario().steps().size(),
                exploration.bruteForceSteps(),
                duration(exploration.bruteForceSeconds()),
                count((long) exploration.transitionsPerSecond()),
                duration(exploration.bruteForceSecondsAtLeast()),
                count((long) Exploration.OPTIMISTIC_STEPS_PER_SECOND))));
    return table;
  }

  static String verdict(Exploration exploration) {
    long bad = exploration.violatingOrders().getOrDefault(Exploration.ANY, 0L);
    if (bad == 0) {
      return "every invariant and whole-run property holds in all "
          + count(exploration.orders())
          + " orders";
    }
    return "VIOLATED in " + count(bad) + " of " + count(exploration.orders()) + " orders";
  }

  private static TextTable invariants(Exploration exploration) {
    TextTable table =
        new TextTable(
            List.of(
                "invariant", "checks on distinct transitions", "orders violating", "statement"));
    for (Invariant invariant : Invariant.values()) {
      if (!invariant.judgedPerStep()) {
        continue;
      }
      table.add(
          List.of(
              invariant.name(),
              count(exploration.checks().getOrDefault(invariant, 0L)),
              count(exploration.violatingOrders().getOrDefault(invariant.name(), 0L)),
              invariant.statement()));
    }
    return table;
  }

  private static TextTable runProperties(Exploration exploration) {
    TextTable table = new TextTable(List.of("property", "orders violating", "statement"));
    for (String property : exploration.runProperties()) {
      String statement =
          property.equals(RunProperties.ORDER_INDEPENDENT)
              ? Invariant.ORDER_INDEPENDENT.statement()
              : "the final cards equal the file's expect_final cards in every order";
      table.add(
          List.of(
              property,
              count(exploration.violatingOrders().getOrDefault(property, 0L)),
              statement));
    }
    if (exploration.runProperties().isEmpty()) {
      table.add(List.of("(none applies)", "-", "the distributions below are reported only"));
    }
    return table;
  }

  private static Map<String, Long> cards(Map<SortedMap<String, Card>, Long> distribution) {
    Map<String, Long> rows = new java.util.LinkedHashMap<>();
    distribution.forEach(
        (cards, orders) -> {
          StringBuilder text = new StringBuilder();
          cards.forEach(
              (id, card) ->
                  text.append(text.length() == 0 ? "" : "; ")
                      .append(id)
                      .append(' ')
                      .append(FinalState.describe(card)));
          rows.put(text.length() == 0 ? "(no cards)" : text.toString(), orders);
        });
    return rows;
  }

  private static Map<String, Long> sets(Map<List<String>, Long> distribution) {
    Map<String, Long> rows = new java.util.LinkedHashMap<>();
    distribution.forEach(
        (set, orders) -> rows.put(set.isEmpty() ? "(none)" : String.join(", ", set), orders));
    return rows;
  }

  private static Map<String, Long> counters(Exploration exploration) {
    Map<String, Long> rows = new java.util.LinkedHashMap<>();
    exploration.replacements().forEach((counters, orders) -> rows.put(describe(counters), orders));
    return rows;
  }

  static String describe(ReplacementCounters counters) {
    return "event "
        + counters.event()
        + " + authoritative "
        + counters.authoritative()
        + " = "
        + counters.total();
  }

  private static TextTable distribution(
      Exploration exploration, String what, Map<String, Long> rows) {
    TextTable table = new TextTable(List.of(what, "orders", "share"));
    rows.forEach(
        (value, orders) -> table.add(List.of(value, count(orders), share(orders, exploration))));
    return table;
  }

  private static TextTable decisions(Exploration exploration) {
    TextTable table = new TextTable(List.of("delivery", "decision", "orders", "share"));
    exploration
        .decisions()
        .forEach(
            (delivery, counts) ->
                counts.forEach(
                    (what, orders) ->
                        table.add(
                            List.of(delivery, what, count(orders), share(orders, exploration)))));
    return table;
  }

  private static TextTable counterexamples(Exploration exploration, List<Path> files) {
    TextTable table =
        new TextTable(List.of("property", "orders violating", "first order found", "file"));
    for (int index = 0; index < exploration.counterexamples().size(); index++) {
      Exploration.Counterexample example = exploration.counterexamples().get(index);
      table.add(
          List.of(
              example.property(),
              count(exploration.violatingOrders().getOrDefault(example.property(), 0L)),
              example.found() + (example.reproduced() ? "" : " (NOT reproduced by a plain replay)"),
              index < files.size() ? files.get(index).toString() : "(not written)"));
    }
    return table;
  }

  private static String share(long orders, Exploration exploration) {
    if (orders == exploration.orders()) {
      return "100%";
    }
    return String.format(Locale.ROOT, "%.4f%%", 100.0 * orders / exploration.orders());
  }

  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** A duration a person can read, from milliseconds to years. */
  static String duration(double seconds) {
    if (seconds < 120) {
      return String.format(Locale.ROOT, "%.1f s", seconds);
    }
    if (seconds < 2 * 86_400) {
      return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
    double years = seconds / (365.25 * 86_400);
    if (years < 2) {
      return String.format(Locale.ROOT, "%.0f days", seconds / 86_400);
    }
    return String.format(Locale.ROOT, "%.3g years", years);
  }

  private static void heading(StringBuilder out, Layout layout, int level, String title) {
    if (out.length() > 0) {
      out.append('\n');
    }
    if (layout == Layout.MARKDOWN) {
      out.append("#".repeat(level)).append(' ').append(title).append("\n\n");
    } else {
      out.append(title).append('\n').append((level == 1 ? "=" : "-").repeat(title.length()));
      out.append("\n");
    }
  }

  private static void table(StringBuilder out, Layout layout, TextTable table) {
    out.append(layout == Layout.MARKDOWN ? table.markdown() : table.aligned());
  }

  private static void paragraph(StringBuilder out, String text) {
    out.append('\n').append(text).append("\n\n");
  }
}
