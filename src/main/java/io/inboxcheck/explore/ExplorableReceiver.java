package io.inboxcheck.explore;

import io.inboxcheck.receiver.Receiver;
import io.inboxcheck.receiver.ReceiverSetup;
import java.time.Instant;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

/**
 * A receiver the explorer can search: deterministic, copyable, and able to say canonically what in
 * its state can influence later steps. The reference model is one; a deliberately broken copy of it
 * (a planted bug) is another.
 *
 * <p>The explorer's soundness rests on this contract: whenever two states have equal fingerprints,
 * every later sequence of steps gets the same decisions, the same cards, counters and held inputs,
 * and appends the same audit entries (up to the names of steps), from either state.
 */
public interface ExplorableReceiver extends Receiver {

  /** An independent copy: stepping one never changes the other. */
  ExplorableReceiver copy();

  /**
   * A value that summarises the state canonically, made only of records (with public components),
   * strings, numbers, booleans, enums, lists, sets and maps: the search keeps a 64-bit hash of it
   * ({@code Fingerprint64}), in which sets and maps hash alike whatever their iteration order.
   *
   * @param stepNames the canonical name of the delivery made at a step; step numbers themselves
   *     differ between arrival orders and must not appear in the fingerprint
   * @param retentionClass the class of a first receipt time: times with one class are pruned at the
   *     same later step, so receive times must appear only through it
   */
  Object fingerprint(IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass);

  /**
   * The fingerprint for a search that knows what is still {@code ahead}: a receiver may leave out
   * whatever no later step can read (for the model: the decisions of ids that cannot arrive again,
   * and the order of held inputs whose re-evaluation cannot depend on it). States that differ only
   * there then share the rest of the search; what they did is still counted on the transitions that
   * did it. The contract above must still hold for the value returned. The default leaves nothing
   * out, which is always sound.
   */
  default Object fingerprint(
      IntUnaryOperator stepNames, ToIntFunction<Instant> retentionClass, Ahead ahead) {
    return fingerprint(stepNames, retentionClass);
  }

  /**
   * Whether every decision reads and writes only the cards its envelopes name, the identity record
   * of its own event id and the held inputs naming those cards, and every reconciliation of an
   * object only that object's card and held inputs. Only then may the explorer search independent
   * groups of cards apart (see {@code docs/exploration.md}). A receiver that does not know says no.
   */
  default boolean local() {
    return false;
  }

  /** The reference model as an explorable receiver. */
  static ExplorableReceiver model(ReceiverSetup setup) {
    return new ExplorableModel(setup);
  }
}
