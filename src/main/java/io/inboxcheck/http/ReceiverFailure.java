package io.inboxcheck.http;

/**
 * A receiver over HTTP could not be driven: it did not answer in time, answered something that is
 * not the protocol, or its process would not start. The message is one line for a person; it is a
 * finding about the receiver, never a failure of inboxcheck itself.
 */
public final class ReceiverFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ReceiverFailure(String message) {
    super(message);
  }

  public ReceiverFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
