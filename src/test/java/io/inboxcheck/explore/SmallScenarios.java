package io.inboxcheck.explore;

import io.inboxcheck.json.read.InputRejected;
import io.inboxcheck.scenario.Scenario;
import io.inboxcheck.scenario.ScenarioReader;

/** Scenarios small enough that every order can also be run on its own. */
final class SmallScenarios {
  private SmallScenarios() {}

  private static final String GUIDE_INITIAL =
      """
      "start": "2024-01-01T08:00:00Z",
      "initial": {
        "card-7": {"version": 10, "state": {"stage": "queued", "label": "Map"}},
        "card-8": {"version": 3, "state": {"stage": "ready", "label": "Chart"}}
      },
      """;

  /**
   * Seven of the guide's deliveries (a duplicate, a stale one, an id conflict) and the authority.
   */
  static Scenario guideSeven() {
    return read(
        "guide-seven",
        """
        {"name": "guide-seven", "description": "seven of the guide's deliveries",
        """
            + GUIDE_INITIAL
            + """
        "steps": [
          {"deliver": {"event_id": "e-201", "object_id": "card-7", "object_version": 12, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map"}}, "received_at": "2024-01-01T08:00:01Z", "ack_lost": true},
          {"deliver": {"event_id": "e-201", "object_id": "card-7", "object_version": 12, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map"}}, "received_at": "2024-01-01T08:00:02Z"},
          {"deliver": {"event_id": "e-200", "object_id": "card-7", "object_version": 11, "type": "card.snapshot", "state": {"stage": "building", "label": "Map"}}, "received_at": "2024-01-01T08:00:03Z"},
          {"deliver": {"event_id": "e-202", "object_id": "card-7", "object_version": 13, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map v2"}}, "received_at": "2024-01-01T08:00:04Z"},
          {"deliver": {"event_id": "e-202", "object_id": "card-7", "object_version": 13, "type": "card.snapshot", "state": {"stage": "ready", "label": "Forge"}}, "received_at": "2024-01-01T08:00:06Z"},
          {"deliver": {"event_id": "e-203", "object_id": "card-7", "object_version": 14, "type": "card.snapshot", "state": {"stage": "archived", "label": "Map v2"}}, "received_at": "2024-01-01T08:00:07Z"},
          {"deliver": {"event_id": "e-205", "object_id": "card-8", "object_version": 4, "type": "card.snapshot", "state": {"stage": "building", "label": "Chart"}}, "received_at": "2024-01-01T08:00:10Z"},
          {"reconcile": {"card-7": {"version": 14, "state": {"stage": "archived", "label": "Map v2"}}, "card-8": {"version": 5, "state": {"stage": "ready", "label": "Chart"}}}, "at": "2024-01-01T08:00:20Z"}
        ],
        "expect_final": {"cards": {"card-7": {"version": 14}, "card-8": {"version": 5}}}}
        """);
  }

  /**
   * Retention ends between deliveries (an advance in the middle), a storage fault and its retry, a
   * missing version and a late variant: the search cannot be split, and which records expire
   * depends on the order.
   */
  static Scenario retentionAndFaults() {
    return read(
        "retention-and-faults",
        """
        {"name": "retention-and-faults", "description": "retention ends mid-scenario",
         "retention": "PT10S",
        """
            + GUIDE_INITIAL
            + """
        "steps": [
          {"deliver": {"event_id": "e-1", "object_id": "card-7", "object_version": 11, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map"}}, "received_at": "2024-01-01T08:00:01Z"},
          {"deliver": {"event_id": "e-1", "object_id": "card-7", "object_version": 11, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map"}}, "received_at": "2024-01-01T08:00:03Z"},
          {"deliver": {"event_id": "e-2", "object_id": "card-7", "object_version": 12, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map 2"}}, "received_at": "2024-01-01T08:00:05Z", "storage_fault": true},
          {"deliver": {"event_id": "e-2", "object_id": "card-7", "object_version": 12, "type": "card.snapshot", "state": {"stage": "ready", "label": "Map 2"}}, "received_at": "2024-01-01T08:00:06Z"},
          {"advance": "PT8S"},
          {"deliver": {"event_id": "e-3", "object_id": "card-8", "type": "card.snapshot", "state": {"stage": "archived", "label": "Chart"}}, "received_at": "2024-01-01T08:00:15Z"},
          {"deliver": {"event_id": "e-1", "object_id": "card-7", "object_version": 13, "type": "card.snapshot", "state": {"stage": "ready", "label": "Other"}}, "received_at": "2024-01-01T08:00:16Z"},
          {"reconcile": {"card-7": {"version": 15, "state": {"stage": "archived", "label": "Map"}}}, "at": "2024-01-01T08:00:20Z"}
        ]}
        """);
  }

  /** Valid, conflict-free deliveries over two cards and no authority: highest version wins. */
  static Scenario conflictFree() {
    return read(
        "conflict-free",
        """
        {"name": "conflict-free", "description": "valid deliveries only",
        """
            + GUIDE_INITIAL
            + """
        "steps": [
          {"deliver": {"event_id": "a-1", "object_id": "card-7", "object_version": 11, "type": "card.snapshot", "state": {"stage": "a", "label": "Map"}}, "received_at": "2024-01-01T08:00:01Z"},
          {"deliver": {"event_id": "a-2", "object_id": "card-7", "object_version": 12, "type": "card.snapshot", "state": {"stage": "b", "label": "Map"}}, "received_at": "2024-01-01T08:00:02Z"},
          {"deliver": {"event_id": "a-3", "object_id": "card-7", "object_version": 13, "type": "card.snapshot", "state": {"stage": "c"}}, "received_at": "2024-01-01T08:00:03Z"},
          {"deliver": {"event_id": "b-1", "object_id": "card-8", "object_version": 4, "type": "card.snapshot", "state": {"stage": "d", "label": "Chart"}}, "received_at": "2024-01-01T08:00:04Z"},
          {"deliver": {"event_id": "b-2", "object_id": "card-8", "object_version": 5, "type": "card.snapshot", "state": {"stage": "e", "label": "Chart"}}, "received_at": "2024-01-01T08:00:05Z"},
          {"deliver": {"event_id": "b-1", "object_id": "card-8", "object_version": 4, "type": "card.snapshot", "state": {"stage": "d", "label": "Chart"}}, "received_at": "2024-01-01T08:00:06Z"}
        ]}
        """);
  }

  static Scenario read(String name, String json) {
    try {
      return new ScenarioReader().read(name + ".json", json);
    } catch (InputRejected rejected) {
      throw new IllegalArgumentException(rejected.getMessage(), rejected);
    }
  }
}
