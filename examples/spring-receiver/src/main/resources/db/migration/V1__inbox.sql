-- The inbox and the receiver's state (inboxcheck SPEC sections 2 and 3.6). JSON is kept as text:
-- the service compares contents itself (SPEC 1.3), and jsonb would rewrite numbers.

-- One row: the receiver clock and its settings. A decision reads it FOR SHARE, a clock move or a
-- reconciliation locks it FOR UPDATE, so those never interleave with a decision.
CREATE TABLE receiver (
  id              integer PRIMARY KEY CHECK (id = 1),
  clock           text NOT NULL,           -- an ISO-8601 instant, never an envelope's occurred_at
  retention       text NOT NULL,           -- an ISO-8601 duration
  supported_types text NOT NULL            -- a JSON array of event types
);
INSERT INTO receiver VALUES
  (1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'PT24H', '["card.snapshot"]');

-- Arrival numbers, given at acceptance without gaps: the row lock orders acceptances.
CREATE TABLE arrival_counter (id integer PRIMARY KEY CHECK (id = 1), last bigint NOT NULL);
INSERT INTO arrival_counter VALUES (1, 0);

-- The audit's sequence and the replacement counters. Every write that appends to the audit takes
-- this row last and holds it until COMMIT, so audit entries are numbered in commit order: the
-- audit is the serial order of the receiver's decisions (SPEC 3.6).
CREATE TABLE ledger (
  id                         integer PRIMARY KEY CHECK (id = 1),
  last_audit                 bigint NOT NULL,
  event_replacements         bigint NOT NULL,
  authoritative_replacements bigint NOT NULL
);
INSERT INTO ledger VALUES (1, 0, 0, 0);

-- Every delivery accepted, as received (bytes: a body need not be valid text for PostgreSQL).
CREATE TABLE arrivals (arrival bigint PRIMARY KEY, envelope bytea NOT NULL);

-- Accepted and not yet decided. A decision deletes its row in the transaction that records it.
CREATE TABLE inbox (arrival bigint PRIMARY KEY REFERENCES arrivals (arrival));

CREATE TABLE cards (
  object_id text PRIMARY KEY,
  version   bigint NOT NULL,
  state     text NOT NULL,
  paused    boolean NOT NULL
);

-- One per retained event id: its first record and variants as JSON; seq orders first receipts.
CREATE TABLE identities (event_id text PRIMARY KEY, seq bigint NOT NULL, record text NOT NULL);

-- Held inputs with their current reason, until an authority resolves or re-evaluates them. They
-- are in the order they were decided (seq, their delivery's audit entry), which is the order the
-- policy re-evaluates them in; deliveries decided later need not be decided in arrival order.
CREATE TABLE held (
  arrival bigint PRIMARY KEY REFERENCES arrivals (arrival),
  seq     bigint NOT NULL,
  reason  text NOT NULL
);

-- Append-only, numbered by the ledger.
CREATE TABLE audit (seq bigint PRIMARY KEY, entry text NOT NULL);
