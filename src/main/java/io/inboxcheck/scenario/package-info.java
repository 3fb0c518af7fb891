/**
 * Scenario files (SPEC section 9): reading them strictly, histories, the facts expectations name,
 * and writing scenarios back.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.scenario;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
