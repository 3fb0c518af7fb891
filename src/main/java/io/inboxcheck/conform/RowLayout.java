package io.inboxcheck.conform;

import io.inboxcheck.json.read.InputRejected;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which column of a row holds which field: the columns named like the fields of docs/conform.md,
 * unless {@code --columns field=column,...} maps a field to another column. Made once per table or
 * CSV file, from its column names.
 */
final class RowLayout {
  /**
   * The fields a row may hold, in the row vocabulary: {@code event} is the envelope text and {@code
   * received_at} the time of any line.
   */
  static final List<String> FIELDS =
      List.of(
          "kind",
          "event",
          "received_at",
          "decision",
          "reason",
          "restates",
          "restates_reason",
          "ack",
          "arrival",
          "paused",
          "event_id",
          "object_id",
          "outcome",
          "regressed",
          "before",
          "after",
          "authority",
          "previous_reason",
          "first_received_at",
          "retention",
          "supported_types");

  /** The JSON Lines names of the two fields whose row names differ. */
  private static final Map<String, String> ALIASES =
      Map.of("envelope", "event", "at", "received_at");

  private final List<String> columns;
  private final Map<String, Integer> columnOfField = new LinkedHashMap<>();

  private RowLayout(List<String> columns) {
    this.columns = List.copyOf(columns);
  }

  /**
   * The layout of rows with {@code columns}; {@code mapping} maps fields to columns and must name
   * existing ones.
   */
  static RowLayout of(String source, List<String> columns, Map<String, String> mapping)
      throws InputRejected {
    RowLayout layout = new RowLayout(columns);
    for (String field : FIELDS) {
      int column = columns.indexOf(field);
      if (column >= 0) {
        layout.columnOfField.put(field, column);
      }
    }
    for (Map.Entry<String, String> mapped : mapping.entrySet()) {
      String field = rowName(mapped.getKey());
      if (!FIELDS.contains(field)) {
        throw new InputRejected(
            source,
            "--columns",
            "unknown field \"" + mapped.getKey() + "\"; fields are " + String.join(", ", FIELDS));
      }
      int column = columns.indexOf(mapped.getValue());
      if (column < 0) {
        throw new InputRejected(
            source,
            "--columns " + mapped.getKey() + "=" + mapped.getValue(),
            "no column \""
                + mapped.getValue()
                + "\"; the columns are "
                + String.join(", ", columns));
      }
      layout.columnOfField.put(field, column);
    }
    return layout;
  }

  /** The row vocabulary's name of a field given in either vocabulary. */
  static String rowName(String field) {
    return ALIASES.getOrDefault(field, field);
  }

  /** The column index of a field (JSON Lines or row name), or -1 when no column holds it. */
  int column(String field) {
    return columnOfField.getOrDefault(rowName(field), -1);
  }

  /** How a message names a field: {@code column ts (received_at)}. */
  String label(String field) {
    String rowName = rowName(field);
    int column = column(field);
    if (column < 0) {
      return "field "
          + rowName
          + " (no column holds it; map one with --columns "
          + rowName
          + "=COLUMN)";
    }
    String name = columns.get(column);
    return "column " + name + (name.equals(rowName) ? "" : " (" + rowName + ")");
  }
}
