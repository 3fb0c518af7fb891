package io.inboxcheck.cli;

import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import io.inboxcheck.store.PostgresReceivers;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.function.Function;

/**
 * The receiver a command runs against: {@code model}, {@code postgres} (the PostgreSQL receiver,
 * see docs/postgres.md), or {@code class:NAME} for any {@link Receiver} on the class path with a
 * public constructor taking a {@link ReceiverSetup}.
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
          .append("\"; available: model, postgres, class:NAME");
      return null;
    }
    String className = name.substring(CLASS_PREFIX.length());
    try {
      Class<?> type = Class.forName(className);
      if (!Receiver.class.isAssignableFrom(type)) {
        problem.append(className).append(" does not implement ").append(Receiver.class.getName());
        return null;
      }
      Constructor<?> constructor = type.getConstructor(ReceiverSetup.class);
      return setup -> instantiate(constructor, setup);
    } catch (ClassNotFoundException e) {
      problem.append("receiver class ").append(className).append(" is not on the class path");
    } catch (NoSuchMethodException e) {
      problem.append(className).append(" has no public constructor taking a ReceiverSetup");
    }
    return null;
  }

  private static Receiver instantiate(Constructor<?> constructor, ReceiverSetup setup) {
    try {
      return (Receiver) constructor.newInstance(setup);
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
