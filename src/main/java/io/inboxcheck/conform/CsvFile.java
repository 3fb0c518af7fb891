package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import io.inboxcheck.json.read.StrictJson;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A CSV log as a database export writes it (RFC 4180: a header row, fields separated by commas,
 * quoted with {@code "} when they hold commas, quotes or line breaks). The header names the
 * columns; {@link RowLayout} says which column holds which field.
 */
public final class CsvFile implements LogSource {
  private final Path file;
  private final Map<String, String> columns;

  /**
   * @param columns field to column, from {@code --columns}; fields not given are read from the
   *     column of the same name, when there is one
   */
  public CsvFile(Path file, Map<String, String> columns) {
    this.file = file;
    this.columns = Map.copyOf(columns);
  }

  @Override
  public String name() {
    return file.toString();
  }

  @Override
  public Lines open() throws InputRejected {
    Reader reader = JsonLinesFile.text(file);
    Records records = new Records(name(), reader);
    try {
      Object[] header = records.next();
      if (header == null) {
        throw new InputRejected(name(), "line 1", "empty; expected a header row naming columns");
      }
      List<String> names = new ArrayList<>();
      for (Object name : header) {
        names.add(name.toString().strip());
      }
      RowLayout layout = RowLayout.of(name(), names, columns);
      return new CsvLines(records, layout);
    } catch (BadLine bad) {
      records.close();
      throw new InputRejected(name(), "line 1 (the header)", bad.problem());
    } catch (InputRejected rejected) {
      records.close();
      throw rejected;
    }
  }

  /** The rows of one open file after its header. */
  private static final class CsvLines implements Lines {
    private final Records records;
    private final RowLayout layout;
    private final StrictJson json = new StrictJson();

    CsvLines(Records records, RowLayout layout) {
      this.records = records;
      this.layout = layout;
    }

    @Override
    public LineFields next() throws BadLine, InputRejected {
      Object[] cells = records.next();
      if (cells == null) {
        return null;
      }
      return new RowFields(records.start(), layout, cells, json);
    }

    @Override
    public void close() {
      records.close();
    }
  }

  /** RFC 4180 records, each remembering the line it starts on. */
  private static final class Records {
    private static final long MAX_RECORD_CHARS = JsonLimits.DEFAULT.maxInputBytes();

    private final String source;
    private final Reader reader;
    private long line = 1;
    private long startLine;
    private int pending = -2;

    Records(String source, Reader reader) {
      this.source = source;
      this.reader = reader;
    }

    LinePosition start() {
      return LinePosition.line(source, startLine);
    }

    /**
     * The next record's fields, or null at the end; a record that is only a line end is skipped.
     */
    Object[] next() throws BadLine, InputRejected {
      while (true) {
        int first = read();
        if (first < 0) {
          return null;
        }
        startLine = line;
        if (first == '\n' || first == '\r') {
          consumeLineEnd(first);
          continue;
        }
        unread(first);
        try {
          return record();
        } catch (BadLine bad) {
          // Whatever follows on this line belongs to the broken record.
          skipToLineEnd();
          throw bad;
        }
      }
    }

    private void skipToLineEnd() throws InputRejected {
      int c = read();
      while (c >= 0 && c != '\n') {
        c = read();
      }
      if (c == '\n') {
        line++;
      }
    }

    private Object[] record() throws BadLine, InputRejected {
      List<Object> fields = new ArrayList<>();
      StringBuilder field = new StringBuilder();
      long size = 0;
      while (true) {
        int c = read();
        if (c == '"' && field.length() == 0) {
          size += quoted(field);
          c = read();
          if (c >= 0 && c != ',' && c != '\n' && c != '\r') {
            throw new BadLine(start(), null, "text after a closing quote; quote the whole field");
          }
        }
        if (c == ',') {
          fields.add(field.toString());
          field.setLength(0);
          continue;
        }
        if (c < 0 || c == '\n' || c == '\r') {
          consumeLineEnd(c);
          fields.add(field.toString());
          return fields.toArray();
        }
        field.append((char) c);
        if (++size > MAX_RECORD_CHARS) {
          throw new BadLine(
              start(), null, "a record longer than " + MAX_RECORD_CHARS + " characters");
        }
      }
    }

    /** Reads a quoted field's content after its opening quote; returns its length. */
    private long quoted(StringBuilder field) throws BadLine, InputRejected {
      long size = 0;
      while (true) {
        int c = read();
        if (c < 0) {
          throw new BadLine(start(), null, "a quoted field is never closed");
        }
        if (c == '"') {
          int next = read();
          if (next != '"') {
            unread(next);
            return size;
          }
        }
        if (c == '\n') {
          line++;
        }
        field.append((char) c);
        if (++size > MAX_RECORD_CHARS) {
          throw new BadLine(
              start(), null, "a record longer than " + MAX_RECORD_CHARS + " characters");
        }
      }
    }

    private void consumeLineEnd(int c) throws InputRejected {
      if (c == '\r') {
        int next = read();
        if (next != '\n') {
          unread(next);
        }
      }
      if (c >= 0) {
        line++;
      }
    }

    private int read() throws InputRejected {
      if (pending != -2) {
        int c = pending;
        pending = -2;
        return c;
      }
      try {
        return reader.read();
      } catch (IOException e) {
        throw new InputRejected(source, "line " + line, "cannot be read: " + e.getMessage());
      }
    }

    private void unread(int c) {
      pending = c;
    }

    void close() {
      try {
        reader.close();
      } catch (IOException e) {
        // A file read to its end: failing to close it changes nothing.
      }
    }
  }
}
