package io.inboxcheck.zoo;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.HeldInput;
import io.inboxcheck.model.IdentityRecord;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.model.ReplacementCounters;
import io.inboxcheck.model.ViewSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;

/**
 * A view that forwards everything to another; a zoo receiver overrides the one method where its
 * store, or what it decides from, differs from the reference.
 */
class ForwardingView implements ReceiverView {
  private final ReceiverView delegate;

  ForwardingView(ReceiverView delegate) {
    this.delegate = delegate;
  }

  @Override
  public Optional<Card> card(String objectId) {
    return delegate.card(objectId);
  }

  @Override
  public SortedMap<String, Card> cards() {
    return delegate.cards();
  }

  @Override
  public Optional<IdentityRecord> identity(String eventId) {
    return delegate.identity(eventId);
  }

  @Override
  public Collection<IdentityRecord> identities() {
    return delegate.identities();
  }

  @Override
  public List<HeldInput> held() {
    return delegate.held();
  }

  @Override
  public boolean isHeld(int step) {
    return held().stream().anyMatch(input -> input.step() == step);
  }

  @Override
  public List<AuditEntry> audit() {
    return delegate.audit();
  }

  @Override
  public ReplacementCounters replacements() {
    return delegate.replacements();
  }

  @Override
  public ViewSettings settings() {
    return delegate.settings();
  }

  @Override
  public Instant clock() {
    return delegate.clock();
  }

  @Override
  public Duration retention() {
    return delegate.retention();
  }

  @Override
  public Set<String> supportedTypes() {
    return delegate.supportedTypes();
  }
}
