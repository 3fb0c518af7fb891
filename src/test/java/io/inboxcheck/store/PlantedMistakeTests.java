package io.inboxcheck.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import org.junit.jupiter.api.Test;

/**
 * Every planted mistake is an edit of the production SQL as it is now: a plant whose text the store
 * no longer sends would leave the store as built, and the test that catches it would prove nothing.
 */
class PlantedMistakeTests {
  @Test
  void everyEditReplacesTextItsProductionStatementContainsOnce() {
    for (PlantedMistake mistake : PlantedMistake.values()) {
      assertThat(!mistake.edits.isEmpty() || mistake.lowersViewIsolation)
          .as("%s plants something", mistake)
          .isTrue();
      for (PlantedMistake.Edit edit : mistake.edits) {
        String statement = edit.statement();
        assertThat(statement.indexOf(edit.from()))
            .as("%s: %s contains \"%s\"", mistake, statement, edit.from())
            .isNotNegative()
            .isEqualTo(statement.lastIndexOf(edit.from()));
        assertThat(edit.applies(statement)).as("%s applies to its statement", mistake).isTrue();
        assertThat(edit.to()).isNotEqualTo(edit.from());
      }
    }
  }

  @Test
  void theViewMistakeLowersTheIsolationTheViewRunsWith() {
    assertThat(PlantedMistake.VIEW_ISOLATION)
        .isEqualTo(ViewReader.ISOLATION)
        .isEqualTo(Connection.TRANSACTION_REPEATABLE_READ)
        .isNotEqualTo(PlantedMistake.LOWERED_ISOLATION);
  }
}
