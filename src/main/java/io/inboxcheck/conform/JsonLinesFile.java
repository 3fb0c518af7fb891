package io.inboxcheck.conform;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.JsonLimits;
import io.inboxcheck.json.read.StrictJson;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON Lines log: one JSON object per line (docs/conform-log.schema.json), read with the strict
 * parser, each line bounded as any JSON input is. Lines holding only white space carry nothing and
 * are passed over.
 */
public final class JsonLinesFile implements LogSource {
  private final Path file;

  public JsonLinesFile(Path file) {
    this.file = file;
  }

  @Override
  public String name() {
    return file.toString();
  }

  @Override
  public Lines open() throws InputRejected {
    return new JsonLines(name(), text(file));
  }

  /** A log file's text as UTF-8, or the one line that says why it cannot be read. */
  static Reader text(Path file) throws InputRejected {
    if (!Files.isRegularFile(file)) {
      throw new InputRejected(file.toString(), "file", "not a readable file");
    }
    try {
      return Files.newBufferedReader(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputRejected(file.toString(), "file", "cannot be read: " + e.getMessage());
    }
  }

  /** The lines of one open file. */
  private static final class JsonLines implements Lines {
    private final String source;
    private final Reader reader;
    private final BoundedLines lines;
    // A line records a body as received, as one string: as long as the line may be.
    private final StrictJson json =
        new StrictJson(JsonLimits.DEFAULT.withStringsAsLongAsTheInput());
    private long number;

    JsonLines(String source, Reader reader) {
      this.source = source;
      this.reader = reader;
      this.lines = new BoundedLines(reader, (int) JsonLimits.DEFAULT.maxInputBytes());
    }

    @Override
    public LineFields next() throws BadLine, InputRejected {
      while (true) {
        String text;
        number++;
        LinePosition position = LinePosition.line(source, number);
        try {
          text = lines.next();
        } catch (BoundedLines.TooLong tooLong) {
          throw new BadLine(
              position, null, "longer than " + JsonLimits.DEFAULT.maxInputBytes() + " characters");
        } catch (IOException e) {
          throw new InputRejected(source, "line " + number, "cannot be read: " + e.getMessage());
        }
        if (text == null) {
          return null;
        }
        if (!text.isBlank()) {
          return new JsonLineFields(position, object(position, text));
        }
      }
    }

    private JsonObject object(LinePosition position, String text) throws BadLine {
      JsonValue value;
      try {
        value = json.parse(source, text);
      } catch (InputRejected rejected) {
        throw new BadLine(
            position, null, "not valid JSON (" + columnOf(rejected) + rejected.problem() + ")");
      }
      if (!(value instanceof JsonObject object)) {
        throw new BadLine(position, null, "expected a JSON object, one recorded step per line");
      }
      return object;
    }

    /** The column part of the parser's "line 1, column 9", as "column 9: ". */
    private static String columnOf(InputRejected rejected) {
      String where = rejected.position();
      int column = where.indexOf("column");
      return column < 0 ? "" : where.substring(column) + ": ";
    }

    @Override
    public void close() {
      try {
        reader.close();
      } catch (IOException e) {
        // Nothing was written; a failure to close a file read to the end changes nothing.
      }
    }
  }
}
