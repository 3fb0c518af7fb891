package io.inboxcheck.engine;

import java.util.Objects;
import java.util.Set;

/** The outcome a property check returns for one generated value. */
public sealed interface Verdict permits Verdict.Pass, Verdict.Fail {

  /** The value satisfied the property. */
  record Pass() implements Verdict {}

  /**
   * The value violated the property.
   *
   * @param signature a short, stable description of the failure mode (for example {@code "invariant
   *     X at step kind Y"}); shrinking only keeps candidates with the same signature, so it must
   *     not contain details that vary with the value, such as ids or counts
   * @param message a human-readable explanation, free to mention the specific value
   * @param alsoBroken the signatures of other checks the same value failed at the same point (the
   *     same mistake seen by another check); shrinking may end at a smaller value failing one of
   *     them, as the smallest demonstration of that mistake
   */
  record Fail(String signature, String message, Set<String> alsoBroken) implements Verdict {

    /** Rejects null or blank signatures, which would make every failure look alike. */
    public Fail {
      Objects.requireNonNull(signature, "signature");
      Objects.requireNonNull(message, "message");
      alsoBroken = Set.copyOf(alsoBroken);
      if (signature.isBlank()) {
        throw new IllegalArgumentException("failure signature must not be blank");
      }
    }

    /** A failure that shows only itself. */
    public Fail(String signature, String message) {
      this(signature, message, Set.of());
    }
  }

  /** The passing verdict. */
  static Verdict pass() {
    return new Pass();
  }

  /** A failing verdict with a stable signature and a descriptive message. */
  static Verdict fail(String signature, String message) {
    return new Fail(signature, message);
  }

  /** A failing verdict whose message is its signature. */
  static Verdict fail(String signature) {
    return new Fail(signature, signature);
  }

  /** Whether this verdict is {@link Pass}. */
  default boolean passed() {
    return this instanceof Pass;
  }
}
