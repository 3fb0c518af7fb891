package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import java.util.EnumSet;
import java.util.Set;

/**
 * Swarm testing: each generated case enables a random subset of the step kinds and edge features,
 * so the kinds it keeps come more often and rare combinations of a few of them (three variants of
 * one id, a re-pause at a card's second authority) are reached. Every flag is a choice whose
 * simplest value keeps the plain generator (every kind, no edges), so a case shrinks back to it;
 * the choices a flag governs are drawn whether it is on or not (forced when off), so turning it off
 * moves no later choice.
 *
 * @param disabled the step kinds this case never draws; never {@link StepKind#NEW_EVENT}
 * @param edgeVersions whether versions are drawn next to integer widths ({@link EdgeValues})
 * @param retentionEdges whether clock moves land on the end of an id's retention
 * @param oneCardRuns whether most events name one card, building a long history on it
 * @param disputes whether authorities list every card and mostly dispute its latest delivery, so
 *     held inputs are re-evaluated into a conflict and the card pauses again
 * @param exactValues whether states carry numbers, nested values, null, booleans and Unicode text
 *     ({@link ExactValues}), restatements spell their numbers otherwise, other states are the same
 *     text in the other normalisation form, and malformed envelopes carry ids of other JSON types
 * @param lookalikeIds whether new event ids are often look-alikes of ids already sent: the other
 *     case, the other normalisation form, surrounding whitespace, long ids sharing a prefix;
 *     unknown cards and unsupported types are often near twins of known ones, and redeliveries
 *     spell their ids with escapes ({@link NearTwins})
 * @param fineTimes whether times are drawn finer than a second: unless a provider's schedule or a
 *     chosen retention rules them out, the case's retention is sometimes zero, under a second or
 *     not a whole number of seconds, clock moves carry fractions of a second (so receipt times do)
 *     and land a millisecond either side of a retention edge ({@link EdgeValues})
 */
record Swarm(
    Set<StepKind> disabled,
    boolean edgeVersions,
    boolean retentionEdges,
    boolean oneCardRuns,
    boolean disputes,
    boolean exactValues,
    boolean lookalikeIds,
    boolean fineTimes) {
  /** The plain generator: every kind, no edge values. */
  static final Swarm PLAIN = new Swarm(Set.of(), false, false, false, false, false, false, false);

  /** Percent of cases that disable some kinds; the others draw from every kind. */
  static final int NARROWED_PERCENT = 40;

  /** Percent chance that a narrowed case disables one kind. */
  static final int DISABLED_PERCENT = 50;

  /** Percent of cases with each edge feature. */
  static final int EDGE_VERSIONS_PERCENT = 40;

  static final int RETENTION_EDGES_PERCENT = 50;
  static final int ONE_CARD_RUNS_PERCENT = 50;
  static final int DISPUTES_PERCENT = 40;
  static final int EXACT_VALUES_PERCENT = 50;
  static final int LOOKALIKE_IDS_PERCENT = 30;
  static final int FINE_TIMES_PERCENT = 40;

  /**
   * How much more often a case drawing exact values sends malformed envelopes, which then carry ids
   * of every JSON type, and restatements under another id, which then spell numbers otherwise.
   */
  static final int EXACT_VALUES_BOOST = 3;

  /**
   * How much rarer plain new events are in a narrowed case, so the kinds it keeps meet each other:
   * the point of narrowing is the combinations.
   */
  static final int NEW_EVENT_DAMPING = 3;

  /**
   * How much more often a case drawing look-alike ids sends deliveries for an unknown card or an
   * unsupported type, which then often name a near twin of a known card or a supported type.
   */
  static final int LOOKALIKE_BOOST = 2;

  /** How much more often a case aiming at retention edges moves the clock. */
  static final int CLOCK_BOOST = 3;

  /** Percent of a focused case's events that name its first card. */
  static final int FOCUS_PERCENT = 85;

  Swarm {
    disabled = disabled.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(disabled));
    if (disabled.contains(StepKind.NEW_EVENT)) {
      throw new IllegalArgumentException("new events are never disabled");
    }
  }

  /** Draws one case's swarm. */
  static Swarm draw(Choices choices) {
    return choices.span(
        "swarm",
        c -> {
          Set<StepKind> disabled = EnumSet.noneOf(StepKind.class);
          boolean narrowed = c.bool(NARROWED_PERCENT);
          for (StepKind kind : StepKind.values()) {
            // Drawn (forced off) even when not narrowed, so shrinking the flag moves no choice.
            if (kind != StepKind.NEW_EVENT && c.bool(narrowed ? DISABLED_PERCENT : 0)) {
              disabled.add(kind);
            }
          }
          return new Swarm(
              disabled,
              c.bool(EDGE_VERSIONS_PERCENT),
              c.bool(RETENTION_EDGES_PERCENT),
              c.bool(ONE_CARD_RUNS_PERCENT),
              c.bool(DISPUTES_PERCENT),
              c.bool(EXACT_VALUES_PERCENT),
              c.bool(LOOKALIKE_IDS_PERCENT),
              c.bool(FINE_TIMES_PERCENT));
        });
  }

  /**
   * The step kinds' weights with the disabled ones at zero; {@code ownTiming} when no provider's
   * schedule sets the times, so fine times have clock moves to carry them.
   */
  int[] weights(boolean ownTiming) {
    int[] weights = StepKind.weights();
    if (retentionEdges || (fineTimes && ownTiming)) {
      weights[StepKind.CLOCK_ADVANCE.ordinal()] *= CLOCK_BOOST;
    }
    if (!disabled.isEmpty()) {
      weights[StepKind.NEW_EVENT.ordinal()] /= NEW_EVENT_DAMPING;
    }
    if (disputes) {
      // Disputes matter where cards wait: more authorities, and more of what pauses a card.
      weights[StepKind.RECONCILIATION.ordinal()] *= 3;
      weights[StepKind.MISSING_VERSION.ordinal()] *= 3;
      weights[StepKind.SAME_VERSION_DIFFERENT_STATE.ordinal()] *= 2;
    }
    if (exactValues && !disputes) {
      // A case that disputes stays about waiting cards: more envelopes there would thin them.
      weights[StepKind.MALFORMED_ENVELOPE.ordinal()] *= EXACT_VALUES_BOOST;
      weights[StepKind.OTHER_ID_SAME_VERSION_SAME_STATE.ordinal()] *= EXACT_VALUES_BOOST;
    }
    if (lookalikeIds) {
      // Twins of known cards and types come on these kinds' deliveries: more of them.
      weights[StepKind.UNKNOWN_OBJECT.ordinal()] *= LOOKALIKE_BOOST;
      weights[StepKind.UNSUPPORTED_TYPE.ordinal()] *= LOOKALIKE_BOOST;
    }
    for (StepKind kind : disabled) {
      weights[kind.ordinal()] = 0;
    }
    return weights;
  }
}
