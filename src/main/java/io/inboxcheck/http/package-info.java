/**
 * Receivers in any language over HTTP: the client of the receiver protocol
 * (docs/receiver-protocol.md), starting and stopping {@code exec:} processes, and mapping what they
 * report onto the model's values.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.http;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
