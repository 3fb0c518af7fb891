package io.inboxcheck.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the command line with its exit code and what it printed. */
public record CommandRun(int exitCode, String out, String err) {

  public static CommandRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new CommandRun(exitCode, out.toString(), err.toString());
  }
}
