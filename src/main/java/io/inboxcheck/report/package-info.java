/**
 * Rendering for people: history tables, failure stories, scripts, HTML pages, console summaries,
 * report files, and the one writer of counterexample files.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
