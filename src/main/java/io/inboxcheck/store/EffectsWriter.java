package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one writer of {@link Effects} to SQL: the same value {@code ReceiverState.apply} applies in
 * memory, written inside the caller's transaction in one round trip (docs/storage-boundary.md 5).
 * Audit entries go first, in order. The rows of a delivery written here (its identity record, its
 * held input) name its audit entry, so they are written by the statement that appends the entry, as
 * parts of one {@code WITH delivery AS (INSERT INTO audit ... RETURNING seq)}.
 */
final class EffectsWriter {
  /** The sequence number of the delivery appended by the same statement. */
  private static final Sql.Inline WRITTEN_DELIVERY = new Sql.Inline("(SELECT seq FROM delivery)");

  private static final Sql.Bound COMMIT = Sql.Bound.of("COMMIT");

  /** The SQLSTATE {@code guard_card_write} raises (V2__enum_columns.sql). */
  static final String GUARD_FAILED = "IC001";

  private final Connection connection;
  private final LockProtocol locks;
  private final Map<Integer, Long> deliverySeqs;

  /**
   * @param deliverySeqs the audit sequence number of each delivery whose held input the transaction
   *     loaded, by step
   */
  EffectsWriter(Connection connection, LockProtocol locks, Map<Integer, Long> deliverySeqs) {
    this.connection = connection;
    this.locks = locks;
    this.deliverySeqs = new HashMap<>(deliverySeqs);
  }

  void write(Effects effects) throws SQLException {
    write(effects, false);
  }

  /**
   * Writes {@code effects} and commits in the same round trip: COMMIT is the last statement of the
   * write's multi-statement. When a statement before it fails, the server skips the rest, COMMIT
   * included, and the transaction is left to roll back; so an error whose SQLSTATE asks for a retry
   * always comes from a transaction that did not commit (docs/storage-boundary.md 5 and 8). With
   * nothing to write, nothing is sent and the caller's COMMIT ends the transaction.
   */
  void writeAndCommit(Effects effects) throws SQLException {
    write(effects, true);
  }

  private void write(Effects effects, boolean commit) throws SQLException {
    Map<Integer, List<Sql.Bound>> withDelivery = new HashMap<>();
    for (AuditEntry entry : effects.audit()) {
      if (entry instanceof AuditEntry.DeliveryRecorded) {
        withDelivery.put(entry.step(), new ArrayList<>());
      }
    }
    List<Sql.Bound> identityAndHeld = new ArrayList<>();
    Integer identityStep = step(effects.identity());
    Sql.Bound identity =
        IdentityRows.statement(effects.identity(), step -> seq(step, withDelivery));
    if (identity != null) {
      place(identity, identityStep, withDelivery, identityAndHeld);
    }
    List<Sql.Bound> held = new ArrayList<>();
    for (HeldChange change : effects.held()) {
      int step = change.input().step();
      place(HeldRows.statement(change, seq(step, withDelivery)), step, withDelivery, held);
    }
    // A delivery's card writes join the statement that appends its audit entry: one statement.
    Integer joined = null;
    for (AuditEntry entry : effects.audit()) {
      if (joined == null && entry instanceof AuditEntry.DeliveryRecorded) {
        joined = entry.step();
      }
    }
    List<CardUpdate> joinedCards = new ArrayList<>();
    List<Sql.Bound> ownWrites = new ArrayList<>();
    for (CardWrite card : effects.cards()) {
      Sql.Bound update = CardRows.statement(locks, card);
      if (update == null) {
        continue;
      }
      if (joined != null) {
        joinedCards.add(new CardUpdate(card, update));
      } else {
        ownWrites.add(CardRows.guarded(locks, card) ? guardedAlone(update, card) : update);
      }
    }
    List<Sql.Bound> statements = new ArrayList<>();
    boolean cardsJoined = false;
    for (AuditEntry entry : effects.audit()) {
      Sql.Bound insert = AuditRows.insert(entry);
      if (!(entry instanceof AuditEntry.DeliveryRecorded)) {
        statements.add(insert);
      } else if (!cardsJoined && joined == entry.step()) {
        cardsJoined = true;
        statements.add(withDependents(insert, withDelivery.get(entry.step()), joinedCards));
      } else {
        statements.add(withDependents(insert, withDelivery.get(entry.step()), List.of()));
      }
    }
    statements.addAll(identityAndHeld);
    statements.addAll(ownWrites);
    statements.addAll(held);
    if (statements.isEmpty()) {
      return;
    }
    if (commit) {
      statements.add(COMMIT);
    }
    try {
      Sql.pipeline(connection, statements, (index, rows, count) -> {});
    } catch (SQLException e) {
      if (GUARD_FAILED.equals(e.getSQLState())) {
        // A disagreement between the store and the reducer is a bug, never a database error to
        // retry; the server has aborted the transaction, so nothing of it is written.
        throw new IllegalStateException(e.getMessage(), e);
      }
      throw e;
    }
  }

