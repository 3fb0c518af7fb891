package io.inboxcheck.conform;

import io.inboxcheck.json.JsonArray;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.StrictJson;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.model.HeldReason;
import io.inboxcheck.model.ReconcileOutcome;
import io.inboxcheck.receiver.Ack;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads one line's fields as a {@link LogLine}, strictly: every field a kind of line needs is there
 * and well-formed, or the line is a {@link BadLine} naming the field and what would be right. The
 * kinds and their fields are those of docs/conform.md and {@code docs/conform-log.schema.json}.
 */
final class LineParser {
  /** Every kind word a line may carry, in both the protocol's and the store's spelling. */
  static final List<String> KINDS =
      List.of(
          "delivery",
          "reconcile",
          "authority",
          "resolved_by_authority",
          "resolution",
          "reevaluated",
          "reevaluation",
          "identity_pruned",
          "clock",
          "settings");

  private final StrictJson json;
  private final long maxEnvelopeChars;

  /** A parser of lines whose recorded envelopes may be up to {@code maxEnvelopeChars} long. */
  LineParser(long maxEnvelopeChars) {
    this.json = new StrictJson(EnvelopeBound.envelopeLimits(maxEnvelopeChars));
    this.maxEnvelopeChars = maxEnvelopeChars;
  }

  LogLine parse(LineFields fields) throws BadLine {
    String kind = fields.text("kind");
    if (kind == null) {
      kind = "delivery";
    }
    return switch (kind) {
      case "delivery" -> delivery(fields);
      case "reconcile" -> reconcile(fields);
      case "authority" -> authority(fields);
      case "resolved_by_authority", "resolution" -> resolution(fields);
      case "reevaluated", "reevaluation" -> reevaluation(fields);
      case "identity_pruned" -> pruned(fields);
      case "clock" -> new LogLine.Clock(fields.position(), at(fields));
      case "settings" -> settings(fields);
      default ->
          throw fields.bad(
              "kind", "unknown kind \"" + kind + "\"; expected one of " + String.join(", ", KINDS));
    };
  }

  private LogLine delivery(LineFields fields) throws BadLine {
    Instant at = at(fields);
    String text = fields.envelopeText("envelope");
    if (text == null) {
      throw fields.bad("envelope", "missing: the envelope exactly as the receiver received it");
    }
    if (text.length() > maxEnvelopeChars) {
      // Read as a body that is not JSON it would be judged HELD MALFORMED: a finding of the bound.
      throw fields.bad(
          "envelope",
          text.length()
              + " characters, over the bound of "
              + maxEnvelopeChars
              + " (raise it with --max-envelope-size)");
    }
    Decision decision = fields.decision();
    Ack ack = ack(fields);
    if (decision == null && ack == null) {
      throw fields.bad(
          "decision",
          "missing: the decision the receiver recorded, or \"ack\": \"NO_ACK\" when it recorded"
              + " none");
    }
    Long arrival = fields.integer("arrival");
    return new LogLine.Delivery(
        fields.position(),
        at,
        envelope(fields.position(), text),
        decision,
        ack,
        arrival == null ? null : arrival(fields, "arrival", arrival),
        names(fields, "paused"));
  }

  /**
   * The envelope as received. A body that is not strict JSON has no identity, so the model decides
   * it HELD MALFORMED (SPEC rule 3.1); it is kept as a string value with its text.
   */
  private Envelope envelope(LinePosition position, String text) {
    try {
      return new Envelope(json.parse(position.describe(), text), text);
    } catch (InputRejected notJson) {
      return new Envelope(new JsonString(text), text);
    }
  }

  private static Ack ack(LineFields fields) throws BadLine {
    String word = fields.text("ack");
    return word == null ? null : RecordedValues.word(fields, "ack", word, Ack.class);
  }

  private static LogLine reconcile(LineFields fields) throws BadLine {
    Instant at = at(fields);
    JsonValue value = fields.json("authority");
    if (!(value instanceof JsonObject objects) || objects.members().isEmpty()) {
      throw fields.bad(
          "authority",
          "expected the authority's snapshot: {\"card-7\": {\"version\": 14, \"state\": {...}}}");
    }
    TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
    for (Map.Entry<String, JsonValue> object : objects.members().entrySet()) {
      String field = "authority";
      if (object.getKey().isEmpty() || !(object.getValue() instanceof JsonObject card)) {
        throw fields.bad(field, "each object is {\"version\": N, \"state\": {...}} under its id");
      }
      long version = RecordedValues.version(fields, field, card.members().get("version"));
      if (!(card.members().get("state") instanceof JsonObject state)) {
        throw fields.bad(field, object.getKey() + ": the state must be a JSON object");
      }
      authority.put(object.getKey(), new AuthoritativeCard(version, state));
    }
    return new LogLine.Reconcile(fields.position(), at, authority);
  }

