/**
 * The check of one receiver in each mode that needs a real receiver's process or its concurrent
 * copies: {@code check --crash} ({@code CrashCheck}, {@code CrashCaseRun}) and {@code check
 * --concurrency} ({@code ConcurrencyCheck}). Each is a function from a receiver, a seed and its
 * options to a {@link io.inboxcheck.modes.ModeResult}, which prints nothing: the command line
 * prints its lines, and the Java API can tell the same verdict from the same code.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.modes;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
