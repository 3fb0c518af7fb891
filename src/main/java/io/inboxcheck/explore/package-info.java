/**
 * Every arrival order of one scenario: the reduced search, the brute force it is checked against,
 * and replaying orders for receivers that cannot copy themselves (docs/exploration.md).
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.explore;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
