package io.inboxcheck.generate;

import io.inboxcheck.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * What the provider knows about one card: its snapshots in version order. Deliveries are derived
 * from this truth, with faults; authorities state it.
 */
final class ProviderTruth {
  /** One snapshot the provider produced, with the event id that carries it. */
  record Snapshot(
      String objectId, String eventId, long version, JsonObject state, String occurredAt) {}

  private final String objectId;
  private final long initialVersion;
  private final JsonObject initialState;
  private final List<Snapshot> snapshots = new ArrayList<>();
  private final List<Snapshot> undelivered = new ArrayList<>();

  ProviderTruth(String objectId, long initialVersion, JsonObject initialState) {
    this.objectId = objectId;
    this.initialVersion = initialVersion;
    this.initialState = initialState;
  }

  String objectId() {
    return objectId;
  }

  long latestVersion() {
    return snapshots.isEmpty() ? initialVersion : snapshots.get(snapshots.size() - 1).version();
  }

  JsonObject latestState() {
    return snapshots.isEmpty() ? initialState : snapshots.get(snapshots.size() - 1).state();
  }

  /** The version and state at position {@code index} of the history, 0 being the initial one. */
  long versionAt(int index) {
    return index == 0 ? initialVersion : snapshots.get(index - 1).version();
  }

  JsonObject stateAt(int index) {
    return index == 0 ? initialState : snapshots.get(index - 1).state();
  }

  int historyLength() {
    return snapshots.size() + 1;
  }

  void add(Snapshot snapshot, boolean delivered) {
    snapshots.add(snapshot);
    if (!delivered) {
      undelivered.add(snapshot);
    }
  }

  List<Snapshot> undelivered() {
    return undelivered;
  }
}
