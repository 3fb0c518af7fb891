#!/usr/bin/env python3
"""A webhook receiver for card.snapshot events that keeps inboxcheck's policy (SPEC sections 3-5).

Standard library only: http.server for the webhook, sqlite3 (one file under INBOXCHECK_DATA) for
durable state. Every delivery is decided and recorded in ONE sqlite transaction, committed before
the 2xx answer, so an answer of 2xx always means "recorded durably".

--accept-then-decide (or INBOXCHECK_ACCEPT_THEN_DECIDE=1) is the other common design, in inbox.py:
the request only stores the delivery in an inbox table and answers 202 ("acknowledges": "accepted"
in the reset answer), and --workers N threads (default 2, or INBOXCHECK_WORKERS) decide it later,
each decision one transaction, deliveries partitioned among the workers by object_id. POST
/inboxcheck/settle answers once nothing is pending; the view lists what is as "pending".

It speaks inboxcheck-receiver-protocol/1 (docs/receiver-protocol.md):
  POST /webhook                      the envelope as the provider sent it; 2xx = ACK
  /inboxcheck/{reset,clock,reconcile,view,fail-next-write,settle}
                                     the control API: mounted only when INBOXCHECK_CONTROL=1, and
                                     every request must carry Inboxcheck-Secret equal to
                                     INBOXCHECK_CONTROL_SECRET, else 403 and nothing changes.

--mistake (or INBOXCHECK_MISTAKE) plants one mistake, to show that the harness catches it:
  last-arrival-wins     whatever arrives last is applied, whatever its version.
  ack-before-commit     answers leave before their COMMIT, which a background thread issues a
                        little later (a write-behind "group commit"); nothing shows until the
                        process is killed, which `check --crash` does.
  answer-before-commit  the handler writes its 2xx as soon as the decision is made, then records
                        it and COMMITs, in the same request: the answer is out a fraction of a
                        millisecond before the decision is durable.
  sliding-retention     every duplicate restarts its id's retention window (a cache key whose
                        time to live is reset on each hit), so an id redelivered now and then is
                        never let go of; nothing shows until a redelivery comes after the window
                        the first receipt opened, which `inboxcheck conform` finds in the
                        receiver's own audit.
  state-text            SAME_STATE is decided on the state's text as sent, so 12 and 12.0 differ.
  ids-ignore-case       event ids are kept under a case-insensitive collation (COLLATE NOCASE):
                        E-3 is taken for a redelivery of e-3.
  event-id-as-text      event_id is read with str(), so a number, true or null becomes an id.
  strip-ids             event_id, object_id and type are read with .strip(), as a form binder
                        does: "card-1 " is taken for card-1 and "e-3 " for a redelivery of e-3.
  dict-equality         SAME_STATE is decided on the parsed states with ==, where 0 == False:
                        {"detail": 0} and {"detail": false} are taken for one state.
  whole-seconds         retention is counted in whole seconds: the clock, first_received_at and
                        the retention are cut to whole seconds (an INTEGER column), so an id
                        received at .700 is pruned up to 700 ms early and a retention of half a
                        second prunes at the next clock move, however small.
  stuck-in-progress     each delivery first marks its event id "in progress" (committed at once),
                        then does its work (a call to another service) and records the decision;
                        only a delivery that succeeds clears the mark. A kill or a failed write in
                        between leaves the mark, and every later copy of that id is answered 409
                        "already in progress": the provider retries until it gives up, and the
                        delivery is lost.
  reconcile-not-atomic  a reconciliation reads in one transaction and writes in another, on its own
                        connection, outside the delivery lock, confirming the object with the
                        provider in between: a delivery committed meanwhile is neither re-evaluated
                        nor kept paused.
  shared-answer         each request's decision is handed to its answer through one slot every
                        request thread shares (a "last result" kept for a metrics call made
                        between the commit and the answer): two deliveries in flight together may
                        each be answered the other's decision (check --concurrency).
  two-transactions      each delivery is checked against the provider's schema service first (a
                        20 ms call), then its decision and audit entry are committed, the event is
                        published to a queue (10 ms), and the card is written in a second
                        transaction: a kill late in the request, between the two, leaves an audit
                        that says APPLIED over a card that never moved (check --crash).
  compact-on-start      every start warms a cache (100 ms), then compacts the cards table: copies it
                        aside and empties it in one transaction, vacuums (500 ms), prints its
                        address, vacuums again (500 ms, requests waiting) and copies the cards back
                        in the next; a start first drops a copy left by a start that did not
                        finish. A kill late in a start, between the two, loses every card (check
                        --crash).
  reevaluate-later      a reconciliation commits the authority's card, its resolutions and its audit
                        entry, loads the rules (100 ms, no lock held), and replays the card's held
                        inputs in the next transaction against the card as it then stands: a
                        delivery for the card in between is judged ahead of the inputs held before
                        it (check --concurrency).
  sweep-by-list         a clock move commits the new clock and drops the ids whose retention ended
                        from its lookup, publishes them (100 ms, no lock held), and deletes their
                        records by id in the next transaction: a redelivery in between is recorded
                        afresh, and the sweep deletes the fresh record (check --concurrency).
  bounded-parser-raises the JSON parser's bounds raise, and the error answers 500, as a framework's
                        default error handler does: a body past a bound (SPEC section 1.5) is
                        refused on every retry instead of held MALFORMED, a poison message.
The mistakes of --accept-then-decide (each implies it; inbox.py says more):
  queue-in-memory       accepted deliveries wait in a queue in memory, not in the inbox table, when
                        the 202 leaves: a kill loses those not yet decided (check --crash).
  dequeue-before-commit a worker deletes the inbox row and commits, calls another service, then
                        records the decision in a second transaction: a kill in between loses the
                        delivery (check --crash).
  workers-share-cards   any worker takes any pending delivery, reads the card in one transaction,
                        calls another service, writes its decision in the next: two workers deciding
                        for one card overwrite each other (check, several deliveries of a card
                        pending at a settle).
  reprocess-after-restart  a worker commits the decision, does other work, then deletes the inbox
                        row in a second transaction: a process restarted in between decides the
                        delivery again, two audit entries for one acknowledgement (check --crash).
ack-before-commit, answer-before-commit, stuck-in-progress and two-transactions concern a request that
decides, and
are refused with --accept-then-decide.

Views in answers: the reset answer declares "view_in_answers": true, and every 2xx answer of the
webhook and of the control API's POSTs carries "view", exactly what GET view answers right after
that request (built once the request's transaction committed), so the harness needs no GET view
after each step. --views-on-request (or INBOXCHECK_VIEWS_ON_REQUEST=1) turns that off: the view
then comes from GET view only, as every receiver of the protocol serves it.

Restarts keep the data: a receiver started on an INBOXCHECK_DATA that already holds a store carries
on from it; only the control API's reset wipes it.
"""

