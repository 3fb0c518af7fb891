package io.inboxcheck.conform;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON Lines log: one JSON object per line (docs/conform-log.schema.json), read with the strict
 * parser, each line bounded as any JSON input is. Lines holding only white space carry nothing and
 * are passed over.
 */
public final class JsonLinesFile implements LogSource {
  /**
   * What a byte sequence that is not UTF-8 is read as: a noncharacter, which no log has reason to
   * hold (unlike U+FFFD, which a receiver may have written), so the line that has one is named.
   */
  private static final char NOT_UTF8 = '\uFFFF';

  private final Path file;
  private final long maxEnvelopeChars;

  public JsonLinesFile(Path file) {
    this(file, EnvelopeBound.DEFAULT_CHARS);
  }

  /** A log whose recorded envelopes may be up to {@code maxEnvelopeChars} long. */
  public JsonLinesFile(Path file, long maxEnvelopeChars) {
    this.file = file;
    this.maxEnvelopeChars = maxEnvelopeChars;
  }

  @Override
  public String name() {
    return file.toString();
  }

  @Override
  public Lines open() throws InputRejected {
    return new JsonLines(name(), lenientText(file), maxEnvelopeChars);
  }

  /**
   * The file's text as UTF-8, with every malformed byte sequence read as {@link #NOT_UTF8}: a
   * strict reader fails a whole buffer ahead of the line being read, so the line could not be
   * named.
   */
  private static Reader lenientText(Path file) throws InputRejected {
    if (!Files.isRegularFile(file)) {
      throw new InputRejected(file.toString(), "file", "not a readable file");
    }
    try {
      CharsetDecoder decoder =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPLACE)
              .onUnmappableCharacter(CodingErrorAction.REPLACE)
              .replaceWith(String.valueOf(NOT_UTF8));
      return new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder));
    } catch (IOException e) {
      throw new InputRejected(file.toString(), "file", "cannot be read: " + e.getMessage());
    }
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
    private final StrictJson json;
    private final long maxLineChars;
    private final long maxEnvelopeChars;
    private long number;

    JsonLines(String source, Reader reader, long maxEnvelopeChars) {
      this.source = source;
      this.reader = reader;
      this.maxEnvelopeChars = maxEnvelopeChars;
      this.maxLineChars = EnvelopeBound.lineChars(maxEnvelopeChars);
      this.lines = new BoundedLines(reader, (int) maxLineChars);
      this.json = new StrictJson(EnvelopeBound.lineLimits(maxEnvelopeChars));
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
              position,
              null,
              "longer than "
                  + maxLineChars
                  + " characters, the bound for envelopes of up to "
                  + maxEnvelopeChars
                  + " (--max-envelope-size)");
        } catch (IOException e) {
          throw new InputRejected(source, "line " + number, "cannot be read: " + e.getMessage());
        }
        if (text == null) {
          return null;
        }
        int notUtf8 = text.indexOf(NOT_UTF8);
        if (notUtf8 >= 0) {
          throw new BadLine(
              position,
              null,
              "not valid UTF-8 at column "
                  + (notUtf8 + 1)
                  + ": a log is UTF-8 text (re-encode the file, e.g. with iconv)");
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
