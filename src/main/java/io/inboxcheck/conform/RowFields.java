package io.inboxcheck.conform;

import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.Decision;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;

/**
 * The fields of one row (a CSV record or a database row), each read from the column the {@link
 * RowLayout} gives it. Cells are text or, from a database, typed values; an empty cell is null.
 * JSON cells (cards, snapshots, lists) are read with the strict parser.
 */
final class RowFields implements LineFields {
  private final LinePosition position;
  private final RowLayout layout;
  private final Object[] cells;
  private final StrictJson json;

  RowFields(LinePosition position, RowLayout layout, Object[] cells, StrictJson json) {
    this.position = position.naming(layout::label);
    this.layout = layout;
    this.cells = cells;
    this.json = json;
  }

  @Override
  public LinePosition position() {
    return position;
  }

  @Override
  public String label(String field) {
    return layout.label(field);
  }

  private Object cell(String field) {
    int column = layout.column(field);
    if (column < 0 || column >= cells.length) {
      return null;
    }
    Object cell = cells[column];
    return cell instanceof String text && text.isEmpty() ? null : cell;
  }

  @Override
  public String text(String field) {
    Object cell = cell(field);
    return cell == null ? null : cell.toString();
  }

  @Override
  public JsonValue json(String field) throws BadLine {
    String text = text(field);
    if (text == null) {
      return null;
    }
    try {
      return json.parse(position.describe(), text);
    } catch (InputRejected notJson) {
      throw bad(field, "not JSON: " + notJson.problem());
    }
  }

  @Override
  public Long integer(String field) throws BadLine {
    Object cell = cell(field);
    if (cell == null || cell instanceof Long || cell instanceof Integer) {
      return cell == null ? null : ((Number) cell).longValue();
    }
    try {
      return Long.parseLong(cell.toString().strip());
    } catch (NumberFormatException notNumber) {
      throw bad(field, "expected a whole number, found \"" + shortText(cell) + "\"");
    }
  }

  @Override
  public Boolean bool(String field) throws BadLine {
    Object cell = cell(field);
    if (cell == null || cell instanceof Boolean) {
      return (Boolean) cell;
    }
    switch (cell.toString().strip().toLowerCase(Locale.ROOT)) {
      case "true", "t", "1":
        return true;
      case "false", "f", "0":
        return false;
      default:
        throw bad(field, "expected true or false, found \"" + shortText(cell) + "\"");
    }
  }

  @Override
  public Instant instant(String field) throws BadLine {
    Object cell = cell(field);
    if (cell == null) {
      return null;
    }
    if (cell instanceof OffsetDateTime time) {
      return time.toInstant();
    }
    if (cell instanceof Timestamp time) {
      return time.toInstant();
    }
    if (cell instanceof Instant time) {
      return time;
    }
    return RecordedValues.instant(this, field, cell.toString());
  }

  @Override
  public Decision decision() throws BadLine {
    String kind = text("decision");
    if (kind == null) {
      return null;
    }
    String restatesKind = text("restates");
    Decision restates =
        restatesKind == null
            ? null
            : RecordedValues.decision(
                this, "restates", restatesKind, text("restates_reason"), null);
    return RecordedValues.decision(this, "decision", kind, text("reason"), restates);
  }

  private static String shortText(Object cell) {
    return RecordedValues.shorten(cell.toString());
  }
}
