/**
 * JSON values ({@link io.inboxcheck.json.JsonValue} and its records) and their canonical text: what
 * envelopes, card states and snapshots are made of. Two values are equal when SPEC section 1 says
 * their content is the same (key order, whitespace and the spelling of numbers do not matter).
 *
 * <p>The values are part of the supported surface, as experimental: a receiver builds card states
 * and reads envelopes with them, and other projects may use them (docs/java-api.md).
 */
@API(status = EXPERIMENTAL)
package io.inboxcheck.json;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
