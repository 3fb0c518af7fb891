package com.example.inbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Decisions as the audit writes them: {@code {"decision": "HELD", "reason": "ID_CONFLICT",
 * "restates": null}} (SPEC section 3, docs/receiver-protocol.md).
 */
final class Decisions {
  private Decisions() {}

  static ObjectNode of(String kind) {
    ObjectNode decision = Json.object();
    decision.put("decision", kind);
    decision.putNull("reason");
    decision.putNull("restates");
    return decision;
  }

  static ObjectNode held(String reason) {
    ObjectNode decision = of("HELD");
    decision.put("reason", reason);
    return decision;
  }

  static ObjectNode duplicate(JsonNode restated) {
    ObjectNode decision = of("DUPLICATE");
    decision.set("restates", restated);
    return decision;
  }

  static boolean is(JsonNode decision, String kind) {
    return kind.equals(decision.get("decision").asText());
  }
}
