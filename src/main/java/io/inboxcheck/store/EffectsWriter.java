package io.inboxcheck.store;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Effects;
import io.inboxcheck.model.Effects.CardWrite;
import io.inboxcheck.model.Effects.HeldChange;
import io.inboxcheck.model.Effects.IdentityChange;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one writer of {@link Effects} to SQL: the same value {@code ReceiverState.apply} applies in
 * memory, written inside the caller's transaction in one round trip (docs/storage-boundary.md 5).
 *
 * <p>A delivery's write is one statement, taken whole from a fixed template chosen by the shape of
 * its effects ({@link DeliveryShape}): {@code WITH delivery AS (INSERT INTO audit ... RETURNING
 * seq)}, then the rows that name that entry (its identity record or variant, its held input) and
 * its card writes as further parts, each guarded card write checked in the result. Every other
 * write (a reconciliation's, a prune's) is a sequence of fixed statements, one per row, sent as one
 * multi-statement: audit entries first, in order, then the identity, the cards and the held inputs.
 * Only values vary from one write to the next, never the text of a shape.
 */
final class EffectsWriter {
  private static final Sql.Bound COMMIT = new Sql.Bound("COMMIT");

  /** The SQLSTATE {@code guard_card_write} raises (V2__enum_columns.sql). */
  static final String GUARD_FAILED = "IC001";

  /** The most cards one delivery writes: an ID_CONFLICT pauses its first record's and its own. */
  static final int MAX_DELIVERY_CARDS = 2;

  /** How a delivery's write touches the identity records, and the part that does it. */
  enum IdentityPart {
    NONE(null),
    FIRST_RECORD(IdentityRows.FIRST_RECORD_BY_DELIVERY),
    VARIANT(IdentityRows.VARIANT_BY_DELIVERY);

    final String sql;

    IdentityPart(String sql) {
      this.sql = sql;
    }
  }

  /**
   * The shape of a delivery's write: which rows join the statement that appends its entry.
   *
   * @param cards the guarded card writes, at most {@link #MAX_DELIVERY_CARDS}
   */
  record DeliveryShape(IdentityPart identity, boolean held, int cards) {}

  /** A shape's statement, alone and followed by COMMIT. */
  private record Template(String sql, String sqlAndCommit) {}

  /** Every shape's statement, made once. */
  private static final Map<DeliveryShape, Template> TEMPLATES = templates();

  private final Connection connection;
  private final Map<Integer, Long> deliverySeqs;

  /**
   * @param deliverySeqs the audit sequence number of each delivery whose held input the transaction
   *     loaded, by step
   */
  EffectsWriter(Connection connection, Map<Integer, Long> deliverySeqs) {
    this.connection = connection;
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
    try {
      AuditEntry.DeliveryRecorded delivery = delivery(effects);
      if (delivery != null) {
        writeDelivery(effects, delivery, commit);
      } else {
        writeRows(effects, commit);
      }
    } catch (SQLException e) {
      if (GUARD_FAILED.equals(e.getSQLState())) {
        // A disagreement between the store and the reducer is a bug, never a database error to
        // retry; the server has aborted the transaction, so nothing of it is written.
        throw new IllegalStateException(e.getMessage(), e);
      }
      throw e;
    }
  }

