package io.inboxcheck.http;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits {@code exec:COMMAND} into words as a shell would for simple commands: spaces separate,
 * single and double quotes group, a backslash escapes the next character. No shell runs, so the
 * harness stops the receiver itself, not a shell standing in front of it.
 */
final class CommandWords {
  private CommandWords() {}

  static List<String> split(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int index = 0; index < command.length(); index++) {
      char character = command.charAt(index);
      if (quote != 0) {
        if (character == quote) {
          quote = 0;
        } else if (character == '\\' && quote == '"' && index + 1 < command.length()) {
          word.append(command.charAt(++index));
        } else {
          word.append(character);
        }
      } else if (character == '\'' || character == '"') {
        quote = character;
        inWord = true;
      } else if (character == '\\' && index + 1 < command.length()) {
        word.append(command.charAt(++index));
        inWord = true;
      } else if (Character.isWhitespace(character)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(character);
        inWord = true;
      }
    }
    if (quote != 0) {
      throw new ReceiverFailure("receiver exec:" + command + ": a quote is not closed");
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
