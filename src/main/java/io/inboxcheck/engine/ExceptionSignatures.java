package io.inboxcheck.engine;

/**
 * Turns exceptions thrown by checks, or by the receivers they run, into failure signatures and
 * messages.
 */
public final class ExceptionSignatures {

  /** Frames included in a failure message; enough to locate the failing assertion. */
  private static final int MAX_MESSAGE_FRAMES = 12;

  private ExceptionSignatures() {}

  /**
   * The signature of a thrown exception: its class and its first stack frame.
   *
   * <p>The frame includes the line number so that two different assertions in one method count as
   * different failure modes; the message is left out because it usually contains the value. AssertJ
   * strips its own frames, so the first frame is the user's assertion.
   */
  public static String signature(Throwable thrown) {
    StackTraceElement[] frames = thrown.getStackTrace();
    if (frames.length == 0) {
      return thrown.getClass().getName();
    }
    StackTraceElement top = frames[0];
    return thrown.getClass().getName()
        + " at "
        + top.getClassName()
        + "."
        + top.getMethodName()
        + ":"
        + top.getLineNumber();
  }

  /**
   * The exception's text, its frames up to the engine's call into the check, and its cause.
   *
   * <p>Frames from the engine itself are cut off: they only say whether the failure was found by a
   * try, the shrinker or a replay, and leaving them in would make the same failure's message differ
   * between those paths.
   */
  static String message(Throwable thrown) {
    StringBuilder text = new StringBuilder(String.valueOf(thrown));
    StackTraceElement[] frames = thrown.getStackTrace();
    int shown = 0;
    for (StackTraceElement frame : frames) {
      if (isEngineEntryPoint(frame)) {
        break;
      }
      if (shown++ == MAX_MESSAGE_FRAMES) {
        text.append("\n\t...");
        break;
      }
      text.append("\n\tat ").append(frame);
    }
    if (thrown.getCause() != null && thrown.getCause() != thrown) {
      text.append("\nCaused by: ").append(thrown.getCause());
    }
    return text.toString();
  }

  private static boolean isEngineEntryPoint(StackTraceElement frame) {
    String className = frame.getClassName();
    return className.equals(Property.class.getName())
        || className.equals(PropertyRunner.class.getName());
  }
}
