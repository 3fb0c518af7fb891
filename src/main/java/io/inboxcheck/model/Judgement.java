package io.inboxcheck.model;

/** A decision by rules 2-4 together with the card it leaves behind (null when nothing changes). */
record Judgement(Decision decision, Card cardAfter) {

  static Judgement unchanged(Decision decision) {
    return new Judgement(decision, null);
  }
}
