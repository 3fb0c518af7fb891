package io.inboxcheck.conform;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
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
 * quoted with {@code "} when they hold commas, quotes or line breaks), split by Jackson's CSV
 * parser. The header names the columns; {@link RowLayout} says which column holds which field.
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
    Records records = new Records(name(), JsonLinesFile.text(file));
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

  /**
   * The records of the file, each remembering the line it starts on. A record that breaks the
   * format is read to its end and reported as one {@link BadLine}, so the next record can still be
   * read (as {@code --skip-bad-lines} needs).
   */
  private static final class Records {
    /** A record holds one envelope and a few short fields: the bound of any one input. */
    private static final long MAX_RECORD_CHARS = JsonLimits.DEFAULT.maxInputBytes();

    /** Far more columns than any log has; a record of millions of empty fields stays small. */
    private static final int MAX_FIELDS = 10_000;

    private static final CsvFactory FACTORY =
        CsvFactory.builder()
            .streamReadConstraints(
                StreamReadConstraints.builder().maxStringLength((int) MAX_RECORD_CHARS).build())
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .build();

    private final String source;
    private final Reader reader;
    private final CsvParser parser;
    private long startLine = 1;

    Records(String source, Reader reader) throws InputRejected {
      this.source = source;
      this.reader = reader;
      try {
        this.parser = FACTORY.createParser(reader);
      } catch (IOException e) {
        close();
        throw new InputRejected(source, "line 1", "cannot be read: " + e.getMessage());
      }
      parser.setSchema(CsvSchema.emptySchema());
    }

    LinePosition start() {
      return LinePosition.line(source, startLine);
    }

    /** The next record's fields, or null at the end; empty lines are skipped. */
    Object[] next() throws BadLine, InputRejected {
      try {
        if (token() != JsonToken.START_ARRAY) {
          return null;
        }
      } catch (BrokenRecord broken) {
        throw new BadLine(LinePosition.line(source, lineNow()), null, broken.problem);
      }
      startLine = -1;
      List<Object> fields = new ArrayList<>();
      long size = 0;
      String problem = null;
      while (true) {
        JsonToken token;
        try {
          token = token();
        } catch (BrokenRecord broken) {
          noteStart();
          problem = problem == null ? broken.problem : problem;
          continue;
        }
        noteStart();
        if (token == null || token == JsonToken.END_ARRAY) {
          break;
        }
        String field = text();
        size += field.length() + 1;
        if (size > MAX_RECORD_CHARS && problem == null) {
          problem = "a record longer than " + MAX_RECORD_CHARS + " characters";
        }
        if (fields.size() >= MAX_FIELDS && problem == null) {
          problem = "a record of more than " + MAX_FIELDS + " fields";
        }
        if (problem == null) {
          fields.add(field);
        }
      }
      if (problem != null) {
        throw new BadLine(start(), null, problem);
      }
      return fields.toArray();
    }

    /** A record starts where its first field starts (Jackson places no record token). */
    private void noteStart() {
      if (startLine < 0) {
        startLine = Math.max(1, parser.currentTokenLocation().getLineNr());
      }
    }

    /**
     * The next token; a break of the format is a {@link BrokenRecord} once the parser has moved
     * past it, and a parser that stopped moving is the end of what can be read.
     */
    private JsonToken token() throws BrokenRecord, InputRejected {
      long before = parser.currentLocation().getCharOffset();
      try {
        return parser.nextToken();
      } catch (StreamConstraintsException tooLong) {
        throw new BrokenRecord("a record longer than " + MAX_RECORD_CHARS + " characters");
      } catch (JsonProcessingException broken) {
        if (parser.currentLocation().getCharOffset() <= before) {
          throw new InputRejected(source, "line " + lineNow(), problem(broken));
        }
        throw new BrokenRecord(problem(broken));
      } catch (IOException e) {
        throw new InputRejected(source, "line " + lineNow(), "cannot be read: " + e.getMessage());
      }
    }

    private String text() throws InputRejected {
      try {
        return parser.getText();
      } catch (IOException e) {
        throw new InputRejected(source, "line " + lineNow(), "cannot be read: " + e.getMessage());
      }
    }

    private long lineNow() {
      return Math.max(1, parser.currentLocation().getLineNr());
    }

    /** Jackson's words for a break of RFC 4180, in the words of this project's messages. */
    private static String problem(JsonProcessingException broken) {
      String message = broken.getOriginalMessage();
      if (message.startsWith("Missing closing quote")) {
        return "a quoted field is never closed";
      }
      if (message.contains("Expected column separator")) {
        return "text after a closing quote; quote the whole field";
      }
      return "not CSV: " + message;
    }

    void close() {
      try {
        if (parser != null) {
          parser.close();
        }
        reader.close();
      } catch (IOException e) {
        // A file read to its end: failing to close it changes nothing.
      }
    }
  }

  /** A record that breaks the format, with what breaks it; the parser has moved past the break. */
  private static final class BrokenRecord extends Exception {
    private static final long serialVersionUID = 1L;
    private final String problem;

    BrokenRecord(String problem) {
      super(problem, null, false, false);
      this.problem = problem;
    }
  }
}
