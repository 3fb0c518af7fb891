/**
 * Provider profiles ({@code profiles/*.json}): each provider's documented retry schedule, horizon
 * and quirks as sourced facts, read strictly, and the retention-horizon probe built from them.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
