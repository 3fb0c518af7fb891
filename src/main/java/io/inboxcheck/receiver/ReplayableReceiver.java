package io.inboxcheck.receiver;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A receiver that {@code replay --receiver CHOICE} can reach again, so a counterexample found
 * against it prints the command that replays it (e.g. {@code exec:python3 receiver.py}).
 */
@API(status = EXPERIMENTAL)
public interface ReplayableReceiver {

  /** The value of {@code --receiver} that reaches this receiver again. */
  String receiverChoice();
}