  /**
   * The statement that appends a delivery's audit entry and writes the rows that name it, and
   * {@code cards}: it returns the entry's sequence number, and checks each guarded card write's
   * count in the same statement.
   */
  private Sql.Bound withDependents(
      Sql.Bound insert, List<Sql.Bound> dependents, List<CardUpdate> cards) {
    StringBuilder sql =
        new StringBuilder("WITH delivery AS (").append(insert.sql()).append(" RETURNING seq)");
    List<Object> values = new ArrayList<>(Arrays.asList(insert.values()));
    for (int index = 0; index < dependents.size(); index++) {
      sql.append(", row").append(index).append(" AS (").append(dependents.get(index).sql());
      sql.append(')');
      values.addAll(Arrays.asList(dependents.get(index).values()));
    }
    StringBuilder result = new StringBuilder(" SELECT seq");
    List<Object> resultValues = new ArrayList<>();
    for (int index = 0; index < cards.size(); index++) {
      CardWrite card = cards.get(index).write();
      Sql.Bound update = cards.get(index).update();
      sql.append(", card").append(index).append(" AS (").append(update.sql());
      sql.append(" RETURNING 1)");
      values.addAll(Arrays.asList(update.values()));
      if (CardRows.guarded(locks, card)) {
        Sql.Bound guard = CardRows.guard(card, "(SELECT count(*) FROM card" + index + ")");
        result.append(", ").append(guard.sql());
        resultValues.addAll(Arrays.asList(guard.values()));
      }
    }
    values.addAll(resultValues);
    return new Sql.Bound(sql.append(result).append(" FROM delivery").toString(), values.toArray());
  }

  /** A card write and the statement that makes it. */
  private record CardUpdate(CardWrite write, Sql.Bound update) {}

  /** A guarded card write on its own: the update, and the check of its count. */
  private static Sql.Bound guardedAlone(Sql.Bound update, CardWrite card) {
    Sql.Bound guard = CardRows.guard(card, "count(*)");
    List<Object> values = new ArrayList<>(Arrays.asList(update.values()));
    values.addAll(Arrays.asList(guard.values()));
    return new Sql.Bound(
        "WITH card AS (" + update.sql() + " RETURNING 1) SELECT " + guard.sql() + " FROM card",
        values.toArray());
  }

  private static void place(
      Sql.Bound statement,
      Integer step,
      Map<Integer, List<Sql.Bound>> withDelivery,
      List<Sql.Bound> otherwise) {
    List<Sql.Bound> dependents = step == null ? null : withDelivery.get(step);
    (dependents == null ? otherwise : dependents).add(statement);
  }

  /** The step whose delivery an identity change names, or null when it names none. */
  private static Integer step(IdentityChange change) {
    if (change instanceof IdentityChange.FirstRecord first) {
      return first.content().step();
    }
    if (change instanceof IdentityChange.Variant variant) {
      return variant.content().step();
    }
    return null;
  }

  private Object seq(int step, Map<Integer, List<Sql.Bound>> withDelivery) {
    if (withDelivery.containsKey(step)) {
      return WRITTEN_DELIVERY;
    }
    Long seq = deliverySeqs.get(step);
    if (seq == null) {
      throw new IllegalStateException("no delivery of step " + step + " in this transaction");
    }
    return seq;
  }
}
