package io.inboxcheck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.modes.CaseCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A case's choices as one word and back, and what is not such a word. */
class CaseCodeTests {
  @Test
  void choicesComeBackAsTheyWere() {
    List<Long> choices = List.of(0L, 1L, 127L, 128L, 300L, 9_999L, Long.MAX_VALUE, 0L);

    String code = CaseCode.encode(choices);

    assertThat(code).matches("[A-Za-z0-9_-]+");
    assertThat(CaseCode.decode(code)).contains(choices);
  }

  @Test
  void anythingElseIsNoCode() {
    assertThat(CaseCode.decode("")).isEmpty();
    assertThat(CaseCode.decode("not a code!")).isEmpty();
    assertThat(CaseCode.decode("gA")).as("a varint cut short").isEmpty();
    assertThat(CaseCode.decode("_________________w")).as("more than 63 bits").isEmpty();
  }

  @Test
  void aCodeTheCommandCannotReadIsRejectedWithOneLine() {
    CommandRun run =
        CommandRun.of(
            "check", "--crash", "--receiver", "exec:python3 receiver.py", "--reproduce", "!!");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "inboxcheck check: --reproduce needs the code a failing --crash run printed, got"
                + " \"!!\"");
    assertThat(CommandRun.of("check", "--reproduce", "AA").err().strip())
        .isEqualTo("inboxcheck check: --reproduce needs --crash or --concurrency");
  }
}
