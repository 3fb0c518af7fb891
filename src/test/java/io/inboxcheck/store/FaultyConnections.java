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
 * right after a COMMIT the server completed (the reply lost on the way back).
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

  private InvocationHandler connectionHandler(Connection connection) {
    return (proxy, method, args) -> {
      String name = method.getName();
      if (armed && name.equals("commit")) {
        if (strike == Strike.BEFORE_COMMIT) {
          armed = false;
          struck = true;
          throw new SQLException("injected: COMMIT failed", "58030");
        }
        if (strike == Strike.AFTER_COMMIT) {
          armed = false;
          struck = true;
          connection.commit();
          connection.close();
          throw new SQLException("injected: connection lost after COMMIT was sent", "08006");
        }
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