import argparse
import decimal
import hmac
import json
import os
import re
import socket
import sqlite3
import sys
import threading
import time
from datetime import datetime, timezone
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import inbox as accept_then_decide

PROTOCOL = "inboxcheck-receiver-protocol/1"
LARGEST_VERSION = Decimal(2**63 - 1)
_EXACT = decimal.Context(prec=100000)  # normalising never rounds a number the provider sent
# The largest delivery a receiver must decide (SPEC section 1.5): past any bound a body is held
# MALFORMED unread and acknowledged, so the provider stops retrying it.
MAX_DELIVERY_BYTES = 4 << 20
STRIP_IDS = False  # --mistake strip-ids: read_envelope strips event_id, object_id and type
MAX_NESTING_DEPTH = 128  # the envelope itself is level 1
MAX_STRING_LENGTH = 1 << 16  # characters once escapes are read
MAX_NUMBER_LENGTH = 100  # characters as written
MAX_BODY_BYTES = 16 << 20  # a body is read at most this far; past it only its length is kept
FLUSH_SECONDS = 0.5  # how long --mistake ack-before-commit keeps acknowledged writes uncommitted
CONFIRM_SECONDS = 0.2  # how long --mistake reconcile-not-atomic's call to the provider takes
IN_PROGRESS_WORK_SECONDS = 0.05  # the work --mistake stuck-in-progress does while its mark is set
METRICS_SECONDS = 0.005  # the metrics call --mistake shared-answer makes between commit and answer
SCHEMA_CHECK_SECONDS = 0.02  # --mistake two-transactions: the schema call before the first commit
PUBLISH_SECONDS = 0.01  # --mistake two-transactions: publishing the event, between the commits
WARM_SECONDS = 0.1  # --mistake compact-on-start: warming a cache, before the compaction
VACUUM_SECONDS = 0.5  # --mistake compact-on-start: the vacuum, before the address and again after
RULES_SECONDS = 0.1  # --mistake reevaluate-later: loading the rules, before held inputs are replayed
SWEEP_SECONDS = 0.1  # --mistake sweep-by-list: publishing the expired ids, before they are deleted
MISTAKES = ("none", "last-arrival-wins", "ack-before-commit", "answer-before-commit",
            "sliding-retention", "state-text", "ids-ignore-case", "event-id-as-text", "strip-ids",
            "dict-equality", "whole-seconds", "shared-answer",
            "reconcile-not-atomic", "bounded-parser-raises", "stuck-in-progress",
            "two-transactions", "compact-on-start", "reevaluate-later",
            "sweep-by-list") + accept_then_decide.MISTAKES
CONFLICTS_RESOLVED_BY_AUTHORITY = ("ID_CONFLICT", "VERSION_CONFLICT")
STAYS_UNRESOLVED = ("MISSING_VERSION", "INVALID_VERSION", "UNSUPPORTED_TYPE", "MALFORMED")

SCHEMA = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (object_id TEXT PRIMARY KEY, version INTEGER NOT NULL, state TEXT NOT NULL,
                    paused INTEGER NOT NULL);
CREATE TABLE arrivals (arrival INTEGER PRIMARY KEY, envelope TEXT NOT NULL);
CREATE TABLE identities (event_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, record TEXT NOT NULL);
CREATE TABLE held (arrival INTEGER PRIMARY KEY, reason TEXT NOT NULL);
CREATE TABLE audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL);
CREATE TABLE inbox (arrival INTEGER PRIMARY KEY, envelope TEXT NOT NULL, object_key TEXT);
"""


class Rejected(Exception):
    """A control request this receiver cannot act on; answered 400 or 409 with one line."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


# ---- JSON values: exact decimals, canonical comparison (SPEC section 1) ----------------------


def parse_json(text):
    return json.loads(text, parse_float=Decimal, parse_int=Decimal, parse_constant=_no_constant)


def _no_constant(name):
    raise ValueError("not JSON: " + name)


def canonical(value):
    """Text equal for semantically equal values: key order, whitespace and 12 vs 12.0 vanish."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return "0" if value == 0 else str(value.normalize(_EXACT))
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ",".join(canonical(item) for item in value) + "]"
    members = sorted(value.items())
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + canonical(v) for k, v in members) + "}"


def as_written(value):
    """The state-text mistake's comparison: numbers as the provider spelled them (12.0, 1.2E+1)."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list):
        return "[" + ",".join(as_written(item) for item in value) + "]"
    if isinstance(value, dict):
        members = sorted(value.items())
        return "{" + ",".join(json.dumps(k) + ":" + as_written(v) for k, v in members) + "}"
    return canonical(value)


def dump(value):
    """Compact JSON text; decimals keep their exact value."""
    return canonical(value) if not isinstance(value, (dict, list)) else _dump(value)


def _dump(value):
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + dump(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(item) for item in value) + "]"
    return dump(value)


def non_empty_string(envelope, key):
    value = envelope.get(key) if isinstance(envelope, dict) else None
    return value if isinstance(value, str) and value else None


def classify_version(envelope):
    """('valid', n), ('missing', None) or ('invalid', None), as SPEC section 1 says."""
    value = envelope.get("object_version")
    if value is None:
        return "missing", None
    if isinstance(value, Decimal) and not isinstance(value, bool):
        if value == value.to_integral_value() and 0 <= value <= LARGEST_VERSION:
            return "valid", int(value)
    return "invalid", None


def decision(kind, reason=None, restates=None):
    return {"decision": kind, "reason": reason, "restates": restates}


def held(reason):
    return decision("HELD", reason)


# ---- time: the receiver clock, never occurred_at (SPEC sections 2 and 5) ---------------------

