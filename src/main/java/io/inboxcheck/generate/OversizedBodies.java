package io.inboxcheck.generate;

import io.inboxcheck.engine.Choices;
import io.inboxcheck.json.DeliveryBounds;
import io.inboxcheck.json.JsonNumber;
import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.json.read.LargeBodies;
import io.inboxcheck.model.Envelope;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * Bodies at each delivery bound of SPEC section 1.5, one past it, and far past it: a body of
 * exactly the largest size, one byte more and a quarter more; nesting at the bound, one level
 * deeper, 1,000 and 100,000 levels (where common parsers give up); a string and a number at their
 * bounds and one character longer. At a bound a body is decided like any other; past one it is
 * {@code HELD MALFORMED} and acknowledged, and a receiver that refuses it makes a poison message.
 * Large bodies are described ({@link LargeBodies}), so a step costs one string of that size and no
 * parsed tree.
 */
public final class OversizedBodies {
  /** The family's members, each with the label a delivery of it earns. */
  public enum Shape {
    SIZE_AT("bounds:size_at"),
    SIZE_PAST("bounds:size_past"),
    SIZE_FAR_PAST("bounds:size_far_past"),
    DEPTH_AT("bounds:depth_at"),
    DEPTH_PAST("bounds:depth_past"),
    DEPTH_1000("bounds:depth_1000"),
    DEPTH_100000("bounds:depth_100000"),
    STRING_AT("bounds:string_at"),
    STRING_PAST("bounds:string_past"),
    NUMBER_AT("bounds:number_at"),
    NUMBER_PAST("bounds:number_past");

    private final String label;

    Shape(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** The state member that carries a string or number at its bound. */
  static final String LONG_TEXT = "long_text";

  static final String LONG_NUMBER = "long_number";

  private static final DeliveryBounds BOUNDS = DeliveryBounds.DEFAULT;

  private OversizedBodies() {}

  /** One body of the family, drawn, made from the well-formed {@code envelope}. */
  static Envelope draw(Choices choices, JsonObject envelope) {
    return body(choices.pick(List.of(Shape.values())), envelope);
  }

  /** The body of {@code shape} made from {@code envelope}. */
  static Envelope body(Shape shape, JsonObject envelope) {
    String text = envelope.canonicalText();
    return switch (shape) {
      case SIZE_AT -> padded(envelope, BOUNDS.maxBodyBytes(), true);
      case SIZE_PAST -> padded(envelope, BOUNDS.maxBodyBytes() + 1, false);
      case SIZE_FAR_PAST -> padded(envelope, BOUNDS.maxBodyBytes() * 5 / 4, false);
      case DEPTH_AT -> nested(text, BOUNDS.maxNestingDepth());
      case DEPTH_PAST -> nested(text, BOUNDS.maxNestingDepth() + 1);
      case DEPTH_1000 -> nested(text, 1_000);
      case DEPTH_100000 -> nested(text, 100_000);
      case STRING_AT -> withState(envelope, LONG_TEXT, longText(BOUNDS.maxStringLength()));
      case STRING_PAST -> withState(envelope, LONG_TEXT, longText(BOUNDS.maxStringLength() + 1));
      case NUMBER_AT -> withState(envelope, LONG_NUMBER, longNumber(BOUNDS.maxNumberLength()));
      case NUMBER_PAST ->
          withState(envelope, LONG_NUMBER, longNumber(BOUNDS.maxNumberLength() + 1));
    };
  }

  /**
   * The shape a delivered body has, if it is one of the family: read off its description and its
   * state, without measuring every byte of every body.
   */
  public static Optional<Shape> shapeOf(Envelope envelope) {
    String text = envelope.text();
    if (text.length() < BOUNDS.maxStringLength()
        && !text.contains(LONG_NUMBER)
        && !text.contains(LargeBodies.NESTED)) {
      return Optional.empty();
    }
    if (text.length() > BOUNDS.maxBodyBytes() / 2) {
      long bytes = LargeBodies.utf8Length(text);
      return bytes == BOUNDS.maxBodyBytes()
          ? Optional.of(Shape.SIZE_AT)
          : bytes == BOUNDS.maxBodyBytes() + 1
              ? Optional.of(Shape.SIZE_PAST)
              : bytes > BOUNDS.maxBodyBytes() ? Optional.of(Shape.SIZE_FAR_PAST) : Optional.empty();
    }
    Optional<LargeBodies.Description> described = LargeBodies.described(text);
    if (described.isPresent() && described.get().nestToDepth() > 0) {
      int depth = described.get().nestToDepth();
      return switch (depth - BOUNDS.maxNestingDepth()) {
        case 0 -> Optional.of(Shape.DEPTH_AT);
        case 1 -> Optional.of(Shape.DEPTH_PAST);
        default ->
            depth == 1_000
                ? Optional.of(Shape.DEPTH_1000)
                : depth == 100_000 ? Optional.of(Shape.DEPTH_100000) : Optional.empty();
      };
    }
    return stateShape(envelope);
  }

  private static Optional<Shape> stateShape(Envelope envelope) {
    if (!(envelope.content() instanceof JsonObject object)
        || !(object.get(Envelope.STATE).orElse(null) instanceof JsonObject state)) {
      return Optional.empty();
    }
    if (state.get(LONG_TEXT).orElse(null) instanceof JsonString string) {
      int length = string.value().codePointCount(0, string.value().length());
      return length == BOUNDS.maxStringLength()
          ? Optional.of(Shape.STRING_AT)
          : length == BOUNDS.maxStringLength() + 1
              ? Optional.of(Shape.STRING_PAST)
              : Optional.empty();
    }
    if (state.get(LONG_NUMBER).orElse(null) instanceof JsonNumber number) {
      int length = number.text().length();
      return length == BOUNDS.maxNumberLength()
          ? Optional.of(Shape.NUMBER_AT)
          : length == BOUNDS.maxNumberLength() + 1
              ? Optional.of(Shape.NUMBER_PAST)
              : Optional.empty();
    }
    return Optional.empty();
  }

  /**
   * Spaces only: the same content, so the body maps back to the envelope it was made from. Whether
   * it is within the size bound is known by construction (and checked against the model's own
   * measure by the tests), so megabytes of spaces are not measured again for every step.
   */
  private static Envelope padded(JsonObject envelope, long bytes, boolean withinBounds) {
    return new Envelope(
        envelope, LargeBodies.padded(envelope.canonicalText(), bytes), withinBounds);
  }

  private static Envelope nested(String text, int depth) {
    String body = LargeBodies.nested(text, depth);
    return new Envelope(LargeBodies.content(body), body);
  }

  private static Envelope withState(JsonObject envelope, String key, JsonValue value) {
    JsonObject state =
        envelope.get(Envelope.STATE).orElse(JsonObject.EMPTY) instanceof JsonObject object
            ? object
            : JsonObject.EMPTY;
    return new Envelope(envelope.with(Envelope.STATE, state.with(key, value)));
  }

  private static JsonValue longText(int characters) {
    return new JsonString("x".repeat(characters));
  }

  /** A number of {@code characters} digits, all ones, so it is written plain, without exponent. */
  private static JsonValue longNumber(int characters) {
    return new JsonNumber(new BigDecimal("1".repeat(characters)));
  }
}
