/**
 * The project's benchmarks behind {@code inboxcheck bench}: each workload reports its rate as a
 * ratio against a baseline measured in the same process (docs/performance.md).
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.bench;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
