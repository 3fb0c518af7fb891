package io.inboxcheck.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Connections that fail on purpose: at the n-th statement executed while armed, before COMMIT, or
 * right after a COMMIT the server completed (the reply lost on the way back). COMMIT is struck
 * wherever it travels: as {@link Connection#commit()}, or as the last statement of a delivery's
 * write (docs/storage-boundary.md 5), where the statements before it run and COMMIT does not.
 */
final class FaultyConnections implements ConnectionSource {
  /** Where the armed fault strikes. */
  enum Strike {
    STATEMENT,
    BEFORE_COMMIT,
    AFTER_COMMIT
  }

  private final ConnectionSource real;
  private boolean armed;
  private Strike strike;
  private int failAtStatement;
  private int executed;
  private boolean struck;

  FaultyConnections(ConnectionSource real) {
    this.real = real;
  }

  /** Fails the {@code n}-th statement (1-based) executed from now on. */
  void failStatement(int n) {
    arm(Strike.STATEMENT);
    failAtStatement = n;
  }

  /** Fails the next COMMIT without committing, or after committing. */
  void failCommit(Strike where) {
    arm(where);
  }

  private void arm(Strike where) {
    armed = true;
    strike = where;
    executed = 0;
    struck = false;
  }

  void disarm() {
    armed = false;
  }

  /** Statements executed since the fault was armed. */
  int executed() {
    return executed;
  }

  boolean struck() {
    return struck;
  }

  @Override
  public Connection open() throws SQLException {
    Connection connection = real.open();
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Connection.class},
            connectionHandler(connection));
  }

  /** How a multi-statement that ends its transaction ends. */
  static final String TRAILING_COMMIT = Sql.SEPARATOR + "COMMIT";

  private InvocationHandler connectionHandler(Connection connection) {
    return (proxy, method, args) -> {
      String name = method.getName();
      if (armed
          && strike != Strike.STATEMENT
          && name.equals("prepareStatement")
          && args[0] instanceof String sql
          && sql.endsWith(TRAILING_COMMIT)) {
        return commitStatement(connection, sql);
      }
      if (armed && name.equals("commit") && strike != Strike.STATEMENT) {
        if (strike == Strike.AFTER_COMMIT) {
          connection.commit();
        }
        throw strikeCommit(connection);
      }
      Object result = invoke(method, connection, args);
      if (result instanceof PreparedStatement statement) {
        return wrap(statement, PreparedStatement.class);
      }
      if (result instanceof Statement statement) {
        return wrap(statement, Statement.class);
      }
      return result;
    };
  }

  /**
   * A multi-statement ending in COMMIT, struck as {@link #failCommit} asks: before COMMIT, its
   * other statements run and the transaction stays open, as when COMMIT fails; after COMMIT, all of
   * it runs and the connection is lost before the reply.
   */
  private Object commitStatement(Connection connection, String sql) throws SQLException {
    Strike where = strike;
    String withoutCommit = sql.substring(0, sql.length() - TRAILING_COMMIT.length());
    PreparedStatement real =
        connection.prepareStatement(where == Strike.BEFORE_COMMIT ? withoutCommit : sql);
    return Proxy.newProxyInstance(
        getClass().getClassLoader(),
        new Class<?>[] {PreparedStatement.class},
        (proxy, method, args) -> {
          Object result = invoke(method, real, args);
          if (method.getName().startsWith("execute") && armed) {
            throw strikeCommit(connection);
          }
          return result;
        });
  }

  /**
   * The armed COMMIT strike, once what precedes it ran: before COMMIT, COMMIT fails; after it, the
   * connection is lost before the reply.
   */
  private SQLException strikeCommit(Connection connection) throws SQLException {
    Strike where = strike;
    armed = false;
    struck = true;
    if (where == Strike.BEFORE_COMMIT) {
      return new SQLException("injected: COMMIT failed", "58030");
    }
    connection.close();
    return new SQLException("injected: connection lost after COMMIT was sent", "08006");
  }

  private <T extends Statement> Object wrap(T statement, Class<T> type) {
    return Proxy.newProxyInstance(
        getClass().getClassLoader(),
        new Class<?>[] {type},
        (proxy, method, args) -> {
          if (method.getName().startsWith("execute") && armed && strike == Strike.STATEMENT) {
            executed++;
            if (executed == failAtStatement) {
              armed = false;
              struck = true;
              throw new SQLException("injected: statement " + executed + " failed", "58030");
            }
          }
          return invoke(method, statement, args);
        });
  }

  private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
