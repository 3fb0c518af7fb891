package io.inboxcheck.cli;

/** Exit codes shared by every command (SPEC section 10). */
final class ExitCodes {
  /** Every expectation holds. */
  static final int OK = 0;

  /** An expectation or check failed; the difference was printed. */
  static final int FAILED = 1;

  /** The input was rejected; one line says where and why. */
  static final int REJECTED = 2;

  /** inboxcheck itself failed; the one-line message names the error. */
  static final int INTERNAL_ERROR = 3;

  /**
   * Nothing failed, but a coverage floor of {@code check --concurrency} or {@code --crash} was not
   * met within its bound: the check was weaker than it should be, which is neither a pass nor a
   * finding about the receiver.
   */
  static final int WEAK = 4;

  private ExitCodes() {}
}
