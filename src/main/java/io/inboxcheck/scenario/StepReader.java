package io.inboxcheck.scenario;

import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import io.inboxcheck.receiver.Transport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the steps of a scenario file (SPEC section 9): one {@code deliver}, {@code reconcile} or
 * {@code advance} each, with only the fields of its kind, its time never before the receiver clock,
 * and a delivery's body described rather than spelled when it says so (SPEC 1.5).
 */
final class StepReader {
  static final Set<String> DELIVER_KEYS =
      Set.of(
          "deliver",
          "received_at",
          "ack_lost",
          "attempt",
          "storage_fault",
          "pad_to_bytes",
          "nest_to_depth",
          "expect",
          "note");
  static final Set<String> RECONCILE_KEYS = Set.of("reconcile", "at", "expect", "note");
  static final Set<String> ADVANCE_KEYS = Set.of("advance", "expect", "note");

  private StepReader() {}

  /**
   * The steps in file order, numbered from 1, the clock starting at {@code start}; {@code raw}
   * holds each delivery's text as written, where it is known.
   */
  static List<ScenarioStep> steps(List<Located> nodes, Instant start, List<String> raw)
      throws InputRejected {
    List<ScenarioStep> steps = new ArrayList<>();
    Instant clock = start;
    for (int index = 0; index < nodes.size(); index++) {
      String rawDelivery = index < raw.size() ? raw.get(index) : null;
      ScenarioStep step = step(nodes.get(index), index + 1, clock, rawDelivery);
      if (step.time() != null) {
        clock = step.time();
      }
      steps.add(step);
    }
    return steps;
  }

  /**
   * The text of a delivery described rather than spelled (SPEC 1.5): nested to {@code
   * nest_to_depth} levels by a last member {@code nested}, then padded with spaces before its
   * closing brace to {@code pad_to_bytes} bytes of UTF-8, up to twice the body bound.
   */
  private static String described(Located node, String rawDelivery) throws InputRejected {
    Located envelope = node.member("deliver").get();
    String text = rawDelivery != null ? rawDelivery : envelope.value().canonicalText();
    Optional<Located> depth = node.member("nest_to_depth");
    Optional<Located> bytes = node.member("pad_to_bytes");
    if (depth.isEmpty() && bytes.isEmpty()) {
      return rawDelivery;
    }
    Located describing = depth.isPresent() ? depth.get() : bytes.get();
    if (!(envelope.value() instanceof JsonObject) || !text.endsWith("}")) {
      throw describing.rejected(
          "expected an envelope that is a JSON object to describe, found another value");
    }
    if (depth.isPresent()) {
      long levels = depth.get().nonNegativeInteger("a nesting depth");
      if (levels < 2 || levels > MAX_DESCRIBED_DEPTH) {
        throw depth
            .get()
            .rejected(
                "expected a nesting depth from 2 to " + MAX_DESCRIBED_DEPTH + ", found " + levels);
      }
      if (((JsonObject) envelope.value()).get(LargeBodies.NESTED).isPresent()) {
        throw depth
            .get()
            .rejected(
                "expected an envelope without a member \"nested\", which nest_to_depth adds; found one");
      }
      text = LargeBodies.nested(text, (int) levels);
    }
    if (bytes.isPresent()) {
      text = padded(text, bytes.get());
    }
    return text;
  }

  /** The deepest nesting a step may describe: far past every parser's default. */
  static final int MAX_DESCRIBED_DEPTH = 1_000_000;

  private static String padded(String text, Located target) throws InputRejected {
    long bytes = target.nonNegativeInteger("a body length in bytes");
    long length = text.getBytes(StandardCharsets.UTF_8).length;
    long largest = 2 * DeliveryBounds.DEFAULT.maxBodyBytes();
    if (bytes < length || bytes > largest) {
      throw target.rejected(
          "expected a body length from the envelope's own "
              + length
              + " bytes to "
              + largest
              + ", found "
              + bytes);
    }
    return LargeBodies.padded(text, bytes);
  }

  private static ScenarioStep step(Located node, int number, Instant clock, String rawDelivery)
      throws InputRejected {
    node.object("a step");
    ScenarioReader.text(node.member("note"), "a note", "");
    JsonObject expect = null;
    if (node.member("deliver").isPresent()) {
      node.onlyKeys(DELIVER_KEYS, "a deliver step");
      Instant receivedAt = timeNotBefore(node.member("received_at"), clock);
      Transport transport =
          new Transport(
              flag(node.member("ack_lost")),
              node.member("attempt").isPresent()
                  ? (int)
                      Math.min(
                          Integer.MAX_VALUE,
                          node.member("attempt").get().nonNegativeInteger("an attempt number"))
                  : null,
              flag(node.member("storage_fault")));
      if (node.member("expect").isPresent()) {
        expect = ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.DELIVER);
      }
      String text = described(node, rawDelivery);
      JsonValue content =
          node.member("nest_to_depth").isPresent()
              ? LargeBodies.content(text)
              : node.member("deliver").get().value();
      Envelope envelope = new Envelope(content, text);
      return new ScenarioStep.Deliver(number, envelope, receivedAt, transport, expect);
    }
    if (node.member("reconcile").isPresent()) {
      node.onlyKeys(RECONCILE_KEYS, "a reconcile step");
      Instant at = timeNotBefore(node.member("at"), clock);
      Located authorityNode = node.member("reconcile").get();
      TreeMap<String, AuthoritativeCard> authority = new TreeMap<>();
      for (Map.Entry<String, JsonValue> entry :
          authorityNode.object("an authoritative snapshot").members().entrySet()) {
        authority.put(
            entry.getKey(),
            ScenarioReader.versionAndState(authorityNode.child(entry.getKey(), entry.getValue())));
      }
      if (node.member("expect").isPresent()) {
        expect =
            ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.RECONCILE);
      }
      return new ScenarioStep.Reconcile(number, authority, at, expect);
    }
    if (node.member("advance").isPresent()) {
      node.onlyKeys(ADVANCE_KEYS, "an advance step");
      Duration by = ScenarioReader.duration(node.member("advance")).orElseThrow();
      if (node.member("expect").isPresent()) {
        expect = ExpectationShape.step(node.member("expect").get(), Expectations.StepKind.ADVANCE);
      }
      return new ScenarioStep.Advance(number, by, clock.plus(by), expect);
    }
    throw node.rejected(
        "unknown step kind with fields "
            + Located.sorted(node.object("a step").members().keySet())
            + "; a step has exactly one of \"deliver\", \"reconcile\" or \"advance\"");
  }

  private static Instant timeNotBefore(Optional<Located> node, Instant clock) throws InputRejected {
    if (node.isEmpty()) {
      return null;
    }
    Instant time = ScenarioReader.instant(node.get());
    if (time.isBefore(clock)) {
      throw node.get()
          .rejected(
              "time "
                  + time
                  + " is before the receiver clock "
                  + clock
                  + "; step times never go backwards");
    }
    return time;
  }

  private static boolean flag(Optional<Located> node) throws InputRejected {
    return node.isPresent() && node.get().bool();
  }
}
