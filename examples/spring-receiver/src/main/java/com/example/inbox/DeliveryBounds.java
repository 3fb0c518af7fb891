package com.example.inbox;

/**
 * The largest delivery the inbox decides (inboxcheck's SPEC section 1.5): a body of 4 MiB, nested
 * 128 levels deep (the envelope itself is level 1), strings of 65,536 characters once their
 * escapes are read, numbers of 100 characters as written. A body past any of them is held
 * MALFORMED without being parsed, and acknowledged, so a provider stops sending it. One pass over
 * the text, without recursion, so no depth can overflow the stack.
 */
final class DeliveryBounds {
  static final long MAX_BODY_BYTES = 4L << 20;
  static final int MAX_NESTING_DEPTH = 128;
  static final int MAX_STRING_LENGTH = 1 << 16;
  static final int MAX_NUMBER_LENGTH = 100;

  private DeliveryBounds() {}

  static boolean within(String body) {
    if (body.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_BODY_BYTES) {
      return false;
    }
    int depth = 0;
    int index = 0;
    while (index < body.length()) {
      char c = body.charAt(index);
      if (c == '"') {
        int end = index + 1;
        long length = 0;
        while (end < body.length() && body.charAt(end) != '"') {
          boolean escaped = body.charAt(end) == '\\';
          boolean unicode = escaped && end + 1 < body.length() && body.charAt(end + 1) == 'u';
          char read =
              unicode && end + 6 <= body.length()
                  ? (char) Integer.parseInt(body.substring(end + 2, end + 6), 16)
                  : body.charAt(end);
          // A surrogate pair, escaped or not, is one character.
          length += Character.isLowSurrogate(read) ? 0 : 1;
          end += unicode ? 6 : escaped ? 2 : 1;
        }
        if (length > MAX_STRING_LENGTH) {
          return false;
        }
        index = end + 1;
      } else if (c == '[' || c == '{') {
        if (++depth > MAX_NESTING_DEPTH) {
          return false;
        }
        index++;
      } else if (c == ']' || c == '}') {
        depth--;
        index++;
      } else if (c == '-' || (c >= '0' && c <= '9')) {
        int end = index;
        while (end < body.length() && "+-0123456789.eE".indexOf(body.charAt(end)) >= 0) {
          end++;
        }
        if (end - index > MAX_NUMBER_LENGTH) {
          return false;
        }
        index = end;
      } else {
        index++;
      }
    }
    return true;
  }
}
