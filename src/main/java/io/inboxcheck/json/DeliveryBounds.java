package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The largest delivery a receiver must decide (SPEC section 1.5): its body's size, its nesting, its
 * longest string and its longest number. Past any of them a delivery is {@code HELD MALFORMED}. The
 * one place these bounds live: the model decides by them, and the readers of scenario files and
 * logs size their own limits from them, so a body just past a bound can still be written down.
 *
 * @param maxBodyBytes the body's length in UTF-8 bytes
 * @param maxNestingDepth levels of arrays and objects, the envelope itself being level 1
 * @param maxStringLength a string's length in characters (code points) once its escapes are read
 * @param maxNumberLength a number's length as written, sign and exponent included
 */
@API(status = EXPERIMENTAL)
public record DeliveryBounds(
    long maxBodyBytes, int maxNestingDepth, int maxStringLength, int maxNumberLength) {

  /** 4 MiB bodies, 128 levels, strings of 65,536 characters, numbers of 100 characters. */
  public static final DeliveryBounds DEFAULT = new DeliveryBounds(4L << 20, 128, 1 << 16, 100);

  public DeliveryBounds {
    if (maxBodyBytes < 1 || maxNestingDepth < 1 || maxStringLength < 1 || maxNumberLength < 1) {
      throw new IllegalArgumentException("every delivery bound is at least 1");
    }
  }

  /**
   * The first bound {@code body} passes, in the words of SPEC section 1.5 (e.g. {@code nested 129
   * levels deep, past the bound of 128}), or empty when it is within all of them. {@code body} is
   * JSON text; one pass over it, without recursion, so any depth is measured safely.
   */
  public Optional<String> breach(String body) {
    long bytes = utf8Length(body);
    if (bytes > maxBodyBytes) {
      return Optional.of(bytes + " bytes long, past the bound of " + maxBodyBytes);
    }
    int depth = 0;
    int index = 0;
    while (index < body.length()) {
      char c = body.charAt(index);
      if (c == '"') {
        int end = stringEnd(body, index);
        long length = stringLength(body, index + 1, end);
        if (length > maxStringLength) {
          return Optional.of(
              "a string of " + length + " characters, past the bound of " + maxStringLength);
        }
        index = end + 1;
        continue;
      }
      if (c == '[' || c == '{') {
        if (++depth > maxNestingDepth) {
          return Optional.of("nested deeper than the bound of " + maxNestingDepth + " levels");
        }
      } else if (c == ']' || c == '}') {
        depth--;
      } else if (c == '-' || (c >= '0' && c <= '9')) {
        int end = numberEnd(body, index);
        if (end - index > maxNumberLength) {
          return Optional.of(
              "a number of " + (end - index) + " characters, past the bound of " + maxNumberLength);
        }
        index = end;
        continue;
      }
      index++;
    }
    return Optional.empty();
  }

  private static long utf8Length(String text) {
    long bytes = 0;
    for (int index = 0; index < text.length(); index++) {
      char c = text.charAt(index);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)) {
        bytes += 4;
        index++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  /** The index of the quote that closes the string opened at {@code open}. */
  private static int stringEnd(String text, int open) {
    int index = open + 1;
    while (index < text.length() && text.charAt(index) != '"') {
      index += text.charAt(index) == '\\' ? 2 : 1;
    }
    return index;
  }

  /**
   * The code points of a string's content once its escapes are read: an escaped surrogate pair
   * ({@code \ud83d\ude00}) is one character, as a literal one is.
   */
  private static long stringLength(String text, int from, int to) {
    long length = 0;
    int index = from;
    while (index < to) {
      char c = text.charAt(index);
      if (c == '\\') {
        boolean unicode = index + 1 < to && text.charAt(index + 1) == 'u';
        boolean lowSurrogate =
            unicode
                && index + 6 <= to
                && Character.isLowSurrogate(
                    (char) Integer.parseInt(text.substring(index + 2, index + 6), 16));
        length += lowSurrogate ? 0 : 1;
        index += unicode ? 6 : 2;
      } else {
        length += Character.isLowSurrogate(c) ? 0 : 1;
        index++;
      }
    }
    return length;
  }

  private static int numberEnd(String text, int start) {
    int index = start;
    while (index < text.length() && "+-0123456789.eE".indexOf(text.charAt(index)) >= 0) {
      index++;
    }
    return index;
  }
}
