package io.inboxcheck.cli;

/** Short names for a receiver specification, fit for property names and file names. */
final class ReceiverNames {
  private static final int LONGEST = 60;

  private ReceiverNames() {}

  /**
   * {@code model}, {@code postgres}, a class's simple name for {@code class:NAME}, else the
   * specification with everything but letters, digits, dots and dashes made a dash.
   */
  static String fileSafe(String receiver) {
    String name = receiver;
    if (receiver.startsWith(ReceiverChoice.CLASS_PREFIX)) {
      String className = receiver.substring(ReceiverChoice.CLASS_PREFIX.length());
      name = className.substring(className.lastIndexOf('.') + 1);
    }
    name = name.replaceAll("[^A-Za-z0-9.-]+", "-").replaceAll("^-+|-+$", "");
    name = name.length() > LONGEST ? name.substring(0, LONGEST) : name;
    return name.isEmpty() ? "receiver" : name;
  }
}
