"""Accept-then-decide mode of receiver.py: an inbox table and worker threads (SPEC section 3.6).

POST /webhook stores the body in the inbox table (and in arrivals, which gives it its arrival
number) in ONE sqlite transaction, commits, and answers 202: the delivery is durably accepted.
Worker threads, each on its own sqlite connection, decide it later. Deliveries are partitioned by
object_id (a blake2b hash of the id, modulo the number of workers; a delivery without a string
object_id goes to worker 0), so each card's deliveries are decided in arrival order by one worker, while two
workers interleave their cards' decisions in whatever order they get to them. Each decision is ONE
transaction: decide with the receiver's rules at the clock of that moment, write the audit
`delivery` entry with the arrival given at acceptance, delete the inbox row, commit.

Workers poll the inbox every POLL_SECONDS, as a scheduled poller does, so deliveries queue between
polls; POST /inboxcheck/settle wakes them at once and answers when nothing is pending. A process
started on an inbox that still holds deliveries decides them: that is the restart.

The planted mistakes of this mode (receiver.py --mistake, each implies --accept-then-decide):
  queue-in-memory          accepted deliveries go to a queue in memory, not the inbox table,
                           before the 202; a kill loses every delivery still queued.
  dequeue-before-commit    a worker deletes the inbox row and commits, then does its work (a call
                           to another service) and records the decision in a second transaction;
                           a kill in between loses the delivery.
  workers-share-cards      no partitioning: any worker takes any pending delivery, reads the card
                           in one transaction, calls another service, and writes its decision in
                           the next; two workers deciding for one card overwrite each other.
  reprocess-after-restart  a worker commits the decision, then, after other work, deletes the inbox
                           row in a second transaction; a process restarted in between decides the
                           delivery again, so one acknowledged delivery is decided twice.
"""

import hashlib
import random
import sys
import threading
import time
from datetime import datetime, timezone

MISTAKES = ("queue-in-memory", "dequeue-before-commit", "workers-share-cards",
            "reprocess-after-restart")
POLL_SECONDS = 0.1  # how often an idle worker looks at the inbox
SETTLE_SECONDS = 60  # a settle that waits longer answers 503: a worker is stuck
WORK_SECONDS = 0.1  # the call to another service of dequeue-before-commit and reprocess-after-restart: long
# enough that a kill while a settle is in flight (0 to 60 ms after it) lands inside it, as it would
# in a real service whose call takes that long
SHARED_CARD_WORK_SECONDS = 0.01  # the mean time of workers-share-cards' call to another service


class NotAccepted(Exception):
    """The acceptance's write failed: nothing is stored and the answer is not 2xx."""


class Item:
    """One accepted delivery not yet decided."""

    def __init__(self, arrival, envelope, object_key):
        self.arrival = arrival
        self.envelope = envelope
        self.object_key = object_key