  private static LogLine authority(LineFields fields) throws BadLine {
    Instant at = at(fields);
    String objectId = required(fields, "object_id");
    String outcome = required(fields, "outcome");
    Boolean regressed = fields.bool("regressed");
    JsonValue before = fields.json("before");
    JsonValue after = fields.json("after");
    if (after == null) {
      throw fields.bad("after", "missing: the card after the authority and its re-evaluations");
    }
    Card beforeCard = before == null ? null : RecordedValues.card(fields, "before", before);
    return new LogLine.Authority(
        fields.position(),
        at,
        objectId,
        RecordedValues.word(fields, "outcome", outcome, ReconcileOutcome.class),
        regressed,
        beforeCard,
        RecordedValues.card(fields, "after", after));
  }

  private static LogLine resolution(LineFields fields) throws BadLine {
    Instant at = at(fields);
    int arrival = requiredArrival(fields);
    HeldReason reason = RecordedValues.heldReason(fields, "reason", required(fields, "reason"));
    if (!reason.resolvedByAuthority()) {
      throw fields.bad("reason", "an authority resolves only ID_CONFLICT and VERSION_CONFLICT");
    }
    return new LogLine.Resolution(
        fields.position(),
        at,
        arrival,
        fields.text("event_id"),
        required(fields, "object_id"),
        reason);
  }

  private static LogLine reevaluation(LineFields fields) throws BadLine {
    Instant at = at(fields);
    int arrival = requiredArrival(fields);
    HeldReason previous =
        RecordedValues.heldReason(fields, "previous_reason", required(fields, "previous_reason"));
    Decision decision = fields.decision();
    if (decision == null) {
      throw fields.bad("decision", "missing: the decision the re-evaluation recorded");
    }
    return new LogLine.Reevaluation(
        fields.position(),
        at,
        arrival,
        fields.text("event_id"),
        required(fields, "object_id"),
        previous,
        decision);
  }

  private static LogLine pruned(LineFields fields) throws BadLine {
    return new LogLine.Pruned(
        fields.position(),
        at(fields),
        required(fields, "event_id"),
        fields.instant("first_received_at"));
  }

  private static LogLine settings(LineFields fields) throws BadLine {
    String retention = fields.text("retention");
    Duration duration =
        retention == null ? null : RecordedValues.duration(fields, "retention", retention);
    List<String> types = names(fields, "supported_types");
    return new LogLine.Settings(
        fields.position(), duration, types == null ? null : new LinkedHashSet<>(types));
  }

  private static Instant at(LineFields fields) throws BadLine {
    Instant at = fields.instant("at");
    if (at == null) {
      throw fields.bad("at", "missing: the receiver clock when the line was recorded");
    }
    return at;
  }

  private static String required(LineFields fields, String field) throws BadLine {
    String text = fields.text(field);
    if (text == null || text.isEmpty()) {
      throw fields.bad(field, "missing");
    }
    return text;
  }

  private static int requiredArrival(LineFields fields) throws BadLine {
    Long arrival = fields.integer("arrival");
    if (arrival == null) {
      throw fields.bad("arrival", "missing: the arrival of the held delivery it names");
    }
    return arrival(fields, "arrival", arrival);
  }

  private static int arrival(LineFields fields, String field, long arrival) throws BadLine {
    if (arrival < 1 || arrival > Integer.MAX_VALUE) {
      throw fields.bad(field, "an arrival is a number from 1 to " + Integer.MAX_VALUE);
    }
    return (int) arrival;
  }

  /** A JSON array of strings, e.g. card ids; null when absent. */
  private static List<String> names(LineFields fields, String field) throws BadLine {
    JsonValue value = fields.json(field);
    if (value == null) {
      return null;
    }
    if (!(value instanceof JsonArray array)) {
      throw fields.bad(field, "expected a JSON array of strings");
    }
    List<String> names = new ArrayList<>();
    for (JsonValue element : array.elements()) {
      if (!(element instanceof JsonString name)) {
        throw fields.bad(field, "expected a JSON array of strings");
      }
      names.add(name.value());
    }
    return names;
  }
}
