package io.inboxcheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule for a non-2xx answer, and how a lost delivery is told. */
class RefusalRuleTests {

  @Test
  void onlyTheRefusalOfAnInjectedStorageFaultIsExpected() {
    assertThat(RefusalRule.judge(true, false)).isEqualTo(RefusalRule.Answer.ACKNOWLEDGED);
    assertThat(RefusalRule.judge(true, true)).isEqualTo(RefusalRule.Answer.ACKNOWLEDGED);
    assertThat(RefusalRule.judge(false, true)).isEqualTo(RefusalRule.Answer.EXPECTED_REFUSAL);
    assertThat(RefusalRule.judge(false, false)).isEqualTo(RefusalRule.Answer.UNEXPECTED_REFUSAL);
  }

  @Test
  void aLostDeliveryListsEveryRefusalItMetWithRunsCounted() {
    String line =
        RefusalRule.lost(
            1,
            "e-1",
            List.of(
                "no answer (killed in flight)",
                "HTTP 409 in progress",
                "HTTP 409 in progress",
                "HTTP 409 in progress"));

    assertThat(line)
        .isEqualTo(
            "step 1 (e-1) was never acknowledged: 4 attempts refused [no answer (killed in"
                + " flight); HTTP 409 in progress (3 times)], so a provider gives up and the"
                + " delivery is lost (NOTHING_LOST: every delivery ends in a decision)");
  }
}
