/**
 * The reference model of SPEC sections 1 to 5: a pure reducer that decides every delivery, and the
 * values it decides with. No I/O, clock, randomness or Jackson.
 *
 * <p>The values a receiver exchanges with the harness through {@link
 * io.inboxcheck.receiver.ContractReceiver} and {@link io.inboxcheck.receiver.Receiver} are part of
 * the supported surface, as experimental: {@link io.inboxcheck.model.Envelope}, {@link
 * io.inboxcheck.model.ObjectVersion}, {@link io.inboxcheck.model.Card}, {@link
 * io.inboxcheck.model.AuthoritativeCard}, {@link io.inboxcheck.model.Decision}, {@link
 * io.inboxcheck.model.DecisionKind}, {@link io.inboxcheck.model.HeldReason}, {@link
 * io.inboxcheck.model.ReplacementCounters}, and for the full contract {@link
 * io.inboxcheck.model.ReceiverView}, {@link io.inboxcheck.model.ObjectReconciliation} and the
 * values they list. The reducer itself ({@code Reducer}, {@code Reconciler}, {@code Retention},
 * {@code ReceiverState}, {@code DeliveryOutcome}, {@code Effects}) is marked internal: public for
 * inboxcheck's own packages only, so other projects must not depend on it. Every type carries its
 * status; the list, and what each status promises, is in docs/java-api.md.
 */
@API(status = EXPERIMENTAL)
package io.inboxcheck.model;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
