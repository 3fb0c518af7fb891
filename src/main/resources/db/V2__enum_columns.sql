-- inboxcheck PostgreSQL receiver, schema version 2 (docs/storage-boundary.md section 3).
-- Runs once, in one transaction, after V1__schema.sql, inside the schema named by the search_path.
-- Every column that version 1 limited to a list of words with CHECK (column IN (...)) takes an enum
-- type with exactly those words instead: the same values are accepted and the same refused, NULL
-- included. PostgreSQL checks an enum value once, when it reads it; a CHECK constraint is read back
-- from its stored form and planned again by every statement that writes the table, which cost
-- a delivery about a tenth of its server time (docs/performance.md, "PostgreSQL receiver").
-- Version 2 also checks a card update's guard in the database (guard_card_write, below), and
-- locks one card without a query (lock_cards, below).

CREATE TYPE audit_kind AS ENUM
  ('delivery', 'authority', 'resolution', 'reevaluation', 'identity_pruned');
CREATE TYPE decision_kind AS ENUM ('APPLIED', 'DUPLICATE', 'STALE', 'SAME_STATE', 'HELD');
CREATE TYPE authority_outcome AS ENUM ('REPLACED', 'CONFIRMED', 'CREATED');
CREATE TYPE card_origin AS ENUM ('initial', 'authority');
CREATE TYPE held_status AS ENUM ('held', 'unresolved', 'resolved');
CREATE TYPE held_resolution AS ENUM ('authority', 'reevaluated');

ALTER TABLE audit
  DROP CONSTRAINT audit_kind_check,
  DROP CONSTRAINT audit_decision_check,
  DROP CONSTRAINT audit_outcome_check,
  ALTER COLUMN kind TYPE audit_kind USING kind::audit_kind,
  ALTER COLUMN decision TYPE decision_kind USING decision::decision_kind,
  ALTER COLUMN outcome TYPE authority_outcome USING outcome::authority_outcome;

ALTER TABLE cards
  DROP CONSTRAINT cards_origin_check,
  ALTER COLUMN origin TYPE card_origin USING origin::card_origin;

-- The index and the constraint that compare status with text are made again for the new types.
DROP INDEX held_inputs_by_card;
ALTER TABLE held_inputs
  DROP CONSTRAINT held_inputs_check,
  DROP CONSTRAINT held_inputs_status_check,
  DROP CONSTRAINT held_inputs_resolution_check,
  ALTER COLUMN status TYPE held_status USING status::held_status,
  ALTER COLUMN resolution TYPE held_resolution USING resolution::held_resolution,
  ADD CONSTRAINT held_inputs_check CHECK ((status = 'resolved') = (resolution IS NOT NULL));
CREATE INDEX held_inputs_by_card ON held_inputs (object_id, delivery_seq)
  WHERE status IN ('held', 'unresolved');

-- The guard of a card update, checked inside the statement that writes the card: an update that
-- did not change exactly the one row it read (changed since, by a writer outside the lock protocol)
-- aborts the transaction, so a COMMIT sent after it in the same round trip is skipped and nothing
-- of the delivery is written (docs/storage-boundary.md 5). The decision stays in Java: this only
-- compares a count. Returns the count.
CREATE FUNCTION guard_card_write(object_id text, changed bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
BEGIN
  IF changed <> 1 THEN
    RAISE EXCEPTION 'the store and the reducer disagree about %: the guarded update hit % rows',
      object_id, changed USING ERRCODE = 'IC001';
  END IF;
  RETURN changed;
END $$;

-- lock_cards as in version 1, with the common cases first: no name, or one, needs no sorted query
-- (a plain expression, which PL/pgSQL evaluates without starting the executor). The keys and their
-- order are those of version 1.
CREATE OR REPLACE FUNCTION lock_cards(object_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lock_key bigint;
BEGIN
  IF cardinality(object_ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(object_ids) = 1 THEN
    IF object_ids[1] IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtextextended('card:' || object_ids[1], 0));
    END IF;
    RETURN;
  END IF;
  -- One fixed order for every transaction: ascending 64-bit key, duplicates removed.
  FOR lock_key IN
    SELECT DISTINCT hashtextextended('card:' || o, 0)
      FROM unnest(object_ids) AS o WHERE o IS NOT NULL ORDER BY 1
  LOOP
    PERFORM pg_advisory_xact_lock(lock_key);
  END LOOP;
END $$;

INSERT INTO schema_version (version) VALUES (2);
