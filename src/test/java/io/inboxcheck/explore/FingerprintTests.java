package io.inboxcheck.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.inboxcheck.json.JsonObject;
import io.inboxcheck.json.JsonString;
import io.inboxcheck.json.JsonValue;
import io.inboxcheck.model.Card;
import io.inboxcheck.model.Decision;
import io.inboxcheck.model.HeldReason;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The search's 64-bit state fingerprints and the primitive table that keeps them. */
class FingerprintTests {

  @Test
  void equalValuesHashAlikeWhateverTheIterationOrderOfTheirSetsAndMaps() {
    Map<String, Integer> forward = new LinkedHashMap<>();
    forward.put("a", 1);
    forward.put("b", 2);
    Map<String, Integer> backward = new LinkedHashMap<>();
    backward.put("b", 2);
    backward.put("a", 1);

    assertThat(Fingerprint64.of(forward)).isEqualTo(Fingerprint64.of(backward));
    assertThat(Fingerprint64.of(Set.of("x", "y", "z")))
        .isEqualTo(Fingerprint64.of(new HashSet<>(List.of("z", "y", "x"))));
    assertThat(Fingerprint64.of(card("ready"))).isEqualTo(Fingerprint64.of(card("ready")));
  }

  @Test
  void whatALaterStepCanTellApartHashesApart() {
    assertThat(Fingerprint64.of(List.of("a", "b")))
        .isNotEqualTo(Fingerprint64.of(List.of("b", "a")));
    assertThat(Fingerprint64.of(card("ready"))).isNotEqualTo(Fingerprint64.of(card("readz")));
    assertThat(Fingerprint64.of(new Decision.Held(HeldReason.CARD_PAUSED)))
        .isNotEqualTo(Fingerprint64.of(new Decision.Held(HeldReason.ID_CONFLICT)));
    assertThat(Fingerprint64.of(new Decision.Stale()))
        .isNotEqualTo(Fingerprint64.of(new Decision.SameState()));
    assertThat(Fingerprint64.of(Map.of("a", 1, "b", 2)))
        .as("a map is not the set of its keys and values")
        .isNotEqualTo(Fingerprint64.of(Map.of("a", 2, "b", 1)));
    assertThat(Fingerprint64.of(1)).isNotEqualTo(Fingerprint64.of("1"));
  }

  @Test
  void aValueThatMayNotBeCanonicalIsRefused() {
    assertThatThrownBy(() -> Fingerprint64.of(new StringBuilder("state")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("StringBuilder");
  }

  @Test
  void theTableFindsEveryFingerprintItKeptThroughItsGrowth() {
    long seed = 15;
    Random random = new Random(seed);
    FingerprintTable table = new FingerprintTable();
    Map<Long, Integer> kept = new TreeMap<>();
    kept.put(0L, 0);
    table.put(0L, 0);
    while (kept.size() < 50_000) {
      long fingerprint = random.nextLong() >>> random.nextInt(40);
      if (!kept.containsKey(fingerprint)) {
        kept.put(fingerprint, kept.size());
        table.put(fingerprint, kept.get(fingerprint));
      }
    }

    kept.forEach(
        (fingerprint, node) ->
            assertThat(table.get(fingerprint))
                .as("fingerprint %d (seed %d)", fingerprint, seed)
                .isEqualTo(node));
    assertThat(table.size()).isEqualTo(kept.size());
    assertThat(table.get(-1L)).isEqualTo(-1);
    assertThat(table.bytes()).isLessThan(50_000L * 12 * 3);
  }

  private static Card card(String stage) {
    TreeMap<String, JsonValue> members = new TreeMap<>(Map.of("stage", new JsonString(stage)));
    return new Card(3, new JsonObject(members), false);
  }
}
