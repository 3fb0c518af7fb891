package io.inboxcheck.conform;

import java.io.IOException;
import java.io.Reader;

/**
 * Splits a character stream into lines ({@code \n}, an optional {@code \r} before it dropped),
 * refusing a line longer than a bound instead of holding it: a log of ten million lines is read in
 * constant memory, and a broken one with no newlines does not exhaust the heap.
 */
final class BoundedLines {
  /** Thrown for a line over the bound; the reader has already moved past it. */
  static final class TooLong extends Exception {
    private static final long serialVersionUID = 1L;

    TooLong() {
      super(null, null, false, false);
    }
  }

  private final Reader reader;
  private final int maxChars;
  private final char[] buffer = new char[1 << 16];
  private int position;
  private int limit;
  private final StringBuilder line = new StringBuilder(512);

  BoundedLines(Reader reader, int maxChars) {
    this.reader = reader;
    this.maxChars = maxChars;
  }

  /** The next line without its end, or null at the end of the stream. */
  String next() throws IOException, TooLong {
    if (position < limit) {
      // The common case: the whole line is in the buffer already, and is made from it directly.
      int start = position;
      int end = start;
      while (end < limit && buffer[end] != '\n') {
        end++;
      }
      if (end < limit && end - start <= maxChars) {
        position = end + 1;
        int length = end - start;
        if (length > 0 && buffer[end - 1] == '\r') {
          length--;
        }
        return new String(buffer, start, length);
      }
    }
    return assembled();
  }

  /** A line that runs past the buffer's end: gathered piece by piece, within the bound. */
  private String assembled() throws IOException, TooLong {
    line.setLength(0);
    boolean tooLong = false;
    boolean any = false;
    while (true) {
      if (position == limit) {
        limit = reader.read(buffer, 0, buffer.length);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          if (!any) {
            return null;
          }
          break;
        }
      }
      any = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      if (!tooLong) {
        line.append(buffer, start, position - start);
        tooLong = line.length() > maxChars;
        if (tooLong) {
          line.setLength(0);
        }
      }
      if (position < limit) {
        position++;
        break;
      }
    }
    if (tooLong) {
      throw new TooLong();
    }
    int end = line.length();
    if (end > 0 && line.charAt(end - 1) == '\r') {
      line.setLength(end - 1);
    }
    return line.toString();
  }
}
