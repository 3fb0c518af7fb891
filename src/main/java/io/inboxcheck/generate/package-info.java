/**
 * Scenario generators for the property engine: fault sequences, pairs of arrival orders, provider
 * truth, edge values and a provider profile's delivery schedule.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.generate;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
