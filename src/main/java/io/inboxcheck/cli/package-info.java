/**
 * The {@code inboxcheck} command line (picocli): replay, check, explore, bench and profiles; the
 * only package that prints.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.cli;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
