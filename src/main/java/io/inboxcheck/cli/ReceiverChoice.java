package io.inboxcheck.cli;

import io.inboxcheck.http.HttpReceivers;
import io.inboxcheck.receiver.ContractAdapter;
import io.inboxcheck.receiver.ContractReceiver;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.store.PostgresReceivers;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.function.Function;

/**
 * The receiver a command runs against: {@code model}, {@code postgres} (the PostgreSQL receiver,
 * see docs/postgres.md), {@code class:NAME} for any {@link Receiver} or {@link ContractReceiver} on
 * the class path with a public constructor taking a {@link ReceiverSetup}, or a receiver over HTTP:
 * {@code exec:COMMAND} or {@code http:URL} (docs/receiver-protocol.md).
 */
final class ReceiverChoice {
  static final String CLASS_PREFIX = "class:";

  private ReceiverChoice() {}

  /** The receiver factory for {@code name}, or null with {@code problem} filled when unusable. */
  static Function<ReceiverSetup, Receiver> parse(String name, StringBuilder problem) {
    return parse(name, DatabaseOptions.NONE, problem);
  }

  /**
   * As {@link #parse(String, StringBuilder)}, with the database options {@code postgres} uses; a
   * {@code postgres} factory is {@link AutoCloseable} and must be closed after the run.
   */
  static Function<ReceiverSetup, Receiver> parse(
      String name, DatabaseOptions database, StringBuilder problem) {
    return parse(name, database, System.getenv("INBOXCHECK_CONTROL_SECRET"), problem);
  }

  /**
   * As above, with the control secret an {@code http:URL} receiver was given ({@code
   * --receiver-secret}, else env INBOXCHECK_CONTROL_SECRET). An {@code exec:} or {@code http:}
   * factory is {@link AutoCloseable} and must be closed after the run: it stops the process.
   */
  static Function<ReceiverSetup, Receiver> parse(
      String name, DatabaseOptions database, String receiverSecret, StringBuilder problem) {
    if (name.startsWith(HttpReceivers.EXEC_PREFIX)) {
      String command = name.substring(HttpReceivers.EXEC_PREFIX.length()).strip();
      if (command.isEmpty()) {
        problem.append("exec: needs a command, e.g. exec:\"python3 receiver.py\"");
        return null;
      }
      return HttpReceivers.exec(command, HttpReceivers.timeoutFromProperties());
    }
    if (name.startsWith(HttpReceivers.HTTP_PREFIX)) {
      String url =
          name.startsWith("http://") ? name : name.substring(HttpReceivers.HTTP_PREFIX.length());
      try {
        return HttpReceivers.running(url, receiverSecret, HttpReceivers.timeoutFromProperties());
      } catch (IllegalArgumentException e) {
        problem.append(e.getMessage());
        return null;
      }
    }
    if ("model".equals(name)) {
      return ModelReceiver::new;
    }
    if ("postgres".equals(name)) {
      return new PostgresReceivers(database.jdbcUrl(), database.user(), database.password());
    }
    if (!name.startsWith(CLASS_PREFIX)) {
      problem
          .append("unknown receiver \"")
          .append(name)
          .append("\"; available: model, postgres, class:NAME, exec:COMMAND, http:URL");
      return null;
    }
    String className = name.substring(CLASS_PREFIX.length());
    try {
      Class<?> type = Class.forName(className);
      boolean contract = ContractReceiver.class.isAssignableFrom(type);
      if (!Receiver.class.isAssignableFrom(type) && !contract) {
        problem
            .append(className)
            .append(" implements neither ")
            .append(ContractReceiver.class.getName())
            .append(" nor ")
            .append(Receiver.class.getName());
        return null;
      }
      Constructor<?> constructor = type.getConstructor(ReceiverSetup.class);
      if (contract) {
        return setup ->
            new ContractAdapter((ContractReceiver) newInstance(constructor, setup), setup);
      }
      return setup -> (Receiver) newInstance(constructor, setup);
    } catch (ClassNotFoundException e) {
      problem.append("receiver class ").append(className).append(" is not on the class path");
    } catch (NoSuchMethodException e) {
      problem.append(className).append(" has no public constructor taking a ReceiverSetup");
    }
    return null;
  }

  private static Object newInstance(Constructor<?> constructor, ReceiverSetup setup) {
    try {
      return constructor.newInstance(setup);
    } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(
          "cannot create receiver " + constructor.getDeclaringClass().getName(), e);
    }
  }

  /** Where the {@code postgres} receiver stores its records; a null URL means embedded. */
  record DatabaseOptions(String jdbcUrl, String user, String password) {
    static final DatabaseOptions NONE = new DatabaseOptions(null, null, null);
  }
}
