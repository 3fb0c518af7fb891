package io.inboxcheck.api;

import static org.apiguardian.api.API.Status.STABLE;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import org.apiguardian.api.API;

/**
 * Makes the receiver under test, one per scenario, started from that scenario's setup (initial
 * cards, supported types, retention, clock start). A class with a public constructor taking a
 * {@link ReceiverSetup} is one: {@code MyReceiver::new}; such a class also gets a command line that
 * replays a counterexample against it.
 */
@FunctionalInterface
@API(status = STABLE)
public interface ReceiverFactory {

  /** A fresh receiver for one scenario; inboxcheck closes it when the scenario ends. */
  Receiver create(ReceiverSetup setup);
}
