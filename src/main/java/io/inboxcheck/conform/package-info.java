/**
 * Conformance of recorded traffic: {@code inboxcheck conform} reads a receiver's log of what it
 * received and decided, replays it through the reference model and reports every decision the model
 * would not have made, every invariant the recorded history breaks and every step the log cannot
 * judge (docs/conform.md).
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.conform;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
