package io.inboxcheck.explore;

import io.inboxcheck.model.AuthoritativeCard;
import io.inboxcheck.model.Envelope;
import java.util.List;

/**
 * What a search knows of the steps still ahead of a state, so that a receiver's fingerprint can
 * leave out what none of them can read (see {@link ExplorableReceiver#fingerprint(
 * java.util.function.IntUnaryOperator, java.util.function.ToIntFunction, Ahead)}).
 */
public interface Ahead {

  /** Whether a delivery still to come carries {@code eventId}. */
  boolean mayArrive(String eventId);

  /** The envelope of the delivery with canonical name {@code name}. */
  Envelope envelope(int name);

  /** The envelopes of every delivery searched, one per delivery class. */
  List<Envelope> envelopes();

  /**
   * The authority's card for {@code objectId} at the next reconciliation that lists it, when no
   * reconciliation after that one lists it again; otherwise null.
   */
  AuthoritativeCard lastAuthority(String objectId);
}
