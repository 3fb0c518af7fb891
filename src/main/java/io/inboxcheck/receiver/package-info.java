/**
 * The contracts a receiver under test implements, and the values they use. {@link
 * io.inboxcheck.receiver.ContractReceiver} is the small contract a team implements in an afternoon
 * (ack, optional decision, then cards, held inputs and counters); {@link
 * io.inboxcheck.receiver.Receiver} is the full one the reference model and the PostgreSQL store
 * implement (decisions, identity records, the audit).
 *
 * <p>Other projects may use this package: each type says its status ({@code STABLE} for the small
 * contract and its values, {@code EXPERIMENTAL} for the full contract); {@code ContractAdapter} is
 * internal. The list is in docs/java-api.md.
 */
@API(status = STABLE)
package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
