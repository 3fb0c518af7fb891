package io.inboxcheck.cli;

import picocli.CommandLine.Option;

/**
 * The control secret of a receiver over HTTP that is already running ({@code http:URL}), shared by
 * the commands that take a {@code --receiver}; see docs/receiver-protocol.md.
 */
final class ReceiverSecretMixin {
  @Option(
      names = "--receiver-secret",
      defaultValue = "${env:INBOXCHECK_CONTROL_SECRET}",
      description = {
        "http:URL only: the control secret the running receiver was started with",
        "(env INBOXCHECK_CONTROL_SECRET). exec: receivers get a fresh one from inboxcheck."
      })
  String secret;
}
