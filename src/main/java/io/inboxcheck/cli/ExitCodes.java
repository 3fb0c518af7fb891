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

  private ExitCodes() {}
}
