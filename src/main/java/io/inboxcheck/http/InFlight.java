package io.inboxcheck.http;

/** What became of a delivery whose receiver was killed while it may have been in flight. */
public enum InFlight {
  /** A 2xx answer arrived before the kill: acknowledged. */
  ANSWERED,
  /** Another answer arrived before the kill: refused, the provider retries. */
  REFUSED,
  /** No answer, and the restarted receiver's audit holds it. */
  RECORDED,
  /** No answer, and the restarted receiver's audit does not hold it. */
  NOT_RECORDED
}
