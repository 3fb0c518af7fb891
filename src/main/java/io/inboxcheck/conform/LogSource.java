package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;

/**
 * A receiver's recorded traffic, in arrival order, that can be read from the start as often as
 * needed: a JSON Lines file, a CSV file, or a query over a database table. Conform reads it once;
 * it reads it again only to cut the first divergence down to a scenario.
 */
public interface LogSource {
  /** How reports and messages name the log, e.g. the file's path. */
  String name();

  /** Starts reading from the first line; a log that cannot be opened at all is rejected. */
  Lines open() throws InputRejected;

  /** An open log, read line by line; close it when done. */
  interface Lines extends AutoCloseable {
    /**
     * The next line's fields, or null after the last. A line that cannot even be split into fields
     * (not JSON, an unterminated quote) is a {@link BadLine}; a failure of the whole source (a read
     * error, a lost connection) is an {@link InputRejected}.
     */
    LineFields next() throws BadLine, InputRejected;

    @Override
    void close();
  }
}
