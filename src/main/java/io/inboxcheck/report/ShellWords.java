package io.inboxcheck.report;

import java.util.regex.Pattern;

/** Words of a printed command line, quoted so a POSIX shell reads them back unchanged. */
public final class ShellWords {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

  private ShellWords() {}

  public static String quote(String word) {
    if (PLAIN.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