class Inbox:
    """The inbox and its workers. All in-memory bookkeeping changes inside a store transaction:
    every store of this process shares one lock, so the view (read in a transaction too) sees the
    tables and this bookkeeping as of one moment."""

    def __init__(self, store, open_store, read_envelope, workers, mistake, wall_clock):
        self.store = store
        self.read_envelope = read_envelope
        self.workers = workers
        self.mistake = mistake
        self.wall_clock = wall_clock  # without the control API the clock is the wall clock
        self.queue = []  # queue-in-memory: the accepted deliveries, in arrival order
        self.in_flight = {}  # dequeue-before-commit: arrival -> Item dequeued, not yet decided
        self.decided = set()  # reprocess-after-restart: arrivals decided, inbox row not yet deleted
        self.claimed = set()  # workers-share-cards: arrivals a worker is deciding
        self.generation = 0  # a reset makes a worker's unfinished second transaction moot
        self.progress = threading.Condition()
        self.wakes = [threading.Event() for _ in range(workers)]
        store.transaction(lambda: store.db.execute(
            "CREATE TABLE IF NOT EXISTS inbox (arrival INTEGER PRIMARY KEY, envelope TEXT NOT NULL,"
            " object_key TEXT)"))
        store.pending = self.pending_view
        store.on_reset = self.forget
        for index in range(workers):
            worker_store = open_store()
            worker_store.lock = store.lock
            threading.Thread(target=self.run, args=(index, worker_store), daemon=True,
                             name="worker-%d" % index).start()

    # acceptance (the request)

    def accept(self, text):
        """Stores the delivery durably with its arrival number; raises NotAccepted on a storage
        fault (POST fail-next-write)."""
        envelope = self.read_envelope(text)
        object_id = envelope.get("object_id") if isinstance(envelope, dict) else None
        object_key = object_id if isinstance(object_id, str) else None
        store = self.store

        def work():
            if store.fail_next_write:
                store.fail_next_write = False
                raise NotAccepted()
            stored = store.db.execute("SELECT COALESCE(MAX(arrival), 0) FROM arrivals").fetchone()[0]
            if self.mistake == "queue-in-memory":
                arrival = max([stored] + [item.arrival for item in self.queue]) + 1
                self.queue.append(Item(arrival, text, object_key))  # the mistake: memory only
                return arrival
            arrival = stored + 1
            store.db.execute("INSERT INTO arrivals VALUES (?, ?)", (arrival, text))
            store.db.execute("INSERT INTO inbox VALUES (?, ?, ?)", (arrival, text, object_key))
            return arrival

        return store.transaction(work)

    def settle(self):
        """Wakes the workers and waits until nothing is pending; False after SETTLE_SECONDS."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            for wake in self.wakes:
                wake.set()
            if not self.store.transaction(lambda: self.pending_items(self.store.db)):
                return True
            if time.monotonic() > deadline:
                return False
            with self.progress:
                self.progress.wait(0.02)

    # what is pending: accepted and not decided

    def rows(self, db):
        if self.mistake == "queue-in-memory":
            return list(self.queue)
        return [Item(arrival, None, key) for arrival, key in
                db.execute("SELECT arrival, object_key FROM inbox ORDER BY arrival").fetchall()]

    def pending_items(self, db):
        items = [item for item in self.rows(db) if item.arrival not in self.decided]
        items.extend(self.in_flight.values())
        return sorted(items, key=lambda item: item.arrival)

    def pending_view(self, db):
        return [{"arrival": item.arrival, "envelope": self.text(db, item)}
                for item in self.pending_items(db)]

    def text(self, db, item):
        if item.envelope is None:
            item.envelope = db.execute("SELECT envelope FROM inbox WHERE arrival=?",
                                       (item.arrival,)).fetchone()[0]
        return item.envelope

    def forget(self):
        """Called inside the reset's transaction: the tables are new, so is the bookkeeping."""
        self.queue.clear()
        self.in_flight.clear()
        self.decided.clear()
        self.claimed.clear()
        self.generation += 1

    # the workers

    def run(self, index, store):
        while True:
            self.wakes[index].wait(POLL_SECONDS)
            self.wakes[index].clear()
            try:
                while self.decide_next(index, store):
                    with self.progress:
                        self.progress.notify_all()
            except Exception as error:  # left in the inbox: the next poll tries it again
                print("receiver.py: worker %d: %r" % (index, error), file=sys.stderr, flush=True)

    def next_item(self, index, db):
        """The oldest pending delivery of this worker's partition (of any, for workers-share-cards)."""
        for item in self.rows(db):
            if item.arrival in self.decided or item.arrival in self.claimed:
                continue
            if self.mistake == "workers-share-cards" or self.partition(item) == index:
                self.text(db, item)
                return item
        return None

    def partition(self, item):
        if item.object_key is None:
            return 0
        # A stable hash (Python's own hash() differs between processes, so a restarted process
        # would split the inbox otherwise), and a mixing one: crc32's low bits are linear in the
        # input's bits, so card-1, card-2 and card-3 would all land on the same of two workers.
        digest = hashlib.blake2b(item.object_key.encode("utf-8"), digest_size=8).digest()
        return int.from_bytes(digest, "big") % self.workers

    def decide_next(self, index, store):
        """Decides one delivery of this worker's; False when it has none."""
        if self.wall_clock and store.transaction(lambda: self.next_item(index, store.db)):
            store.move_clock(max(now_instant(), store.transaction(lambda: store.setting("clock"))))
        steps = {"dequeue-before-commit": self.dequeue_then_decide,
                 "workers-share-cards": self.read_then_write,
                 "reprocess-after-restart": self.decide_then_dequeue}
        return steps.get(self.mistake, self.decide_in_one)(index, store)

    def decide(self, store, item):
        envelope = self.read_envelope(item.envelope, store.mistake == "bounded-parser-raises")
        return envelope, store.decide(envelope)

    def dequeue(self, db, item):
        if self.mistake == "queue-in-memory":
            self.queue.remove(item)
        else:
            db.execute("DELETE FROM inbox WHERE arrival=?", (item.arrival,))

    def decide_in_one(self, index, store):
        """The design: decide, record with the arrival of acceptance, dequeue, one COMMIT."""
        def work():
            item = self.next_item(index, store.db)
            if item is None:
                return False
            envelope, outcome = self.decide(store, item)
            store.commit(item.envelope, envelope, outcome, arrival=item.arrival)
            self.dequeue(store.db, item)
            return True

        return store.transaction(work)

    def dequeue_then_decide(self, index, store):
        """The dequeue-before-commit mistake: the row is gone before the decision is recorded."""
        def take():
            item = self.next_item(index, store.db)
            if item is not None:
                self.dequeue(store.db, item)
                self.in_flight[item.arrival] = item
            return item, self.generation

        item, generation = store.transaction(take)
        if item is None:
            return False
        time.sleep(WORK_SECONDS)  # the work: a call to another service

        def record():
            if generation == self.generation:
                envelope, outcome = self.decide(store, item)
                store.commit(item.envelope, envelope, outcome, arrival=item.arrival)
                del self.in_flight[item.arrival]

        store.transaction(record)
        return True

    def read_then_write(self, index, store):
        """The workers-share-cards mistake: the card read in one transaction, the decision written
        in the next, and no partition keeps another worker off the card in between."""
        def read():
            item = self.next_item(index, store.db)
            if item is None:
                return None
            decided = self.decide(store, item)
            self.claimed.add(item.arrival)
            return item, decided, self.generation

        taken = store.transaction(read)
        if taken is None:
            return False
        item, (envelope, outcome), generation = taken
        # The work: a call to another service, as long as such calls take, longer or shorter.
        time.sleep(random.uniform(0, 2 * SHARED_CARD_WORK_SECONDS))

        def write():
            if generation == self.generation:
                store.commit(item.envelope, envelope, outcome, arrival=item.arrival)
                self.dequeue(store.db, item)
                self.claimed.discard(item.arrival)

        store.transaction(write)
        return True

    def decide_then_dequeue(self, index, store):
        """The reprocess-after-restart mistake: decision and dequeue are two commits."""
        def record():
            item = self.next_item(index, store.db)
            if item is not None:
                envelope, outcome = self.decide(store, item)
                store.commit(item.envelope, envelope, outcome, arrival=item.arrival)
                self.decided.add(item.arrival)
            return item, self.generation

        item, generation = store.transaction(record)
        if item is None:
            return False
        time.sleep(WORK_SECONDS)  # the work after the decision: notifying another service

        def dequeue():
            if generation == self.generation:
                self.dequeue(store.db, item)
                self.decided.discard(item.arrival)

        store.transaction(dequeue)
        return True


def now_instant():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
