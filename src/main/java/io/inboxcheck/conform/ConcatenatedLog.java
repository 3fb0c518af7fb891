package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import java.util.List;

/**
 * Several logs read as one, in the order given: the parts of a rotated log. Each line keeps the
 * name of the part it came from.
 */
public final class ConcatenatedLog implements LogSource {
  private final List<LogSource> parts;

  public ConcatenatedLog(List<LogSource> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("a log has at least one part");
    }
    this.parts = List.copyOf(parts);
  }

  @Override
  public String name() {
    return parts.size() == 1
        ? parts.get(0).name()
        : parts.get(0).name() + " and " + (parts.size() - 1) + " more";
  }

  @Override
  public Lines open() throws InputRejected {
    return new Lines() {
      private int part;
      private Lines current = parts.get(0).open();

      @Override
      public LineFields next() throws BadLine, InputRejected {
        while (true) {
          LineFields fields = current.next();
          if (fields != null || part == parts.size() - 1) {
            return fields;
          }
          current.close();
          current = parts.get(++part).open();
        }
      }

      @Override
      public void close() {
        current.close();
      }
    };
  }
}
