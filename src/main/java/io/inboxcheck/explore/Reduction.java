package io.inboxcheck.explore;

/** How much of the state space the explorer may skip; every level counts every order. */
public enum Reduction {
  /** Memoised states, and independent groups of cards searched apart (when sound). */
  FULL,
  /** Memoised states only: orders that reach the same state share the rest of the search. */
  MEMO,
  /** No reduction: every arrival order is a path of its own (a search tree sharing prefixes). */
  NONE
}
