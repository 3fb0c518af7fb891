package io.inboxcheck.concurrent;

import static io.inboxcheck.concurrent.SerialisabilityCheckTests.guide;
import static io.inboxcheck.concurrent.SerialisabilityCheckTests.replacing;
import static io.inboxcheck.concurrent.SerialisabilityCheckTests.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.inboxcheck.check.Violation;
import io.inboxcheck.model.ReceiverView;
import io.inboxcheck.receiver.ModelReceiver;
import io.inboxcheck.receiver.Transport;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A view read while writers run must show each transaction whole. The model's views are, so each
 * broken view here is the model's with one table read at another moment: the check names what the
 * audit lists and that table lacks.
 */
class ViewSnapshotTests {
  @Test
  void aConsistentViewPasses() {
    assertThat(ViewSnapshot.check(guide(), twoDeliveries())).isEmpty();
  }

  @Test
  void anAuditedIdWithoutItsIdentityRecordIsCaught() {
    ReceiverView view = twoDeliveries();
    ReceiverView identitiesReadEarlier = replacing(view, "identities", List.of());

    assertThat(ViewSnapshot.check(guide(), identitiesReadEarlier))
        .extracting(Violation::describe)
        .anySatisfy(
            problem ->
                assertThat(problem)
                    .startsWith("FIRST_RECORD_KEPT")
                    .contains("event id e-2")
                    .contains("identity record absent"));
  }

  @Test
  void anAuditedHeldInputMissingFromTheHeldListIsCaught() {
    ReceiverView view = twoDeliveries();
    ReceiverView heldReadEarlier = replacing(view, "held", List.of());

    assertThat(ViewSnapshot.check(guide(), heldReadEarlier))
        .extracting(Violation::describe)
        .anySatisfy(problem -> assertThat(problem).startsWith("NOTHING_LOST"));
  }

  /** e-1 APPLIED to card-7, e-2 held for an unknown card. */
  private static ReceiverView twoDeliveries() {
    ModelReceiver model = new ModelReceiver(guide());
    model.deliver(1, snapshot("e-1", "card-7", 11, "eleven"), Transport.PLAIN);
    model.deliver(2, snapshot("e-2", "card-99", 1, "one"), Transport.PLAIN);
    return model.view();
  }
}