  /** The delivery {@code effects} record, or null when they are not a delivery's. */
  private static AuditEntry.DeliveryRecorded delivery(Effects effects) {
    for (AuditEntry entry : effects.audit()) {
      if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
        if (effects.audit().size() != 1) {
          throw new IllegalStateException("a delivery appends one audit entry: " + effects.audit());
        }
        return delivery;
      }
    }
    return null;
  }

  /** A delivery's effects as the one statement of their shape, its values bound in order. */
  private void writeDelivery(Effects effects, AuditEntry.DeliveryRecorded delivery, boolean commit)
      throws SQLException {
    int step = delivery.step();
    List<Object> values = new ArrayList<>(48);
    AuditRows.addValues(delivery, values);
    IdentityPart identity = IdentityPart.NONE;
    if (effects.identity() instanceof IdentityChange.FirstRecord first) {
      sameStep(first.content().step(), step);
      identity = IdentityPart.FIRST_RECORD;
      IdentityRows.addFirstRecordValues(first, values);
    } else if (effects.identity() instanceof IdentityChange.Variant variant) {
      sameStep(variant.content().step(), step);
      identity = IdentityPart.VARIANT;
      IdentityRows.addVariantValues(variant, values);
    } else if (!(effects.identity() instanceof IdentityChange.None)) {
      throw new IllegalStateException("a delivery never prunes: " + effects.identity());
    }
    for (HeldChange change : effects.held()) {
      if (!(change instanceof HeldChange.Added added) || effects.held().size() != 1) {
        throw new IllegalStateException("a delivery adds at most its own input: " + effects.held());
      }
      sameStep(added.input().step(), step);
      HeldRows.addAddedValues(added.input(), values);
    }
    List<CardWrite> cards = deliveryCards(effects);
    for (CardWrite card : cards) {
      CardRows.addUpdateValues(card, values);
    }
    for (CardWrite card : cards) {
      // The guard of each card write names its card, for the error it raises.
      values.add(card.objectId());
    }
    Template template =
        TEMPLATES.get(new DeliveryShape(identity, !effects.held().isEmpty(), cards.size()));
    Sql.pipeline(
        connection,
        commit ? template.sqlAndCommit() : template.sql(),
        values.toArray(),
        (index, rows, count) -> {});
  }

  /** The card writes of a delivery that change anything: updates of cards it read, two at most. */
  private static List<CardWrite> deliveryCards(Effects effects) {
    List<CardWrite> cards = new ArrayList<>(MAX_DELIVERY_CARDS);
    for (CardWrite card : effects.cards()) {
      if (card.before() == null) {
        throw new IllegalStateException("a delivery never creates a card: " + card.objectId());
      }
      if (card.changes()) {
        cards.add(card);
      }
    }
    if (cards.size() > MAX_DELIVERY_CARDS) {
      throw new IllegalStateException("a delivery writes at most two cards: " + cards);
    }
    return cards;
  }

  private static void sameStep(int rowStep, int deliveryStep) {
    if (rowStep != deliveryStep) {
      throw new IllegalStateException(
          "the delivery of step " + deliveryStep + " writes a row of step " + rowStep);
    }
  }

  /**
   * Any other effects, one fixed statement per row in one multi-statement: the audit entries in
   * order, then the identity, the cards and the held inputs, which name the sequence numbers the
   * transaction read.
   */
  private void writeRows(Effects effects, boolean commit) throws SQLException {
    List<Sql.Bound> statements = new ArrayList<>();
    for (AuditEntry entry : effects.audit()) {
      statements.add(AuditRows.insert(entry));
    }
    if (effects.identity() instanceof IdentityChange.Pruned pruned) {
      statements.add(new Sql.Bound(IdentityRows.PRUNE, pruned.eventId()));
    } else if (!(effects.identity() instanceof IdentityChange.None)) {
      throw new IllegalStateException("only a delivery records an identity: " + effects.identity());
    }
    for (CardWrite card : effects.cards()) {
      if (card.before() == null) {
        statements.add(new Sql.Bound(CardRows.INSERT, CardRows.insertValues(card)));
      } else if (card.changes()) {
        List<Object> values = new ArrayList<>();
        CardRows.addUpdateValues(card, values);
        values.add(card.objectId());
        statements.add(new Sql.Bound(CardRows.GUARDED_UPDATE_ALONE, values.toArray()));
      }
    }
    for (HeldChange change : effects.held()) {
      statements.add(HeldRows.statement(change, seq(change.input().step())));
    }
    if (statements.isEmpty()) {
      return;
    }
    if (commit) {
      statements.add(COMMIT);
    }
    Sql.pipeline(connection, statements, (index, rows, count) -> {});
  }

  private long seq(int step) {
    Long seq = deliverySeqs.get(step);
    if (seq == null) {
      throw new IllegalStateException("no delivery of step " + step + " in this transaction");
    }
    return seq;
  }

  private static Map<DeliveryShape, Template> templates() {
    Map<DeliveryShape, Template> templates = new HashMap<>();
    for (IdentityPart identity : IdentityPart.values()) {
      for (boolean held : new boolean[] {false, true}) {
        for (int cards = 0; cards <= MAX_DELIVERY_CARDS; cards++) {
          String sql = template(new DeliveryShape(identity, held, cards));
          templates.put(
              new DeliveryShape(identity, held, cards),
              new Template(sql, sql + Sql.SEPARATOR + COMMIT.sql()));
        }
      }
    }
    return Map.copyOf(templates);
  }

  /**
   * The statement of one shape: the entry's INSERT returning its sequence number, the rows that
   * name it ({@code rowN}), the card updates ({@code cardN}), and a result that is the sequence
   * number and each card update's guard, so the statement checks every count it wrote.
   */
  private static String template(DeliveryShape shape) {
    StringBuilder sql =
        new StringBuilder("WITH delivery AS (")
            .append(AuditRows.DELIVERY_INSERT)
            .append(" RETURNING seq)");
    List<String> rows = new ArrayList<>();
    if (shape.identity().sql != null) {
      rows.add(shape.identity().sql);
    }
    if (shape.held()) {
      rows.add(HeldRows.ADDED_BY_DELIVERY);
    }
    for (int row = 0; row < rows.size(); row++) {
      sql.append(", row").append(row).append(" AS (").append(rows.get(row)).append(')');
    }
    StringBuilder result = new StringBuilder(" SELECT seq");
    for (int card = 0; card < shape.cards(); card++) {
      sql.append(", card").append(card).append(" AS (").append(CardRows.GUARDED_UPDATE);
      sql.append(" RETURNING 1)");
      result.append(", ").append(CardRows.guard("(SELECT count(*) FROM card" + card + ")"));
    }
    return sql.append(result).append(" FROM delivery").toString();
  }
}