_INSTANT = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$")
_DURATION = re.compile(r"^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def seconds_of_instant(text):
    match = _INSTANT.match(text or "")
    if not match:
        raise Rejected(400, "not a UTC instant like 2024-01-01T08:00:00Z: " + repr(text))
    base = datetime.strptime(match.group(1), "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc)
    whole = (base - datetime(1970, 1, 1, tzinfo=timezone.utc)).days * 86400 + base.hour * 3600
    whole += base.minute * 60 + base.second
    return Decimal(whole) + Decimal("0" + (match.group(2) or ""))


def seconds_of_duration(text):
    match = _DURATION.match(text or "")
    if not match or text in ("P", "PT"):
        raise Rejected(400, "not an ISO-8601 duration like PT24H: " + repr(text))
    days, hours, minutes, seconds = (Decimal(part or "0") for part in match.groups())
    return days * 86400 + hours * 3600 + minutes * 60 + seconds


def now_instant():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---- the store ---------------------------------------------------------------------------------


class Store:
    """The receiver's durable state in one sqlite file; every public method is one transaction."""

    def __init__(self, path, mistake):
        self.mistake = mistake
        self.lock = threading.Lock()
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        if mistake != "answer-before-commit":
            # The answer-before-commit mistake keeps sqlite's default rollback journal, as a store
            # nobody tuned does: its COMMIT syncs a journal and the database, milliseconds after
            # the answer has left.
            self.db.execute("PRAGMA journal_mode=WAL")
        # A process kill is not a power loss: what reached the operating system survives it. The
        # stuck-in-progress mistake commits its mark without waiting for the disk, so the mark is
        # durable (for a kill) within a millisecond of the request, as a fast store's would be.
        self.db.execute("PRAGMA synchronous=" + ("NORMAL" if mistake == "stuck-in-progress" else "FULL"))
        self.fail_next_write = False
        self.sweeping = set()  # the sweep-by-list mistake: ids the lookup skips, not deleted yet
        # Accept-then-decide mode (inbox.py) sets these: what the view lists as pending, read in
        # the view's transaction, and what a reset clears beside the tables.
        self.pending = None
        self.on_reset = None
        if mistake == "ack-before-commit":
            threading.Thread(target=self.commit_later, daemon=True).start()
        exists = self.db.execute("SELECT 1 FROM sqlite_master WHERE name='settings'").fetchone()
        if not exists:
            self.reset({"initial": {}, "supported_types": ["card.snapshot"], "retention": "PT24H",
                        "start": now_instant()})

    def begin_compaction(self):
        """The compact-on-start mistake, its first transaction: the cards are copied aside and the
        table emptied, then a vacuum runs. A start that finds a copy takes it for the leftover of a
        start that failed and drops it, so a kill before end_compaction loses the cards. Returns
        whether there was a table to compact."""
        self.db.execute("DROP TABLE IF EXISTS cards_compact")
        if not self.db.execute("SELECT 1 FROM sqlite_master WHERE name='cards'").fetchone():
            return False
        time.sleep(WARM_SECONDS)
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("CREATE TABLE cards_compact AS SELECT * FROM cards")
        self.db.execute("DELETE FROM cards")
        self.db.execute("COMMIT")
        time.sleep(VACUUM_SECONDS)
        return True

    def end_compaction(self):
        """The compact-on-start mistake, after the address is printed: the vacuum runs on while
        requests wait, then the cards are put back in a second transaction."""
        time.sleep(VACUUM_SECONDS)
        self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("INSERT INTO cards SELECT * FROM cards_compact")
        self.db.execute("DROP TABLE cards_compact")
        self.db.execute("COMMIT")

    def transaction(self, work):
        with self.lock:
            if self.mistake == "ack-before-commit":
                return self.uncommitted(work)
            self.db.execute("BEGIN IMMEDIATE")
            try:
                result = work()
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            return result

    def uncommitted(self, work):
        """The planted mistake: the work joins one open transaction and the answer leaves at once;
        commit_later commits it. This connection reads its own writes, so until the process dies
        every answer is right; a kill loses everything acknowledged since the last COMMIT."""
        if not self.db.in_transaction:
            self.db.execute("BEGIN IMMEDIATE")
        self.db.execute("SAVEPOINT work")
        try:
            result = work()
        except BaseException:
            self.db.execute("ROLLBACK TO work")
            self.db.execute("RELEASE work")
            raise
        self.db.execute("RELEASE work")
        return result

    def commit_later(self):
        while True:
            time.sleep(FLUSH_SECONDS)
            with self.lock:
                if self.db.in_transaction:
                    self.db.execute("COMMIT")

    # settings and small helpers

    def setting(self, key):
        return json.loads(self.db.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()[0])

    def put_setting(self, key, value):
        self.db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (key, json.dumps(value)))

    def card(self, object_id):
        row = self.db.execute("SELECT version, state, paused FROM cards WHERE object_id=?",
                              (object_id,)).fetchone()
        if row is None:
            return None
        return {"version": row[0], "state": parse_json(row[1]), "paused": bool(row[2])}

    def put_card(self, object_id, card):
        self.db.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?, ?)",
                        (object_id, card["version"], dump(card["state"]), int(card["paused"])))

    def audit(self, entry):
        entry = dict(entry, at=self.setting("clock"))
        self.db.execute("INSERT INTO audit (entry) VALUES (?)", (dump(entry),))

    def identity(self, event_id):
        row = self.db.execute("SELECT record FROM identities WHERE event_id=?", (event_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def put_identity(self, event_id, record):
        seq = self.db.execute("SELECT seq FROM identities WHERE event_id=?", (event_id,)).fetchone()
        if seq is None:
            seq = self.db.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM identities").fetchone()
        self.db.execute("INSERT OR REPLACE INTO identities VALUES (?, ?, ?)",
                        (event_id, seq[0], json.dumps(record)))

    def envelope(self, arrival):
        text = self.db.execute("SELECT envelope FROM arrivals WHERE arrival=?", (arrival,)).fetchone()[0]
        return read_envelope(text)

    def held_inputs(self):
        return self.db.execute("SELECT arrival, reason FROM held ORDER BY arrival").fetchall()

    def count(self, counter, by):
        if by:
            self.put_setting(counter, self.setting(counter) + by)

    # control: reset and clock

    def reset(self, setup):
        for key in ("initial", "supported_types", "retention", "start"):
            if key not in setup:
                raise Rejected(400, "reset needs " + key)
        seconds_of_duration(setup["retention"])
        seconds_of_instant(setup["start"])

        schema = SCHEMA
        if self.mistake == "ids-ignore-case":
            schema = SCHEMA.replace("event_id TEXT PRIMARY KEY", "event_id TEXT PRIMARY KEY COLLATE NOCASE")

        def work():
            for table in ("settings", "cards", "arrivals", "identities", "held", "audit", "inbox"):
                self.db.execute("DROP TABLE IF EXISTS " + table)
            if self.mistake == "stuck-in-progress":
                self.db.execute("DROP TABLE IF EXISTS in_progress")
            for statement in schema.strip().split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self.put_setting("clock", setup["start"])
            self.put_setting("retention", setup["retention"])
            self.put_setting("supported_types", list(setup["supported_types"]))
            self.put_setting("event", 0)
            self.put_setting("authoritative", 0)
            for object_id, card in setup["initial"].items():
                self.put_card(object_id, {"version": int(card["version"]), "state": card["state"],
                                          "paused": False})
            if self.on_reset is not None:
                self.on_reset()  # the inbox forgets what it held in memory, in this same transaction

        self.fail_next_write = False
        self.transaction(work)

    def move_clock(self, time):
        """Moves the clock (never backwards) and prunes identities whose retention ended."""
        if self.mistake == "sweep-by-list":
            return self.move_clock_then_sweep(time)
        target = seconds_of_instant(time)

        def work():
            self.put_clock(time)
            return self.prune(target)

        return self.transaction(work)

    def put_clock(self, instant):
        if seconds_of_instant(instant) < seconds_of_instant(self.setting("clock")):
            raise Rejected(409, "the receiver clock never goes back: " + instant + " < " + self.setting("clock"))
        self.put_setting("clock", instant)

    def move_clock_then_sweep(self, instant):
        """The sweep-by-list mistake: the clock is committed and the ids whose retention ended are
        dropped from the lookup at once; they are published (no lock held) and their records are
        deleted by id in the next transaction. A redelivery in between misses the lookup and is
        recorded afresh, and the sweep deletes that fresh record with the old one."""
        target = seconds_of_instant(instant)

        def move():
            self.put_clock(instant)
            expired = self.expired(target)
            self.sweeping.update(event_id for event_id, _ in expired)
            return expired

        expired = self.transaction(move)
        time.sleep(SWEEP_SECONDS)  # publishing the expired ids, with no lock held

        def sweep():
            for event_id, record in expired:
                self.forget(event_id, record)
                self.sweeping.discard(event_id)
            return [event_id for event_id, _ in expired]

        return self.transaction(sweep)

    @staticmethod
    def first_received(record, whole):
        first = seconds_of_instant(record["first_received_at"])
        return int(first) if whole else first

    def prune(self, clock):
        expired = self.expired(clock)
        for event_id, record in expired:
            self.forget(event_id, record)
        return [event_id for event_id, _ in expired]

    def expired(self, clock):
        """The identities whose retention ended at clock, but for those a held delivery still needs:
        (event_id, record) in order of first receipt."""
        retention = seconds_of_duration(self.setting("retention"))
        whole = self.mistake == "whole-seconds"
        if whole:  # the planted mistake: times and the retention kept in whole seconds
            clock, retention = int(clock), int(retention)
        held_arrivals = {row[0] for row in self.held_inputs()}
        expired = []
        for event_id, record in self.db.execute(
                "SELECT event_id, record FROM identities ORDER BY seq").fetchall():
            record = json.loads(record)
            if self.mistake == "sliding-retention":
                # The planted mistake: the window runs from the latest duplicate, not the first receipt.
                if clock < seconds_of_instant(record.get("refreshed_at", record["first_received_at"])) + retention:
                    continue
            elif clock < self.first_received(record, whole) + retention:
                break  # kept in order of first receipt: no later record has expired either
            arrivals = [record["first"]["arrival"]] + [v["arrival"] for v in record["variants"]]
            if not held_arrivals.intersection(arrivals):
                expired.append((event_id, record))
        return expired

    def forget(self, event_id, record):
        self.db.execute("DELETE FROM identities WHERE event_id=?", (event_id,))
        self.audit({"kind": "identity_pruned", "event_id": event_id,
                    "first_received_at": record["first_received_at"]})

    # deliveries (SPEC section 3)

    def deliver(self, text, answer_early=None):
        """Decides and records one delivery in one transaction. answer_early is the
        answer-before-commit mistake: it is handed the decision (and writes the HTTP answer) before
        the decision is written and committed; a correct store never gets one."""
        if self.mistake == "two-transactions":
            return self.deliver_in_two(text)

        def work():
            envelope = read_envelope(text, self.mistake == "bounded-parser-raises")
            outcome = self.decide(envelope)
            if self.fail_next_write:
                self.fail_next_write = False
                raise StorageFault()
            if answer_early is not None:
                answer_early(outcome[0])
            self.commit(text, envelope, outcome)
            if self.mistake == "stuck-in-progress":
                self.clear_in_progress(envelope)
            return outcome[0]

        return self.transaction(work)

    def deliver_in_two(self, text):
        """The two-transactions mistake: a schema call, the decision and audit committed, the
        event published, then the card written in a second transaction."""
        time.sleep(SCHEMA_CHECK_SECONDS)
        written = {}

        def decide_and_record():
            envelope = read_envelope(text)
            verdict, effect, cards_after = self.decide(envelope)
            if self.fail_next_write:
                self.fail_next_write = False
                raise StorageFault()
            self.commit(text, envelope, (verdict, effect, cards_after), write_cards=False)
            written.update(cards_after)
            return verdict

        verdict = self.transaction(decide_and_record)
        time.sleep(PUBLISH_SECONDS)
        self.transaction(lambda: [self.put_card(object_id, written[object_id]) for object_id in sorted(written)])
        return verdict

    # the stuck-in-progress mistake: a mark set before the work, cleared only when the work succeeds

    def mark_in_progress(self, text):
        """Commits an "in progress" mark for the delivery's event id before its work starts; False
        when the id is marked already, which the handler answers 409. Nothing clears a mark but the
        delivery's own successful transaction (clear_in_progress): the planted mistake."""
        event_id = self.event_id(read_envelope(text))
        if event_id is None:
            return True  # no identity to mark: judged MALFORMED as usual

        def work():
            self.db.execute("CREATE TABLE IF NOT EXISTS in_progress (event_id TEXT PRIMARY KEY)")
            if self.db.execute("SELECT 1 FROM in_progress WHERE event_id=?", (event_id,)).fetchone():
                return False
            self.db.execute("INSERT INTO in_progress VALUES (?)", (event_id,))
            return True

        return self.transaction(work)

    def clear_in_progress(self, envelope):
        event_id = self.event_id(envelope)
        if event_id is not None:
            self.db.execute("DELETE FROM in_progress WHERE event_id=?", (event_id,))

    def event_id(self, envelope):
        """The envelope's identity: a non-empty string, else None (MALFORMED)."""
        if self.mistake == "event-id-as-text" and isinstance(envelope, dict):
            return str(envelope.get("event_id"))  # the mistake: None, True and 12 become ids
        return non_empty_string(envelope, "event_id")

    def decide(self, envelope):
        """Rule 1 (identity), then rules 2-4: (decision, identity effect, cards after)."""
        event_id = self.event_id(envelope)
        if event_id is None:
            return held("MALFORMED"), None, {}
        # The sweep-by-list mistake: an id being swept is missed by the lookup.
        record = None if event_id in self.sweeping else self.identity(event_id)
        if record is not None:
            return self.redelivery(record, envelope)
        verdict, card_after = self.judge(envelope)
        object_id = non_empty_string(envelope, "object_id")
        return verdict, "first", {} if card_after is None else {object_id: card_after}

    def redelivery(self, record, envelope):
        content = canonical(envelope)
        for recorded in [record["first"]] + record["variants"]:
            if recorded["content"] == content:
                return decision("DUPLICATE", restates=recorded["decisions"][-1]), None, {}
        paused = {}
        for named in (read_envelope(record["first"]["text"]), envelope):
            object_id = non_empty_string(named, "object_id")
            card = self.card(object_id) if object_id else None
            if card is not None:
                paused[object_id] = dict(card, paused=True)
        return held("ID_CONFLICT"), "variant", paused

    def judge(self, envelope, card=None):
        """Rules 2-4 against the named card (looked up unless given): (decision, card after)."""
        object_id = non_empty_string(envelope, "object_id")
        if object_id is None or not isinstance(envelope.get("state"), dict):
            return held("MALFORMED"), None
        kind = envelope.get("type")
        if not isinstance(kind, str) or kind not in self.setting("supported_types"):
            return held("UNSUPPORTED_TYPE"), None
        card = card if card is not None else self.card(object_id)
        if card is None:
            return held("UNKNOWN_OBJECT"), None
        validity, version = classify_version(envelope)
        if validity == "missing":
            return held("MISSING_VERSION"), dict(card, paused=True)
        if validity == "invalid":
            return held("INVALID_VERSION"), dict(card, paused=True)
        if card["paused"]:
            return held("CARD_PAUSED"), None
        state = envelope["state"]
        if self.mistake == "last-arrival-wins":
            return decision("APPLIED"), {"version": version, "state": state, "paused": False}
        if version > card["version"]:
            return decision("APPLIED"), {"version": version, "state": state, "paused": False}
        if version < card["version"]:
            return decision("STALE"), None
        if self.mistake == "dict-equality":
            same = state == card["state"]  # the mistake: in Python 0 == False, so they match
        else:
            compared = as_written if self.mistake == "state-text" else canonical
            same = compared(state) == compared(card["state"])
        if same:
            return decision("SAME_STATE"), None
        return held("VERSION_CONFLICT"), dict(card, paused=True)

    def commit(self, text, envelope, outcome, arrival=None, write_cards=True):
        """Records a decision. A delivery decided in the request gets the next arrival number here;
        one accepted first (inbox.py) brings the number it was given at acceptance."""
        verdict, effect, cards_after = outcome
        if arrival is None:
            arrival = self.db.execute("SELECT COALESCE(MAX(arrival), 0) + 1 FROM arrivals").fetchone()[0]
        self.db.execute("INSERT OR IGNORE INTO arrivals VALUES (?, ?)", (arrival, text))
        clock = self.setting("clock")
        recorded = {"arrival": arrival, "received_at": clock, "content": canonical(envelope),
                    "text": text, "decisions": [verdict]}
        event_id = self.event_id(envelope)
        if self.mistake == "sliding-retention" and verdict["decision"] == "DUPLICATE":
            record = self.identity(event_id)
            record["refreshed_at"] = clock
            self.put_identity(event_id, record)
        if effect == "first":
            self.put_identity(event_id, {"first_received_at": clock, "first": recorded, "variants": []})
        elif effect == "variant":
            record = self.identity(event_id)
            record["variants"].append(recorded)
            self.put_identity(event_id, record)
        for object_id in sorted(cards_after) if write_cards else ():
            self.put_card(object_id, cards_after[object_id])
        if verdict["decision"] == "HELD":
            self.db.execute("INSERT OR REPLACE INTO held VALUES (?, ?)", (arrival, verdict["reason"]))
        self.count("event", 1 if verdict["decision"] == "APPLIED" else 0)
        paused = [object_id for object_id in sorted(cards_after) if cards_after[object_id]["paused"]]
        self.audit({"kind": "delivery", "arrival": arrival, "envelope": text, "decision": verdict,
                    "variant": effect == "variant", "paused": paused})

    # reconciliation (SPEC section 4)

    def reconcile(self, objects, separately=None):
        """Every listed object in one transaction. With reconcile-not-atomic, each object is read in
        one transaction and written in another by separately, a store on its own connection."""
        for object_id, given in objects.items():
            validity, version = classify_version({"object_version": given.get("version")})
            if validity != "valid" or not isinstance(given.get("state"), dict):
                raise Rejected(400, "authority for " + object_id + " needs a version and a state object")
        if separately is not None:
            return [separately.reconcile_in_two(object_id, objects[object_id]) for object_id in sorted(objects)]
        if self.mistake == "reevaluate-later":
            return [self.reconcile_then_replay(object_id, objects[object_id]) for object_id in sorted(objects)]
        return self.transaction(lambda: [self.reconcile_one(object_id, objects[object_id])
                                         for object_id in sorted(objects)])

    def reconcile_in_two(self, object_id, given):
        """The planted mistake: read and decide in one transaction, confirm the object with the
        provider, write what was decided in the next; deliveries on the other connection commit in
        between."""
        with self.lock:
            self.db.execute("BEGIN")  # a read: in WAL mode it blocks no writer
            try:
                planned = self.plan_reconciliation(object_id, given)
            finally:
                self.db.execute("COMMIT")
        time.sleep(CONFIRM_SECONDS)  # the provider's API, with no lock held
        self.transaction(lambda: self.commit_reconciliation(**planned["writes"]))
        return planned["answer"]

    def reconcile_then_replay(self, object_id, given):
        """The reevaluate-later mistake: the authority's card, the resolutions and the audit entry
        (with the card the plan ends at) are committed; the rules load (no lock held); the held
        inputs are replayed in the next transaction against the card as it then stands. A delivery
        for the card committed in between is judged against the bare authority card, ahead of the
        inputs held before it."""

        def authority_part():
            planned = self.plan_reconciliation(object_id, given)
            writes = planned["writes"]
            self.commit_authority(object_id, writes["outcome"], writes["regressed"], writes["before"],
                                  self.authority_card(given), writes["card"], writes["resolved"])
            return planned["answer"]

        answer = self.transaction(authority_part)
        time.sleep(RULES_SECONDS)  # loading the rules, with no lock held

        def replay():
            card = self.card(object_id)
            _, to_reevaluate, unresolved = self.held_of(object_id)
            card, reevaluated, still_held = self.reevaluate(card, to_reevaluate, unresolved)
            self.commit_reevaluations(object_id, card, reevaluated, still_held)
            return dict(answer, after=card, reevaluated=reevaluated, still_held=still_held)

        return self.transaction(replay)

    def reconcile_one(self, object_id, given):
        planned = self.plan_reconciliation(object_id, given)
        self.commit_reconciliation(**planned["writes"])
        return planned["answer"]

    def plan_reconciliation(self, object_id, given):
        """What reconciling one object decides, read from the store; writes nothing."""
        before = self.card(object_id)
        card = self.authority_card(given)
        if before is None:
            outcome = "CREATED"
        elif before["version"] == card["version"] and canonical(before["state"]) == canonical(card["state"]):
            outcome = "CONFIRMED"
        else:
            outcome = "REPLACED"
        regressed = before is not None and card["version"] < before["version"]
        resolved, to_reevaluate, unresolved = self.held_of(object_id)
        card, reevaluated, still_held = self.reevaluate(card, to_reevaluate, unresolved)
        writes = {"object_id": object_id, "outcome": outcome, "regressed": regressed, "before": before,
                  "card": card, "resolved": resolved, "reevaluated": reevaluated,
                  "still_held": still_held}
        answer = {"object_id": object_id, "outcome": outcome, "regressed": regressed,
                  "before": before, "after": card, "resolved": resolved, "reevaluated": reevaluated,
                  "still_held": still_held}
        return {"writes": writes, "answer": answer}

    @staticmethod
    def authority_card(given):
        return {"version": int(given["version"]), "state": given["state"], "paused": False}

    def held_of(self, object_id):
        """The object's held inputs, in arrival order: (resolved by an authority, to re-evaluate,
        left unresolved)."""
        resolved, to_reevaluate, unresolved = [], [], []
        for arrival, reason in self.held_inputs():
            if non_empty_string(self.envelope(arrival), "object_id") != object_id:
                continue
            if reason in CONFLICTS_RESOLVED_BY_AUTHORITY:
                resolved.append({"arrival": arrival, "reason": reason})
            elif reason in STAYS_UNRESOLVED:
                unresolved.append({"arrival": arrival, "reason": reason})
            else:
                to_reevaluate.append({"arrival": arrival, "reason": reason})
        return resolved, to_reevaluate, unresolved

    def reevaluate(self, card, to_reevaluate, unresolved):
        """Rules 2-4 again for held inputs, in arrival order, from card: (card after, re-evaluations,
        inputs still held, in arrival order)."""
        reevaluated, still_held = [], list(unresolved)
        for item in to_reevaluate:
            if card["paused"]:
                still_held.append(item)  # paused again: the rest wait for the next authority
                continue
            verdict, card_after = self.judge(self.envelope(item["arrival"]), card)
            reevaluated.append({"arrival": item["arrival"], "previous_reason": item["reason"],
                                "decision": verdict})
            card = card_after or card
            if verdict["decision"] == "HELD":
                still_held.append({"arrival": item["arrival"], "reason": verdict["reason"]})
        still_held.sort(key=lambda item: item["arrival"])
        return card, reevaluated, still_held

    def commit_reconciliation(self, object_id, outcome, regressed, before, card, resolved,
                              reevaluated, still_held):
        self.commit_authority(object_id, outcome, regressed, before, card, card, resolved)
        self.commit_reevaluations(object_id, card, reevaluated, still_held)

    def commit_authority(self, object_id, outcome, regressed, before, card, after, resolved):
        """The card written, the authority's audit entry (saying the card after re-evaluation) and
        the resolutions."""
        self.put_card(object_id, card)
        self.audit({"kind": "authority", "object_id": object_id, "outcome": outcome,
                    "regressed": regressed, "before": before, "after": after})
        for item in resolved:
            self.db.execute("DELETE FROM held WHERE arrival=?", (item["arrival"],))
            self.audit({"kind": "resolved_by_authority", "arrival": item["arrival"],
                        "event_id": non_empty_string(self.envelope(item["arrival"]), "event_id"),
                        "object_id": object_id, "reason": item["reason"]})
        self.count("authoritative", 0 if outcome == "CONFIRMED" else 1)

    def commit_reevaluations(self, object_id, card, reevaluated, still_held):
        self.put_card(object_id, card)
        for item in reevaluated:
            self.db.execute("DELETE FROM held WHERE arrival=?", (item["arrival"],))
            event_id = self.event_id(self.envelope(item["arrival"]))
            record = self.identity(event_id) if event_id else None
            # A re-evaluated input is always its id's first record; later redeliveries restate it.
            if record is not None and record["first"]["arrival"] == item["arrival"]:
                record["first"]["decisions"].append(item["decision"])
                self.put_identity(event_id, record)
            self.audit({"kind": "reevaluated", "arrival": item["arrival"], "event_id": event_id,
                        "object_id": object_id, "previous_reason": item["previous_reason"],
                        "decision": item["decision"]})
        for item in still_held:
            self.db.execute("INSERT OR REPLACE INTO held VALUES (?, ?)", (item["arrival"], item["reason"]))
        applied = sum(1 for item in reevaluated if item["decision"]["decision"] == "APPLIED")
        self.count("event", applied)

    # the view (docs/receiver-protocol.md, "GET view")

    def view(self):
        def work():
            cards = {}
            for object_id, version, state, paused in self.db.execute(
                    "SELECT object_id, version, state, paused FROM cards ORDER BY object_id"):
                cards[object_id] = {"version": version, "state": parse_json(state), "paused": bool(paused)}
            held_list = [{"arrival": arrival, "event_id": non_empty_string(self.envelope(arrival), "event_id"),
                          "reason": reason} for arrival, reason in self.held_inputs()]
            identities = []
            for event_id, record in self.db.execute("SELECT event_id, record FROM identities ORDER BY seq"):
                record = json.loads(record)
                identities.append({"event_id": event_id, "first_received_at": record["first_received_at"],
                                   "first": recorded_view(record["first"]),
                                   "variants": [recorded_view(v) for v in record["variants"]]})
            # Audit entries are stored as JSON text and sent as they are: the view is read after
            # every step, and re-encoding a growing audit each time would dominate a run.
            audit = ",".join(row[0] for row in self.db.execute("SELECT entry FROM audit ORDER BY seq"))
            fields = {"protocol": PROTOCOL, "clock": self.setting("clock"), "cards": cards,
                      "held": held_list, "identities": identities,
                      "replacements": {"event": self.setting("event"),
                                       "authoritative": self.setting("authoritative")}}
            if self.pending is not None:
                fields["pending"] = self.pending(self.db)
            document = dump(fields)
            return document[:-1] + ',"audit":[' + audit + "]}"

        return self.transaction(work)


class StorageFault(Exception):
    """The durable write failed: nothing of the delivery is kept and the answer is not 2xx."""


class PastBounds(ValueError):
    """A body past the delivery bounds of SPEC section 1.5."""


def read_envelope(text, raise_past_bounds=False):
    """The envelope, or None when it cannot be read: not JSON, or past a bound (SPEC 1.5); either
    way it has no identity and is held MALFORMED. raise_past_bounds is the bounded-parser-raises
    mistake: the bounds' error escapes, as Python's own RecursionError does on a deep body."""
    try:
        if len(text.encode("utf-8")) > MAX_DELIVERY_BYTES:
            raise PastBounds("longer than " + str(MAX_DELIVERY_BYTES) + " bytes")
        value = json.loads(text, parse_float=_bounded_number, parse_int=_bounded_number,
                           parse_constant=_no_constant)
        _check_bounds(value)
        if STRIP_IDS and isinstance(value, dict):
            for key in ("event_id", "object_id", "type"):  # the strip-ids mistake
                if isinstance(value.get(key), str):
                    value[key] = value[key].strip()
        return value
    except (PastBounds, RecursionError):
        if raise_past_bounds:
            raise
        return None
    except ValueError:
        return None  # not JSON at all: no identity, held MALFORMED


def _bounded_number(written):
    if len(written) > MAX_NUMBER_LENGTH:
        raise PastBounds("a number longer than " + str(MAX_NUMBER_LENGTH) + " characters")
    return Decimal(written)


def _check_bounds(value):
    """Nesting and string lengths, walked without recursion so no depth can break the walk."""
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if len(item) > MAX_STRING_LENGTH:
                raise PastBounds("a string longer than " + str(MAX_STRING_LENGTH) + " characters")
        elif isinstance(item, (dict, list)):
            if depth > MAX_NESTING_DEPTH:
                raise PastBounds("nested deeper than " + str(MAX_NESTING_DEPTH) + " levels")
            members = list(item.keys()) + list(item.values()) if isinstance(item, dict) else item
            pending.extend((member, depth + 1) for member in members)


def recorded_view(recorded):
    return {"arrival": recorded["arrival"], "received_at": recorded["received_at"],
            "decisions": recorded["decisions"]}


# ---- HTTP ------------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: one connection serves a whole run
    store = None
    reconciler = None  # reconcile-not-atomic: a second store, its own connection and lock
    last_verdict = None  # shared-answer: the one slot every request thread hands its answer through
    inbox = None  # accept-then-decide mode: the inbox and its workers (inbox.py)
    control_enabled = False
    secret = None
    views_in_answers = True

    def setup(self):
        super().setup()
        # Headers and body leave in separate writes; without this, Nagle's algorithm and the
        # client's delayed ACK add some 40 ms to every answer.
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def do_POST(self):
        self.route("POST")

    def do_GET(self):
        self.route("GET")

    def route(self, method):
        try:
            body = self.read_body()
            if self.path == "/webhook" and method == "POST":
                return self.webhook(body)
            if self.path.startswith("/inboxcheck/"):
                return self.control(method, self.path[len("/inboxcheck/"):], body)
            self.answer(404, {"error": "no such endpoint: " + method + " " + self.path})
        except Rejected as rejected:
            self.answer(rejected.status, {"error": str(rejected)})
        except Exception as error:  # a bug here: still one line, and nothing half-written
            self.answer(500, {"error": "internal error: " + repr(error)})

    def read_body(self):
        """The body as text. A refusal here would be retried forever (a poison message), so a body
        that is not UTF-8, or one past MAX_BODY_BYTES (read to its end, its length kept), becomes
        text that is not JSON: held MALFORMED like any unreadable body."""
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            left = length
            while left > 0:
                chunk = self.rfile.read(min(left, 1 << 16))
                if not chunk:
                    break
                left -= len(chunk)
            return "unread: a body of %d bytes" % length
        data = self.rfile.read(length) if length else b""
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return "not UTF-8: " + data.decode("utf-8", "replace")

    def webhook(self, body):
        if not self.control_enabled:
            # In production the clock is the wall clock; under test only the control API moves it.
            self.store.move_clock(max(now_instant(), self.store.transaction(lambda: self.store.setting("clock"))))
        if self.inbox is not None:
            try:
                self.inbox.accept(body)
            except accept_then_decide.NotAccepted:
                return self.answer(503, {"error": "the delivery could not be stored durably; retry"})
            return self.answer_done({}, 202)  # accepted; its decision comes later
        answered = []

        def answer_first(verdict):  # the answer-before-commit mistake: the 2xx leaves, then COMMIT
            self.answer(200, verdict)
            answered.append(verdict)

        early = answer_first if self.store.mistake == "answer-before-commit" else None
        if self.store.mistake == "stuck-in-progress":
            if not self.store.mark_in_progress(body):
                return self.answer(409, {"error": "this event is already in progress; retry later"})
            time.sleep(IN_PROGRESS_WORK_SECONDS)  # the work the mark guards: a call to another service
        try:
            verdict = self.store.deliver(body, early)
        except StorageFault:
            return self.answer(503, {"error": "the decision could not be recorded durably; retry"})
        if not answered:
            if self.store.mistake == "shared-answer":
                # The planted mistake: the answer goes through one slot all request threads share.
                Handler.last_verdict = verdict
                time.sleep(METRICS_SECONDS)  # the metrics call, reading the slot
                verdict = Handler.last_verdict
            self.answer_done(verdict)

    def control(self, method, action, body):
        if not self.control_enabled:
            return self.answer(404, {"error": "the control API is not enabled"})
        given = self.headers.get("Inboxcheck-Secret") or ""
        if not self.secret or not hmac.compare_digest(given.encode(), self.secret.encode()):
            return self.answer(403, {"error": "control requests need the Inboxcheck-Secret of this run"})
        request = self.control_request(method, body)
        if (method, action) == ("POST", "reset"):
            self.store.reset(request)
            declared = {"view_in_answers": True} if self.views_in_answers else {}
            if self.inbox is not None:
                declared["acknowledges"] = "accepted"
            return self.answer_done(dict({"protocol": PROTOCOL}, **declared))
        if (method, action) == ("POST", "clock"):
            pruned = self.store.move_clock(request.get("time"))
            return self.answer_done({"clock": request["time"], "pruned": pruned})
        if (method, action) == ("POST", "reconcile"):
            objects = self.store.reconcile(request.get("objects") or {}, self.reconciler)
            return self.answer_done({"objects": objects})
        if (method, action) == ("GET", "view"):
            return self.answer(200, self.store.view())  # already JSON text
        if (method, action) == ("POST", "settle") and self.inbox is not None:
            if not self.inbox.settle():
                return self.answer(503, {"error": "deliveries still pending after %d s" % accept_then_decide.SETTLE_SECONDS})
            return self.answer_done({"settled": True})
        if (method, action) == ("POST", "fail-next-write"):
            self.store.fail_next_write = True
            return self.answer_done({"armed": True})
        self.answer(404, {"error": "no such control endpoint: " + method + " /inboxcheck/" + action})

    @staticmethod
    def control_request(method, body):
        if method == "GET" or not body:
            return {}
        try:
            request = parse_json(body)
        except ValueError as error:
            raise Rejected(400, "the control request is not JSON: " + str(error))
        if not isinstance(request, dict):
            raise Rejected(400, "the control request must be a JSON object")
        return request

    def answer_done(self, document, status=200):
        """A 2xx answer to a request whose transaction has committed; with views in answers it
        carries the view as GET view would answer it now, read in a transaction of its own."""
        if not self.views_in_answers:
            return self.answer(status, document)
        text = dump(document)
        self.answer(status, (text[:-1] + "," if document else "{") + '"view":' + self.store.view() + "}")

    def answer(self, status, document):
        data = (document if isinstance(document, str) else dump(document)).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # stdout carries the listening address only; requests are not logged


def main():
    parser = argparse.ArgumentParser(description="A card.snapshot webhook receiver (inboxcheck example).")
    parser.add_argument("--host", default=os.environ.get("INBOXCHECK_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("INBOXCHECK_PORT", "0")))
    parser.add_argument("--data", default=os.environ.get("INBOXCHECK_DATA", "."),
                        help="folder of the sqlite file (default: INBOXCHECK_DATA, else .)")
    parser.add_argument("--mistake", choices=MISTAKES, default=os.environ.get("INBOXCHECK_MISTAKE", "none"))
    parser.add_argument("--views-on-request", action="store_true",
                        default=os.environ.get("INBOXCHECK_VIEWS_ON_REQUEST") == "1",
                        help="send the view on GET view only, not in every 2xx answer")
    parser.add_argument("--accept-then-decide", action="store_true",
                        default=os.environ.get("INBOXCHECK_ACCEPT_THEN_DECIDE") == "1",
                        help="answer 202 once a delivery is in the inbox table; worker threads decide it")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("INBOXCHECK_WORKERS", "2")),
                        help="worker threads of --accept-then-decide (default 2)")
    parser.add_argument("--poll-seconds", type=float, default=accept_then_decide.POLL_SECONDS,
                        help="how often an idle worker of --accept-then-decide looks at the inbox"
                             " (default %(default)s); a settle wakes it at once")
    options = parser.parse_args()
    accept_then_decide.POLL_SECONDS = options.poll_seconds
    if options.workers < 1:
        parser.error("--workers needs 1 or more")
    accepts_first = options.accept_then_decide or options.mistake in accept_then_decide.MISTAKES
    if accepts_first and options.mistake in ("ack-before-commit", "answer-before-commit", "stuck-in-progress",
                                             "two-transactions"):
        parser.error("--mistake " + options.mistake + " concerns a request that decides; not with --accept-then-decide")
    global STRIP_IDS
    STRIP_IDS = options.mistake == "strip-ids"
    os.makedirs(options.data, exist_ok=True)
    path = os.path.join(options.data, "receiver.sqlite3")
    Handler.store = Store(path, options.mistake)
    compacting = options.mistake == "compact-on-start" and Handler.store.begin_compaction()
    if options.mistake == "reconcile-not-atomic":
        Handler.reconciler = Store(path, options.mistake)
    Handler.control_enabled = os.environ.get("INBOXCHECK_CONTROL") == "1"
    if accepts_first:
        Handler.inbox = accept_then_decide.Inbox(
            Handler.store, lambda: Store(path, options.mistake), read_envelope, options.workers,
            options.mistake, wall_clock=not Handler.control_enabled)
    # Without the control API nobody reads views: answers stay as small as a provider expects.
    Handler.views_in_answers = Handler.control_enabled and not options.views_on_request
    Handler.secret = os.environ.get("INBOXCHECK_CONTROL_SECRET")
    if Handler.control_enabled and not Handler.secret:
        sys.exit("receiver.py: INBOXCHECK_CONTROL=1 needs INBOXCHECK_CONTROL_SECRET")
    server = ThreadingHTTPServer((options.host, options.port), Handler)
    host, port = server.server_address[:2]
    print("http://%s:%d" % (host, port), flush=True)
    if compacting:
        # The socket listens already: requests wait in its backlog until the cards are back.
        Handler.store.end_compaction()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
