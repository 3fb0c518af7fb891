package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A card: its version, its whole state, and whether it waits for an authority (SPEC 2). */
public record Card(long version, JsonNode state, boolean paused) {
  Card pausedCopy() {
    return new Card(version, state, true);
  }

  boolean sameState(JsonNode other) {
    return Json.canonical(state).equals(Json.canonical(other));
  }

  ObjectNode toJson() {
    ObjectNode card = Json.object();
    card.put("version", version);
    card.set("state", state);
    card.put("paused", paused);
    return card;
  }
}
