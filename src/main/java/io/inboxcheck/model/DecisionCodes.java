package io.inboxcheck.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Every decision as one byte, for the columns of {@link IdentityTable} and {@link AuditLog}. The
 * decisions are few (three verdicts, a held decision per reason, and a duplicate restating each of
 * those), so a column of bytes keeps them without a reference per slot: storing a reference into a
 * long-lived array costs the collector's write barrier on every delivery, storing a byte does not.
 * Reading a code gives a decision equal to the one stored.
 */
final class DecisionCodes {
  private static final int HELD = 3;
  private static final int DUPLICATE = HELD + HeldReason.values().length;
  private static final Decision[] DECISIONS = decisions();

  private DecisionCodes() {}

  private static Decision[] decisions() {
    List<Decision> verdicts =
        new ArrayList<>(List.of(Decision.APPLIED, Decision.STALE, Decision.SAME_STATE));
    for (HeldReason reason : HeldReason.values()) {
      verdicts.add(Decision.held(reason));
    }
    List<Decision> all = new ArrayList<>(verdicts);
    for (Decision restated : verdicts) {
      all.add(new Decision.Duplicate(restated));
    }
    return all.toArray(Decision[]::new);
  }

  static byte code(Decision decision) {
    return (byte)
        switch (decision.kind()) {
          case APPLIED -> 0;
          case STALE -> 1;
          case SAME_STATE -> 2;
          case HELD -> HELD + decision.reason().ordinal();
          case DUPLICATE -> DUPLICATE + code(((Decision.Duplicate) decision).restates());
        };
  }

  static Decision decision(byte code) {
    return DECISIONS[code];
  }
}
