/**
 * What a receiver is held to as a whole: the properties with shrinking, counterexample files, the
 * bug zoo's report, the retention-horizon check and {@code ReceiverCheck} behind {@code inboxcheck
 * check} and {@link io.inboxcheck.api.InboxCheck}.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.suite;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
