-- inboxcheck PostgreSQL receiver, schema version 1 (docs/storage-boundary.md section 3).
-- Runs once, in one transaction, inside the schema named by the connection's search_path.
-- Content is canonical JSON text, never jsonb: the store never compares content (the reducer
-- does), and jsonb would refuse \u0000 and rewrite numbers.

CREATE TABLE schema_version (
  version integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO schema_version (version) VALUES (1);

-- Append-only evidence; never read to make a decision. One row per delivery, authority outcome,
-- resolution, re-evaluation and pruned identity, in the order the store wrote them.
CREATE TABLE audit (
  seq               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN
                      ('delivery', 'authority', 'resolution', 'reevaluation', 'identity_pruned')),
  step              integer NOT NULL,              -- the harness step, or the delivery's number
  recorded_at       timestamptz NOT NULL,          -- receiver clock when decided
  event_id          text,
  object_id         text,
  decision          text CHECK (decision IN ('APPLIED', 'DUPLICATE', 'STALE', 'SAME_STATE', 'HELD')),
  reason            text,                          -- held reason
  restates          text,                          -- DUPLICATE: the restated decision
  restates_reason   text,
  variant           boolean NOT NULL DEFAULT false,
  paused_cards      text,                          -- JSON array of the cards this decision paused
  content           text,                          -- delivery: canonical envelope
  raw_text          text,                          -- delivery: the envelope as delivered, if known
  outcome           text CHECK (outcome IN ('REPLACED', 'CONFIRMED', 'CREATED')),
  regressed         boolean,
  card_before       text,                          -- authority: canonical {version,state,paused}
  card_after        text,
  held_step         integer,                       -- resolution, re-evaluation: the held delivery
  previous_reason   text,
  first_received_at timestamptz,                   -- identity_pruned
  xact              xid8 NOT NULL DEFAULT pg_current_xact_id()
);

CREATE TABLE cards (
  object_id                  text    PRIMARY KEY CHECK (object_id <> ''),
  version                    bigint  NOT NULL CHECK (version >= 0),
  state                      text    NOT NULL,
  paused                     boolean NOT NULL DEFAULT false,
  origin                     text    NOT NULL CHECK (origin IN ('initial', 'authority')),
  event_replacements         bigint  NOT NULL DEFAULT 0,
  authoritative_replacements bigint  NOT NULL DEFAULT 0
);

-- One per retained event id; never updated, deleted only by pruning.
CREATE TABLE identity_records (
  event_id           text PRIMARY KEY CHECK (event_id <> ''),
  first_content      text NOT NULL,
  first_object_id    text,
  first_step         integer NOT NULL,
  first_received_at  timestamptz NOT NULL,
  first_delivery_seq bigint NOT NULL REFERENCES audit (seq),
  first_decision     text NOT NULL,
  first_reason       text
);
CREATE INDEX identity_records_by_age ON identity_records (first_received_at, first_step);

CREATE TABLE identity_variants (
  event_id     text    NOT NULL REFERENCES identity_records (event_id) ON DELETE CASCADE,
  variant_no   integer NOT NULL,
  content      text    NOT NULL,
  object_id    text,
  step         integer NOT NULL,
  received_at  timestamptz NOT NULL,
  delivery_seq bigint  NOT NULL REFERENCES audit (seq),
  PRIMARY KEY (event_id, variant_no)
);

-- Quarantine. A row belongs to the card its own envelope names.
CREATE TABLE held_inputs (
  delivery_seq bigint  PRIMARY KEY REFERENCES audit (seq),
  step         integer NOT NULL,
  event_id     text,
  object_id    text,
  decision     text NOT NULL,      -- latest decision for this input
  reason       text,               -- latest held reason
  status       text NOT NULL CHECK (status IN ('held', 'unresolved', 'resolved')),
  resolution   text CHECK (resolution IN ('authority', 'reevaluated')),
  content      text NOT NULL,
  raw_text     text,
  CHECK ((status = 'resolved') = (resolution IS NOT NULL))
);
CREATE INDEX held_inputs_by_card ON held_inputs (object_id, delivery_seq)
  WHERE status IN ('held', 'unresolved');
CREATE INDEX held_inputs_by_event ON held_inputs (event_id);

CREATE VIEW replacement_counters AS
SELECT coalesce(sum(event_replacements), 0)::bigint         AS event,
       coalesce(sum(authoritative_replacements), 0)::bigint AS authoritative
  FROM cards;

-- Name locks (section 4): the absence of a row is locked through its name.
CREATE FUNCTION lock_event(event_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('event:' || event_id, 0))
$$;

CREATE FUNCTION lock_cards(object_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lock_key bigint;
BEGIN
  -- One fixed order for every transaction: ascending 64-bit key, duplicates removed.
  FOR lock_key IN
    SELECT DISTINCT hashtextextended('card:' || o, 0)
      FROM unnest(object_ids) AS o WHERE o IS NOT NULL ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
END $$;

-- Append-only audit and a first record that never changes, enforced by the database.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % refused: the table is append-only', TG_OP, TG_TABLE_NAME;
END $$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER first_record_kept BEFORE UPDATE ON identity_records
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
