package io.inboxcheck.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.Envelope;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * An envelope as the provider spelled it, for people: a re-serialised redelivery (other key order,
 * {@code 12.0}, {@code 1.2e1}, escaped characters) must be visible in a history, since a receiver
 * that compares text instead of content breaks exactly there.
 *
 * <p>Only whitespace is tidied: a line break or a run of blanks outside strings shows as one space,
 * so an envelope fits on the lines of one cell. Key order needs no second form (the order is what
 * the reader sees); any scalar spelled other than canonically does, so the canonical text is added.
 */
final class DeliveredText {
  private static final ObjectMapper STRINGS = new ObjectMapper();

  private DeliveredText() {}

  /**
   * The envelope's text as delivered, with whitespace outside strings shown as single spaces; a
   * body too large or deep to spell shows as it was described ({@link LargeBodies}).
   */
  static String of(Envelope envelope) {
    Optional<LargeBodies.Description> described = LargeBodies.described(envelope.text());
    if (described.isPresent()) {
      return outsideStrings(described.get().envelopeText(), " ")
          + ", "
          + LargeBodies.words(described.get());
    }
    return outsideStrings(envelope.text(), " ");
  }

  /**
   * The envelope as delivered ({@link #of}) when it is spelled otherwise than its canonical text in
   * more than whitespace (another key order, {@code 12.0}, an escaped character), else empty: a
   * script of canonical steps would show such a redelivery identical to the delivery before it.
   */
  static Optional<String> whereSpelledOtherwise(Envelope envelope) {
    if (envelope.rawText() == null
        || outsideStrings(envelope.rawText(), "").equals(envelope.content().canonicalText())) {
      return Optional.empty();
    }
    return Optional.of(of(envelope));
  }

  /** {@code raw} with every run of whitespace outside strings replaced by {@code blank}. */
  private static String outsideStrings(String raw, String blank) {
    StringBuilder out = new StringBuilder(raw.length());
    boolean inString = false;
    boolean escaped = false;
    for (int index = 0; index < raw.length(); index++) {
      char character = raw.charAt(index);
      if (inString) {
        out.append(character);
        inString = escaped || character != '"';
        escaped = !escaped && character == '\\';
      } else if (Character.isWhitespace(character)) {
        if (!blank.isEmpty() && out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
          out.append(blank);
        }
      } else {
        out.append(character);
        inString = character == '"';
      }
    }
    return out.toString().stripTrailing();
  }

  /**
   * The canonical text of the envelope when some number or string in it was spelled otherwise (so
   * the delivered text alone would hide what the content is), else empty.
   */
  static Optional<String> canonicalWhereRespelled(Envelope envelope) {
    if (envelope.rawText() == null || scalarsSpelledCanonically(envelope.rawText())) {
      return Optional.empty();
    }
    return Optional.of(envelope.content().canonicalText());
  }

  private static boolean scalarsSpelledCanonically(String raw) {
    int index = 0;
    while (index < raw.length()) {
      char character = raw.charAt(index);
      if (character == '"') {
        int end = endOfString(raw, index);
        if (!canonicalString(raw.substring(index, end))) {
          return false;
        }
        index = end;
      } else if (character == '-' || Character.isDigit(character)) {
        int end = index;
        while (end < raw.length() && "+-.eE0123456789".indexOf(raw.charAt(end)) >= 0) {
          end++;
        }
        String number = raw.substring(index, end);
        if (!new JsonNumber(new BigDecimal(number)).text().equals(number)) {
          return false;
        }
        index = end;
      } else {
        index++;
      }
    }
    return true;
  }

  /** The index just after the string literal that starts at {@code start}. */
  private static int endOfString(String raw, int start) {
    int index = start + 1;
    while (index < raw.length() && raw.charAt(index) != '"') {
      index += raw.charAt(index) == '\\' ? 2 : 1;
    }
    return Math.min(raw.length(), index + 1);
  }

  private static boolean canonicalString(String literal) {
    try {
      String value = STRINGS.readValue(literal, String.class);
      return new JsonString(value).canonicalText().equals(literal);
    } catch (JsonProcessingException e) {
      // The scenario reader accepted this text, so this cannot happen; showing both is safe.
      return false;
    }
  }
}
