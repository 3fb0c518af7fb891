/**
 * The PostgreSQL receiver: one transaction per delivery, the schema, the audit in rows and the
 * embedded server (docs/storage-boundary.md, docs/postgres.md).
 *
 * <p>Internal to inboxcheck: other projects must not depend on it; it changes without notice
 * (docs/java-api.md).
 */
@API(status = INTERNAL)
package io.inboxcheck.store;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
