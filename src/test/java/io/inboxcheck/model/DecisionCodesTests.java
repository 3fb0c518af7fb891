package io.inboxcheck.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every decision survives its byte code, and no two decisions share one. */
class DecisionCodesTests {

  private static List<Decision> everyDecision() {
    List<Decision> verdicts =
        new ArrayList<>(List.of(Decision.APPLIED, Decision.STALE, Decision.SAME_STATE));
    for (HeldReason reason : HeldReason.values()) {
      verdicts.add(Decision.held(reason));
    }
    List<Decision> all = new ArrayList<>(verdicts);
    verdicts.forEach(restated -> all.add(new Decision.Duplicate(restated)));
    return all;
  }

  @Test
  void everyDecisionComesBackEqualFromItsOwnCode() {
    List<Decision> decisions = everyDecision();
    Set<Byte> codes = new HashSet<>();
    for (Decision decision : decisions) {
      byte code = DecisionCodes.code(decision);
      assertThat(DecisionCodes.decision(code)).as(decision.describe()).isEqualTo(decision);
      codes.add(code);
    }
    assertThat(decisions).hasSize(3 + 8 + 11);
    assertThat(codes).as("one code per decision").hasSameSizeAs(decisions);
  }
}
