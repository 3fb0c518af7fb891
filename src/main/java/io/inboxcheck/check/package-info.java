/**
 * The invariants of SPEC section 7 and conformance to the reference model, each one function over
 * what a receiver shows before and after a step; {@code CheckedRun} is the one step loop that runs,
 * observes, checks and records every step, with or without the checks.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.check;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
