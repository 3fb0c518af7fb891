package io.inboxcheck.check;

import io.inboxcheck.model.AuditEntry;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One place where a receiver's audit differs from the model's, as data first: the position, the
 * entry each side holds there, and the members that differ, named as the receiver protocol names
 * them ({@code kind}, {@code paused}, {@code after}, ...; docs/receiver-protocol.md). Where the
 * protocol names an arrival, the entry names the step whose delivery that arrival is.
 *
 * @param position the entry's place in the audit, from 1
 * @param expected the model's entry there, null when the model's audit is shorter
 * @param observed the receiver's entry there, null when the receiver's audit is shorter
 */
public record AuditDifference(int position, AuditEntry expected, AuditEntry observed) {

  /** One member that differs, each side's value as text. */
  public record Member(String name, String expected, String observed) {}

  /**
   * The members that differ, in the protocol's order; empty when the two entries are of different
   * kinds or one is missing, which {@link #describe()} then shows whole.
   */
  public List<Member> members() {
    if (expected == null || observed == null || !kind(expected).equals(kind(observed))) {
      return List.of();
    }
    Map<String, String> wanted = members(expected);
    Map<String, String> found = members(observed);
    List<Member> differing = new ArrayList<>();
    wanted.forEach(
        (name, value) -> {
          if (!Objects.equals(value, found.get(name))) {
            differing.add(new Member(name, value, found.get(name)));
          }
        });
    return differing;
  }

  /**
   * One line: which entry, then each member that differs as expected and observed, e.g. {@code
   * audit entry 3 (delivery at step 3, event_id e-3): paused: expected ["card-1"], observed []}.
   */
  public String describe() {
    List<Member> differing = members();
    if (differing.isEmpty()) {
      return "audit entry "
          + position
          + ": expected "
          + whole(expected, "none (the model's audit ends before it)")
          + "; observed "
          + whole(observed, "none (the receiver's audit ends before it)");
    }
    return "audit entry "
        + where()
        + ": "
        + differing.stream()
            .map(
                member ->
                    member.name()
                        + ": expected "
                        + member.expected()
                        + ", observed "
                        + member.observed())
            .collect(Collectors.joining("; "));
  }

  /** The entry's {@code kind} as the protocol spells it. */
  public static String kind(AuditEntry entry) {
    if (entry instanceof AuditEntry.DeliveryRecorded) {
      return "delivery";
    }
    if (entry instanceof AuditEntry.AuthorityApplied) {
      return "authority";
    }
    if (entry instanceof AuditEntry.ResolvedByAuthority) {
      return "resolved_by_authority";
    }
    return entry instanceof AuditEntry.Reevaluated ? "reevaluated" : "identity_pruned";
  }

  /** The whole entry, every member named as the protocol names it. */
  public static String whole(AuditEntry entry, String absent) {
    if (entry == null) {
      return absent;
    }
    return "{kind: "
        + kind(entry)
        + ", "
        + members(entry).entrySet().stream()
            .map(member -> member.getKey() + ": " + member.getValue())
            .collect(Collectors.joining(", "))
        + "}";
  }

  /** Which entry, by position and what the model holds there: {@code 3 (delivery at step 3)}. */
  public String where() {
    return position + " (" + title(expected != null ? expected : observed) + ")";
  }

  private static String title(AuditEntry entry) {
    Map<String, String> members = members(entry);
    String which = members.containsKey("event_id") ? "event_id" : "object_id";
    return kind(entry)
        + " at step "
        + entry.step()
        + (members.containsKey(which) ? ", " + which + " " + members.get(which) : "");
  }

  /** The entry's members in the protocol's order, each value as text; kind aside. */
  static Map<String, String> members(AuditEntry entry) {
    Map<String, String> members = new LinkedHashMap<>();
    members.put("step", String.valueOf(entry.step()));
    members.put("at", entry.at().toString());
    if (entry instanceof AuditEntry.DeliveryRecorded delivery) {
      members.put("event_id", delivery.envelope().eventId().orElse("none"));
      members.put("envelope", delivery.envelope().content().canonicalText());
      members.put("decision", decision(delivery.decision()));
      members.put("variant", String.valueOf(delivery.variant()));
      members.put("paused", strings(delivery.pausedCards()));
    } else if (entry instanceof AuditEntry.AuthorityApplied authority) {
      members.put("object_id", authority.objectId());
      members.put("outcome", authority.outcome().name());
      members.put("regressed", String.valueOf(authority.regressed()));
      members.put("before", card(authority.before()));
      members.put("after", card(authority.after()));
    } else if (entry instanceof AuditEntry.ResolvedByAuthority resolved) {
      members.put("arrival", "the delivery of step " + resolved.heldStep());
      members.put("event_id", resolved.eventId());
      members.put("object_id", resolved.objectId());
      members.put("reason", resolved.reason().name());
    } else if (entry instanceof AuditEntry.Reevaluated reevaluated) {
      members.put("arrival", "the delivery of step " + reevaluated.heldStep());
      members.put("event_id", reevaluated.eventId());
      members.put("object_id", reevaluated.objectId());
      members.put("previous_reason", reevaluated.previousReason().name());
      members.put("decision", decision(reevaluated.decision()));
    } else if (entry instanceof AuditEntry.IdentityPruned pruned) {
      members.put("event_id", pruned.eventId());
      members.put("first_received_at", pruned.firstReceivedAt().toString());
    }
    return members;
  }

  private static String decision(Decision decision) {
    return decision == null ? "none" : decision.describe();
  }

  private static String strings(List<String> values) {
    return values.stream()
        .map(value -> "\"" + value + "\"")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String card(Card card) {
    if (card == null) {
      return "null";
    }
    return "{\"version\": "
        + card.version()
        + ", \"state\": "
        + card.state().canonicalText()
        + ", \"paused\": "
        + card.paused()
        + "}";
  }
}
