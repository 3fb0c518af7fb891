/**
 * The strict JSON reader: bounded size and depth, duplicate keys refused, the text of each value
 * kept as written, and one-line rejections naming where the input is wrong.
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.json.read;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
