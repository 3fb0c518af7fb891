package io.inboxcheck.modes;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A case's choice sequence as one word a person can paste into a command ({@code --reproduce
 * CODE}): each choice as an unsigned LEB128 varint, the bytes in URL-safe Base64 without padding.
 * Replaying the choices draws exactly the case again, as Hypothesis's {@code reproduce_failure}
 * does.
 */
public final class CaseCode {
  /** The longest code accepted: far more than any shrunk case, small enough to read back safely. */
  static final int MAX_CODE_LENGTH = 100_000;

  private CaseCode() {}

  public static String encode(List<Long> choices) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (long choice : choices) {
      long rest = choice;
      while ((rest & ~0x7FL) != 0) {
        bytes.write((int) ((rest & 0x7F) | 0x80));
        rest >>>= 7;
      }
      bytes.write((int) rest);
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.toByteArray());
  }

  /** The choices of {@code code}, or empty when it is not a code {@link #encode} wrote. */
  public static Optional<List<Long>> decode(String code) {
    if (code.isEmpty() || code.length() > MAX_CODE_LENGTH) {
      return Optional.empty();
    }
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(code);
    } catch (IllegalArgumentException notBase64) {
      return Optional.empty();
    }
    List<Long> choices = new ArrayList<>();
    long value = 0;
    int shift = 0;
    for (byte b : bytes) {
      if (shift > 56) {
        return Optional.empty();
      }
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        choices.add(value);
        value = 0;
        shift = 0;
      } else {
        shift += 7;
      }
    }
    return shift == 0 && value >= 0 ? Optional.of(choices) : Optional.empty();
  }
}
