/**
 * Checks of receivers that took deliveries at once: replaying an audit's serial order through the
 * model, and {@code check --concurrency}'s rounds, measured coverage and bounded search of serial
 * orders.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.concurrent;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
