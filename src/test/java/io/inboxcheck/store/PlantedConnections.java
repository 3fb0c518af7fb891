package io.inboxcheck.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Connections of a receiver with mistakes planted in the store's own SQL ({@link PlantedMistake}):
 * every statement the store prepares is sent with the edits that apply to it, and the view's
 * isolation is lowered when a mistake asks for it. The store itself runs unchanged, its one read
 * path included. Counts how often each mistake was sent, so a test can tell a plant that ran from
 * one that never did.
 */
final class PlantedConnections implements ConnectionSource {
  private final ConnectionSource real;
  private final Set<PlantedMistake> planted;
  private final Map<PlantedMistake, AtomicInteger> sent = new EnumMap<>(PlantedMistake.class);

  /**
   * {@code real}'s connections to {@code schema} with {@code planted}; what a mistake installs is
   * installed by the schema's owner first.
   */
  PlantedConnections(ConnectionSource real, String schema, Set<PlantedMistake> planted) {
    this.real = real;
    this.planted = planted.isEmpty() ? Set.of() : EnumSet.copyOf(planted);
    for (PlantedMistake mistake : this.planted) {
      sent.put(mistake, new AtomicInteger());
      if (mistake.install != null) {
        install(schema, mistake.install);
      }
    }
  }

  /**
   * The mistakes planted in any of {@code plants} that none of them sent: a run that never sent a
   * plant judged the store as built, so the tests require this to be empty. (A receiver that only
   * reconciles, say, never sends a delivery's statements; another one of the run does.)
   */
  static Set<PlantedMistake> neverSent(Collection<PlantedConnections> plants) {
    Set<PlantedMistake> never = EnumSet.noneOf(PlantedMistake.class);
    plants.forEach(plant -> never.addAll(plant.planted));
    for (PlantedConnections plant : plants) {
      plant.sent.forEach(
          (mistake, count) -> {
            if (count.get() > 0) {
              never.remove(mistake);
            }
          });
    }
    return never;
  }

  @Override
  public Connection open() throws SQLException {
    Connection connection = real.open();
    if (planted.isEmpty()) {
      return connection;
    }
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {Connection.class}, planted(connection));
  }

  private InvocationHandler planted(Connection connection) {
    return (proxy, method, args) -> {
      if (method.getName().equals("prepareStatement") && args[0] instanceof String sql) {
        Object[] edited = args.clone();
        edited[0] = edit(sql);
        return invoke(method, connection, edited);
      }
      if (method.getName().equals("setTransactionIsolation")
          && (int) args[0] == PlantedMistake.VIEW_ISOLATION) {
        for (PlantedMistake mistake : planted) {
          if (mistake.lowersViewIsolation) {
            sent.get(mistake).incrementAndGet();
            return invoke(method, connection, new Object[] {PlantedMistake.LOWERED_ISOLATION});
          }
        }
      }
      return invoke(method, connection, args);
    };
  }

  /** {@code sql} with every planted edit that applies to it made. */
  private String edit(String sql) {
    String edited = sql;
    for (PlantedMistake mistake : planted) {
      boolean applied = false;
      for (PlantedMistake.Edit edit : mistake.edits) {
        if (edit.applies(sql)) {
          edited = edited.replace(edit.from(), edit.to());
          applied = true;
        }
      }
      if (applied) {
        sent.get(mistake).incrementAndGet();
      }
    }
    return edited;
  }

  private static void install(String schema, String sql) {
    try (Connection owner = TestPostgres.connections(schema).open();
        Statement statement = owner.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot plant in " + schema + ": " + e.getMessage(), e);
    }
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
