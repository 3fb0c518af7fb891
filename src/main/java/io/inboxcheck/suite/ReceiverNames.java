package io.inboxcheck.suite;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The name of a receiver in property names, seeds and counterexample files, derived from the whole
 * {@code --receiver} specification: two specifications that differ anywhere, even far into a long
 * command line, get different names, so different seeds and different files.
 *
 * <p>A specification that is already a short file-safe name ({@code model}, {@code postgres}) is
 * its own name. Any other is a readable prefix, an underscore and the first 8 hex digits of the
 * SHA-256 of the whole specification: {@code exec-python3-receiver.py-variant-A_3f0c9a51}. The
 * prefix never holds an underscore, so a name of the first kind never equals one of the second.
 */
public final class ReceiverNames {
  /** The longest readable prefix; with the separator and hash a name stays under 50 characters. */
  static final int LONGEST_PREFIX = 40;

  private static final int HASH_DIGITS = 8;
  private static final Pattern FILE_SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]*");
  private static final String CLASS_PREFIX = "class:";
  private static final String EXEC_PREFIX = "exec:";

  private ReceiverNames() {}

  /** The name of the receiver that {@code specification} chooses. */
  public static String fileSafe(String specification) {
    if (FILE_SAFE.matcher(specification).matches()
        && specification.length() <= LONGEST_PREFIX + 1 + HASH_DIGITS) {
      return specification;
    }
    return readable(specification) + "_" + hash(specification);
  }

  /**
   * What a person recognises: a class's simple name, a command's words with the folders of its
   * paths left out (moving a receiver changes its hash, not what its name reads), else the
   * specification; anything but letters, digits, dots and dashes made one dash, cut to the bound.
   */
  private static String readable(String specification) {
    String text = specification;
    if (specification.startsWith(CLASS_PREFIX)) {
      text = specification.substring(specification.lastIndexOf('.') + 1);
    } else if (specification.startsWith(EXEC_PREFIX)) {
      StringBuilder words = new StringBuilder("exec");
      for (String word : specification.substring(EXEC_PREFIX.length()).strip().split("\\s+")) {
        words.append('-').append(word.substring(word.lastIndexOf('/') + 1));
      }
      text = words.toString();
    }
    String safe = text.replaceAll("[^A-Za-z0-9.-]+", "-").replaceAll("-{2,}", "-");
    safe = safe.replaceAll("^[-.]+", "");
    if (safe.length() > LONGEST_PREFIX) {
      safe = safe.substring(0, LONGEST_PREFIX);
    }
    safe = safe.replaceAll("[-.]+$", "");
    return safe.isEmpty() ? "receiver" : safe;
  }

  private static String hash(String specification) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(specification.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, HASH_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
