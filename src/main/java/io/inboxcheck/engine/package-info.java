/**
 * The property engine: choice sequences, test cases, coverage requirements, shrinking, the example
 * database, seeds and shards. It knows nothing of receivers.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
